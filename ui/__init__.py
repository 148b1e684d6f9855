"""The desktop window: scenes, widgets and drawing on top of pygame-ce."""
import os

# Keep pygame's import banner out of the console and test output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
