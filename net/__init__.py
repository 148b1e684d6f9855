"""Online play: a refereeing game server, its client and a bot client (docs/protocol.md).

Layering: `net` imports `game` (and the standard library and `websockets`); `game` never
imports `net`, and the window (`ui`) uses `net.client` and `net.server.BackgroundServer`.
"""
