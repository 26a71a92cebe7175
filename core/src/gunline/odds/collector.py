"""Only the youngest generation collected while an exact enumeration runs.

An enumeration builds up what it keeps to the end (its memos, the outcomes of each
hook call, the paths at a stage boundary): hundreds of thousands of small objects
with no cycles among them. CPython's cyclic collector walks each object that
survives a collection again in the next generation's, and runs a full collection
each time the survivors grow by a quarter, walking all of them; on the largest trees
of the scaling grid (``benchmarks/grid.py``) those walks took more time than the
enumeration itself and found nothing. So while it runs only the youngest generation
is collected (that is where the garbage cycles a hook call may leave are found);
what survives it is the enumeration's own and is not walked again.
"""

from __future__ import annotations

import gc
from contextlib import AbstractContextManager

from .nesting import Nesting

#: A threshold no count of younger collections reaches.
NEVER = 1 << 30

#: The thresholds before the first enumeration running.
_saved: tuple[int, ...] = ()


def _young_only() -> None:
    global _saved
    _saved = gc.get_threshold()
    gc.set_threshold(_saved[0], NEVER, NEVER)


def _put_back() -> None:
    """The thresholds as they were, unless someone else changed them meanwhile."""
    if gc.get_threshold() == (_saved[0], NEVER, NEVER):
        gc.set_threshold(*_saved)


_enumerations = Nesting(_put_back, first=_young_only)


def young_only() -> AbstractContextManager[None]:
    """Only the youngest generation collected inside the block (see the module);
    the thresholds are put back when the last enumeration running ends, unless
    someone else changed them meanwhile."""
    return _enumerations.inside()
