"""Draw the application icon (our own art) and write it as PNG, ICO and ICNS.

    python tools/make_icon.py          # writes assets/icon/agora-duel.{png,ico,icns}

PyInstaller needs .ico (Windows) and .icns (macOS); both formats can hold PNG images, so
they are assembled here from pygame-rendered PNGs without any imaging library.
"""

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ui.draw import art  # noqa: E402

OUT = ROOT / "assets" / "icon"


def render(size: int) -> pygame.Surface:
    """A bronze temple on a dark round seal: readable from 16 px to 1024 px."""
    big = 1024
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    pygame.draw.circle(surf, (74, 44, 24), (c, c), c - 8)
    pygame.draw.circle(surf, (196, 140, 72), (c, c), c - 8, 36)
    pygame.draw.circle(surf, (120, 78, 40), (c, c), c - 70, 10)
    emblem = art.temple_emblem(big / 260)
    w, h = emblem.get_size()
    if w > big * 0.66:
        emblem = pygame.transform.smoothscale(emblem, (int(big * 0.66), int(h * big * 0.66 / w)))
        w, h = emblem.get_size()
    surf.blit(emblem, (c - w // 2, c - h // 2 + big // 40))
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def write_ico(path: Path, sizes=(16, 24, 32, 48, 64, 128, 256)) -> None:
    images = [png_bytes(render(s)) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for size, png in zip(sizes, images):
        dim = 0 if size >= 256 else size          # 0 means 256 in the ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    path.write_bytes(header + entries + data)


def write_icns(path: Path) -> None:
    chunks = b""
    for kind, size in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024)):
        png = png_bytes(render(size))
        chunks += kind + struct.pack(">I", 8 + len(png)) + png
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(render(256), str(OUT / "agora-duel.png"))
    write_ico(OUT / "agora-duel.ico")
    write_icns(OUT / "agora-duel.icns")
    print(f"wrote {OUT}/agora-duel.png, .ico, .icns")


if __name__ == "__main__":
    main()
