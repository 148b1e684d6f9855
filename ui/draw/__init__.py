"""Drawing primitives: the palette, fonts, the design-space layout, procedural art, widgets, the window's size."""
