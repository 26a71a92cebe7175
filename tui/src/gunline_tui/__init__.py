"""The gunline terminal app. Talks to gunline core only, never to a plugin."""

import os

# Textual paints at most MAX_FPS frames a second, on a fixed beat: a change made
# between two beats waits for the next one, on average half a beat. At Textual's
# default of 60 that is up to 17 ms of the time from a keystroke to the redrawn
# chain; at 120 it is up to 8 ms. Frames are painted only when something changed, so
# an idle screen costs nothing more. Set before Textual is imported (it reads the
# variable once); a TEXTUAL_FPS of the user's own wins.
os.environ.setdefault("TEXTUAL_FPS", "120")
