"""The server's permessage-deflate: cheaper to compress, and small messages left as they are.

The same negotiation as websockets' default (4 KiB windows both ways), with two changes
that cut the server's work per action without changing a byte of what a client reads:
the fastest zlib level (an update is JSON with much repetition: level 1 keeps most of the
gain for a fraction of the time), and messages under `SMALL_BYTES` (a pong, a presence
note, an error) sent uncompressed, which RFC 7692 allows message by message (the frame's
RSV1 bit says which; every client decodes both).
"""
from __future__ import annotations

from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Opcode

SMALL_BYTES = 256           # below this, deflate saves a few bytes for more work than sending them
LEVEL = 1


class _SmallAsIs(PerMessageDeflate):
    def encode(self, frame):
        if frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY) and len(frame.data) < SMALL_BYTES:
            return frame            # one whole small message: sent uncompressed (RSV1 unset)
        return super().encode(frame)


class _Factory(ServerPerMessageDeflateFactory):
    def process_request_params(self, params, accepted_extensions):
        response, ext = super().process_request_params(params, accepted_extensions)
        ext.__class__ = _SmallAsIs  # same state, this class's encode
        return response, ext


def server_extensions() -> list:
    """What `serve(extensions=...)` takes in place of the default permessage-deflate."""
    return [_Factory(server_max_window_bits=12, client_max_window_bits=12,
                     compress_settings={"memLevel": 5, "level": LEVEL})]
