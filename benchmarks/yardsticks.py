"""Yardsticks: what the same machine does in the same run with no gunline in it.

Every speed target of gunline is a ratio to one of these, measured beside it, so
that a shared or throttled machine moves both alike:

- ``bare_chain``: a pluggy chain of the four hooks an attack always calls
  (``modify_pool``, ``resolve_hit``, ``resolve_wound``, ``spend_ammo``), one no-op
  plugin, called once each per chain: the least any pluggy-based resolver pays;
- ``python -c "import pluggy, msgspec"`` (see ``startup.py``) for start-up;
- a bare Textual app's first frame (see ``tui_startup.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

_spec = pluggy.HookspecMarker("bare")
_impl = pluggy.HookimplMarker("bare")


class _Spec:
    @_spec
    def modify_pool(self, attack: Any, target: Any, state: Any) -> Any: ...

    @_spec(firstresult=True)
    def resolve_hit(self, attack: Any, target: Any, pool: Any, state: Any, dice: Any) -> Any: ...

    @_spec(firstresult=True)
    def resolve_wound(self, attack: Any, target: Any, hit: Any, state: Any, dice: Any) -> Any: ...

    @_spec(firstresult=True)
    def spend_ammo(self, attack: Any, state: Any, dice: Any) -> Any: ...


class _NoOp:
    @_impl
    def modify_pool(self, attack: Any, target: Any, state: Any) -> Any:
        return None

    @_impl
    def resolve_hit(self, attack: Any, target: Any, pool: Any, state: Any, dice: Any) -> Any:
        return None

    @_impl
    def resolve_wound(self, attack: Any, target: Any, hit: Any, state: Any, dice: Any) -> Any:
        return None

    @_impl
    def spend_ammo(self, attack: Any, state: Any, dice: Any) -> Any:
        return None


def bare_chain() -> Callable[[int], Any]:
    """``run(seed)``: one bare four-hook chain (the seed is ignored)."""
    pm = pluggy.PluginManager("bare")
    pm.add_hookspecs(_Spec)
    pm.register(_NoOp())
    hook = pm.hook

    def run(seed: int) -> Any:
        hook.modify_pool(attack=None, target=None, state=None)
        hook.resolve_hit(attack=None, target=None, pool=None, state=None, dice=None)
        hook.resolve_wound(attack=None, target=None, hit=None, state=None, dice=None)
        return hook.spend_ammo(attack=None, state=None, dice=None)

    return run
