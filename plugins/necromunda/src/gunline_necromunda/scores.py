"""A D6 roll of X+ where a natural 1 fails whatever X is.

"A 1 always misses" (to hit: BS 6 needs 1+, BS 7 0+, and still misses on a 1) and
"a 1 always fails" (saves): the same read for both.
"""

from __future__ import annotations

import msgspec


class score(msgspec.Struct, frozen=True, gc=False):
    """Whether a D6 scores ``n`` or more, a natural 1 failing whatever ``n`` is."""

    n: int

    def __call__(self, face: int) -> bool:
        return face != 1 and face >= self.n

    @property
    def need(self) -> str:
        """What the GM is told the die needs: ``2+`` for a score of 2 or less."""
        return f"{max(self.n, 2)}+"
