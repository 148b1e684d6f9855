"""Words: the translation catalogues, Korean particles, display names, card and move descriptions."""
