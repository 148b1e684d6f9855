"""Where bundled files live, in a source checkout or in a frozen app."""
from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder that holds assets/ and data/."""
    # A PyInstaller build unpacks its data files under sys._MEIPASS with the same layout.
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]     # ui/files/paths.py -> the checkout


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def font_path(bold: bool = False) -> Path:
    name = "AgoraGothicBold.ttf" if bold else "AgoraGothic.ttf"
    return resource_path("assets", "fonts", name)


def locale_dir() -> Path:
    return resource_path("data", "locale")
