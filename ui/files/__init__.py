"""The player's files: where they live, saved games, settings, statistics (no pygame)."""
