"""The gunline terminal app. Talks to gunline core only, never to a plugin."""
