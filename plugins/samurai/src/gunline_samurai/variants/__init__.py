"""Other readings of what the seed leaves open, each a variant plugin."""
