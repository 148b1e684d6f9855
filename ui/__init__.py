"""The desktop window on top of pygame-ce, in packages by layer (docs/architecture.md)."""
import os

# Keep pygame's import banner out of the console and test output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
