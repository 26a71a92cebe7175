"""The encounter journal: state that outlives the process (rounds left, wounds,
statuses, broken weapons) and every committed action, in one SQLite file.

For programs (the TUI)::

    from gunline.journal import Journal

    with Journal(path_or_None) as journal:
        chain, unused, entry = journal.resolve("pit fight", registry, attack, document, seed=7)
        journal.reload("pit fight", registry, attack=attack)
        chain, unused, entry = journal.act("pit fight", registry, "recovery", who="Bo", seed=7)
        journal.undo("pit fight")
        journal.state("pit fight"); journal.entries("pit fight"); journal.encounters()
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .atomic import write_atomic
    from .export import export_data, export_json, export_markdown
    from .ledger import Journal, StaleState
    from .models import Change, EncounterState, EncounterSummary, Entry
    from .paths import ENV_JOURNAL, data_dir, journal_path
    from .schema import SCHEMA_VERSION
    from .verify import problems

__getattr__, __dir__ = exports(__name__, {
    "write_atomic": ".atomic",
    "export_data": ".export",
    "export_json": ".export",
    "export_markdown": ".export",
    "Journal": ".ledger",
    "StaleState": ".ledger",
    "Change": ".models",
    "EncounterState": ".models",
    "EncounterSummary": ".models",
    "Entry": ".models",
    "ENV_JOURNAL": ".paths",
    "data_dir": ".paths",
    "journal_path": ".paths",
    "SCHEMA_VERSION": ".schema",
    "problems": ".verify",
})


__all__ = [
    "ENV_JOURNAL",
    "SCHEMA_VERSION",
    "Change",
    "EncounterState",
    "EncounterSummary",
    "Entry",
    "Journal",
    "StaleState",
    "data_dir",
    "export_data",
    "export_json",
    "export_markdown",
    "journal_path",
    "problems",
    "write_atomic",
]
