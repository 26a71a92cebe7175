"""The conformance suite a ruleset runs against itself.

A ruleset's tests enable it with three lines::

    from gunline.testing import RulesetConformance

    class TestConformance(RulesetConformance):
        ruleset = "mygame"

pytest then checks, for every example scenario the ruleset ships (``Ruleset.examples``)
and, for the checks marked *with variants*, under each of the ruleset's variants:

- ``test_declaration``: statuses in snake_case, strict Structs, a whole weapon behind
  every catalogue name, at least one example;
- ``test_every_entry_point_of_the_distribution_loads``: no entry point of the
  ruleset's distribution is broken (each is named with its error);
- ``test_example_resolves`` *(with variants)*: the file validates and resolves under
  several seeds into a chain that keeps the chain contract;
- ``test_same_seed_same_chain`` *(with variants)*: a seed always gives the same JSON,
  byte for byte, also in a new process with another hash seed;
- ``test_replay_gives_the_same_chain`` *(with variants)*: the chain's ``dice`` given as
  scripted dice give the same chain (the journal and ``--dice`` rely on it);
- ``test_hooks_leave_their_arguments_alone`` *(with variants)*;
- ``test_next_attack_starts_where_the_last_ended`` *(with variants)*: resolved again
  from the state the first attack left, as in an encounter;
- ``test_scenario_round_trip``: decode → encode → decode through the Structs (and
  through a TOML file) is equal;
- ``test_invalid_files_name_the_field``: mutated examples (unknown field, wrong type,
  missing field) are refused with one line naming the file and the field path;
- ``test_odds``: the odds of each final status sum to 1 and agree with the frequencies
  of seeded runs;
- ``test_actions`` *(with variants)*: each action between attacks the ruleset declares
  (``Ruleset.actions``), for everyone it may be about in the example and the rules
  allow: a seed gives one result, its dice replay it, its exact odds sum to 1 and
  agree with seeded runs, and no face is read beyond its roll's read.

For rule tests, :func:`chain_for` resolves a scenario file or dict with forced dice,
and :func:`odds_for` works out its odds.

The plugin (registered with pytest through the ``pytest11`` entry point of
``gunline``) parametrizes these tests; the class attributes below tune them.
"""

from __future__ import annotations

from .checks import ConformanceError
from .helpers import chain_for, odds_for, registry_of
from .suite import Case, RulesetConformance

__all__ = ["Case", "ConformanceError", "RulesetConformance", "chain_for", "odds_for", "registry_of"]
