"""The game table: session (engine + players), geometry, drawing, animation, text."""
