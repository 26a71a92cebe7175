"""``gunline new-plugin``: write a complete, working ruleset distribution.

The templates (package data under ``templates/``) are a small d6 ruleset that uses
every hook a ruleset usually needs, with Structs, a catalogue, example scenarios,
rule tests and the conformance suite: a new author starts from something that
passes its own tests and changes it rule by rule. The writing is in :mod:`.project`,
where the distribution comes from in :mod:`.origin`; both are imported when used,
so that ``gunline --help`` does not pay for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .project import BUNDLED, FILES, MAX_NAME, NAME, check_free, generate, names, render

__getattr__, __dir__ = exports(__name__, {
    name: ".project"
    for name in ("BUNDLED", "FILES", "MAX_NAME", "NAME", "check_free", "generate", "names", "render")
})

__all__ = ["BUNDLED", "FILES", "MAX_NAME", "NAME", "check_free", "generate", "names", "render"]
