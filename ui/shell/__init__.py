"""The application: the window, its render loop and the scene stack (ui/shell/app.py)."""
