"""Equal parts of the paths' states made once, and compared once.

A staged enumeration (:mod:`.stages`) keeps many paths whose states differ in one
dict or two: a hook result changes the target it was for and leaves the shooter, the
weapon and every other target as they were. States are copied on write and never
changed, so a part can be shared by every path that holds it, and what is worked out
of a part (its encoding for a merge key, its fingerprint for a memo or a group) can
be kept with it by identity:

* :meth:`Shared.merged` makes ``{**base, **change}`` once for each pair of dicts, so
  the paths that applied the same change to the same dict hold one object;
* :meth:`Shared.encoded` and :meth:`Shared.fingerprint` work a part out once per
  object. Each entry holds the object it was made from, so that its ``id`` is not
  reused while the entry lives.

Equal objects made twice still compare equal by value (their encodings do): sharing
saves time and memory, it never decides whether two paths merge.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import msgspec

from ..models import Step
from ..state import ChainState
from .leaf import Block, Blocks, new_block
from .reads import fingerprint

#: Merge keys: MessagePack tells int from str dict keys and NaN from None (JSON
#: does not); it writes tuples and sets as lists, which a state rarely mixes.
encode = msgspec.msgpack.Encoder().encode


def block_print(part: Block | None) -> list[Any]:
    """A block's summary in a fixed order, for keys and fingerprints."""
    if part is None:
        return [[], [], []]
    positive, sums, pools = part
    return [sorted(positive), sorted(sums.items()), sorted(pools.items())]


#: The fingerprint of a block with nothing in it, or of none.
NO_BLOCK: Hashable = ((), (), ())

#: The state of a target that has none (read, never changed).
EMPTY: dict[str, Any] = {}


def added(base: Block | None, more: Block) -> Block:
    """A block's summary with ``more`` added, as a new block."""
    p, s, q = more
    if base is None:
        return new_block((set(p), dict(s), dict(q)))
    positive, sums, pools = base.positive | p, dict(base.sums), dict(base.pools)
    for k, v in s.items():
        sums[k] = sums.get(k, 0) + v
    for k, v in q.items():
        pools[k] = pools.get(k, 0) + v
    return new_block((positive, sums, pools))


class Shared:
    """The parts made and worked out so far (see the module); :meth:`clear` drops
    them (at a stage boundary, where most paths end)."""

    def __init__(self, names: frozenset[str] = frozenset()) -> None:
        #: The attack's targets: a step giving a state to another is refused.
        self.names = names
        self._merged: dict[tuple[int, int], tuple[Any, Any, dict[str, Any]]] = {}
        self._combined: dict[tuple[int, int], tuple[Any, Any, Block]] = {}
        self._encoded: dict[int, tuple[Any, bytes]] = {}
        self._prints: dict[int, tuple[Any, Hashable | None]] = {}
        self._targets: dict[int, tuple[Any, frozenset[str], tuple[Any, ...]]] = {}

    def clear(self) -> None:
        self._merged.clear()
        self._combined.clear()
        self._encoded.clear()
        self._prints.clear()
        self._targets.clear()

    # -- making parts -------------------------------------------------------------------
    def merged(self, base: dict[str, Any] | None, change: dict[str, Any]) -> dict[str, Any]:
        """``{**base, **change}`` (``base`` None: a copy of ``change``), made once."""
        key = (id(base), id(change))
        found = self._merged.get(key)
        if found is not None:
            return found[2]
        made = {**base, **change} if base is not None else dict(change)
        self._merged[key] = (base, change, made)
        return made

    def apply(self, state: ChainState, steps: list[Step]) -> ChainState:
        """``state`` with ``steps`` merged, as a new state, its changed dicts shared
        with every other path that made the same change (see :meth:`merged`)."""
        shooter, weapon, attack, targets = state.shooter, state.weapon, state.attack, state.targets
        own = False
        merged = self.merged
        for step in steps:
            change = step.target_state
            name = step.target
            if change is not None and name is not None:
                base = targets.get(name)
                if base is None and name not in self.names:  # see engine.resolve
                    from ..engine import stranger

                    raise stranger(step, self.names, step.source or "?")
                if not own:
                    targets, own = dict(targets), True
                targets[name] = merged(base, change)
            if step.shooter_state is not None:
                shooter = merged(shooter, step.shooter_state)
            if step.weapon_state is not None:
                weapon = merged(weapon, step.weapon_state)
            if step.attack_state is not None:
                attack = merged(attack, step.attack_state)
        return ChainState(shooter=shooter, weapon=weapon, targets=targets, attack=attack,
                          steps=state.steps + steps if steps else state.steps,
                          shooter_as_target=state.shooter_as_target)

    def combine(self, partial: Blocks, delta: Blocks) -> Blocks:
        """``partial`` with an outcome's ``delta`` added, as a new dict; each block
        added made once for each pair."""
        out = dict(partial)
        combined = self._combined
        for who, more in delta.items():
            base = out.get(who)
            key = (id(base), id(more))
            found = combined.get(key)
            if found is not None:
                out[who] = found[2]
                continue
            block = added(base, more)
            combined[key] = (base, more, block)
            out[who] = block
        return out

    # -- working parts out -------------------------------------------------------------
    def targets_key(self, targets: dict[str, Any], finished: frozenset[str]) -> tuple[Any, ...]:
        """The targets' part of a merge key: each target's name and encoding, those
        in ``finished`` left out; made once per dict of targets (paths whose results
        changed no target share it)."""
        found = self._targets.get(id(targets))
        if found is not None and found[1] is finished:
            return found[2]
        encoded = self.encoded
        made = tuple([(n, encoded(d)) for n, d in targets.items() if n not in finished])
        self._targets[id(targets)] = (targets, finished, made)
        return made

    def encoded(self, part: Any) -> bytes:
        """``part``'s MessagePack encoding, made once per object (raises what the
        encoder raises)."""
        found = self._encoded.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        made = encode(part)
        self._encoded[id(part)] = (part, made)
        return made

    def block_encoded(self, part: Block) -> bytes:
        found = self._encoded.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        made = encode(block_print(part))
        self._encoded[id(part)] = (part, made)
        return made

    def fingerprint(self, part: Any) -> Hashable | None:
        """:func:`.reads.fingerprint` of ``[part]``, made once per object."""
        found = self._prints.get(id(part))
        if found is not None and found[0] is part:
            return found[1]
        made = fingerprint([part])
        self._prints[id(part)] = (part, made)
        return made

    def block_fingerprint(self, part: Block | None) -> Hashable:
        """A block's summary as a hashable value that tells apart what the tally
        would (an int from a float, 0.0 from -0.0); no block and an empty one alike."""
        if part is None:
            return NO_BLOCK
        found = self._prints.get(id(part))
        if found is not None:
            return found[1]
        positive, sums, pools = part
        made = (
            tuple(sorted(positive)),
            tuple(sorted([(k, v.__class__, repr(v) if v.__class__ is float else v) for k, v in sums.items()])),
            tuple(sorted([(k, v.__class__, repr(v) if v.__class__ is float else v) for k, v in pools.items()])),
        )
        self._prints[id(part)] = (part, made)
        return made
