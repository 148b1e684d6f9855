"""The screens and overlays on the App's scene stack (the Scene base class: base.py).

The screens other scenes open by name (base.py `screen`) register when their module is
imported; importing them here means that importing any scene knows them all.
"""
from ui.scenes import analysis, gameover, online_menu  # noqa: F401  (register their screens)
