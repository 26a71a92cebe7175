"""What the main screen's parts share: its state, and the methods one part calls on
another. :class:`~gunline_tui.screens.main.MainScreen` is made of parts, each a
subclass of this one (resolving, files, the encounter); the main screen inherits them
all and defines what this declares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from pathlib import Path

    from gunline.errors import GunlineError, PluginFailed
    from gunline.models import Attack, Chain
    from gunline.plugins import Registry

    from ..encounter import Encounter
    from ..files import Files
    from ..logbook import Logbook
    from ..model import ScenarioModel
    from ..offload import OffLoop
    from ..widgets.log_space import LogSpace
    from ..widgets.log_view import LogView
    from .resolving import Job


class ScreenParts(Screen[None]):
    registry: Registry
    model: ScenarioModel
    encounter: Encounter
    files: Files
    #: Where this app writes its draft (None: ``draft.toml`` in the data directory).
    draft_file: Path | None
    logbook: Logbook
    #: Bumped whenever the encounter's state may have changed: chains and odds of an
    #: older epoch are stale.
    epoch: int
    #: The chain on show and the job it came from, while it may be committed.
    shown: tuple[Job, Chain] | None
    chain: Chain | None
    basis: Chain | None
    attack: Attack | None
    problem: str | None
    refusal: str | None
    last_attack: Attack | None
    seed: int
    redrawn_at: float
    odds: Any
    odds_key: bytes | None
    _odds_timer: Any

    @property
    def off_loop(self) -> OffLoop:
        raise NotImplementedError

    @property
    def log_view(self) -> LogView | LogSpace:
        """The log below the chain; until the first frame is on screen, its stand-in,
        which keeps what is logged for it (see :mod:`gunline_tui.widgets.log_space`)."""
        return self.query_one("#log")  # type: ignore[return-value]

    # -- the main screen's --------------------------------------------------------------
    def set_status(self, message: str) -> None:
        raise NotImplementedError

    def _update_status(self, extra: str = "") -> None:
        raise NotImplementedError

    async def after_change(self, focus: str | None = None) -> None:
        raise NotImplementedError

    def plugin_failed(self, error: PluginFailed) -> None:
        raise NotImplementedError

    def _save_draft(self) -> None:
        raise NotImplementedError

    # -- resolving's ----------------------------------------------------------------------
    def validate_and_preview(self, log: str | None = None) -> None:
        raise NotImplementedError

    def current_attack(self) -> Attack | None:
        raise NotImplementedError

    def attack_or_say(self) -> Attack | None:
        raise NotImplementedError

    def _show_pane(self, pane: str) -> None:
        raise NotImplementedError

    def _job_failed(self, error: BaseException | None) -> None:
        raise NotImplementedError

    def odds_key_of(self, attack: Attack) -> bytes:
        raise NotImplementedError

    # -- the encounter's ----------------------------------------------------------------
    def refresh_encounter(self) -> Any:
        raise NotImplementedError

    def _need_encounter(self) -> str | None:
        raise NotImplementedError

    def _encounter_changed(self, line: str, status: str) -> None:
        raise NotImplementedError

    def _journal_problem(self, error: GunlineError, title: str) -> None:
        raise NotImplementedError

    def work_failed(self, error: BaseException, title: str) -> None:
        raise NotImplementedError

    # -- the files' ---------------------------------------------------------------------
    def action_export(self) -> None:
        raise NotImplementedError

    async def save(self, then: Callable[[], Awaitable[None]] | None = None) -> None:
        raise NotImplementedError

    # -- replacing's --------------------------------------------------------------------
    async def replace_unsaved(self, what: str, go: Callable[[], Awaitable[None]],
                              keep: Callable[[], None] | None = None) -> None:
        raise NotImplementedError
