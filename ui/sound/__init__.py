"""Sound: one shared player for game events and the interface."""
