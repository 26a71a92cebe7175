"""When the exact odds should give up and sampling take over: by cost, not by count.

Enumeration starts at once. Most attacks are done long before :data:`GRACE`; the
few that are not, unless they are projected to be done within :data:`SHORT`, then ask
what sampling to the requested precision would cost (a short probe,
:func:`.sampling_cost`) and may go on only as long as that, or as the caller's time
budget, whichever is shorter. Past it, or as soon as what is left of the
work projects past it, :class:`TooSlow` ends the enumeration and the odds are sampled
instead. What is already spent is spent: an enumeration that reaches the time of
sampling with little left by its last projection goes on (to at most
:data:`MOST_SUNK` times that time), since finishing costs less than starting to
sample. So the odds are exact whenever exact is predicted to cost no more than the
sampling would, and never take much longer than the cheaper of the two.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..language import _
from .interpreter import TreeTooLarge

#: Seconds of enumeration before its cost is weighed against sampling.
GRACE = 0.1
#: An enumeration projected to take no longer than this in all is not weighed against
#: sampling at all (until it has run this long): finding out what sampling would cost
#: resolves a few hundred whole chains, which on a long chain costs as much as what is
#: left, and odds that are exact in this time are what the odds are for.
SHORT = 0.5
#: How many times the cost of sampling a nearly finished enumeration may take in all.
#: The projections count paths, not seconds, and the last paths of a stage are often
#: the dearest, so "nearly finished" is trusted only this far.
MOST_SUNK = 2.0


class TooSlow(TreeTooLarge):
    """Enumerating would cost more than the time allowed (``why`` says so in words)."""

    def __init__(self, why: str, *, estimated: bool = False) -> None:
        super().__init__(why, estimated=estimated)
        self.why = why


class Clock:
    """The time allowed to one exact enumeration (see the module).

    ``budget`` caps it in seconds (None: no cap of the caller's own); ``sampling()``
    says what sampling would cost instead, in seconds; it is asked once, after
    :data:`GRACE`, and only then (None: sampling is no alternative, only the budget
    counts)."""

    def __init__(
        self, budget: float | None, sampling: Callable[[], float] | None,
        report: Callable[[int, int], None] | None = None,
    ) -> None:
        self.start = time.process_time()
        self.wall_start = time.monotonic()
        #: ``report(done, total)``: told as each target's stage ends, so that a long
        #: enumeration says how far it has got as sampling does (it may raise to stop).
        self.report = report
        self.budget = budget
        self.sampling = sampling
        #: Seconds the enumeration may take, once known.
        self.allowed: float | None = budget if sampling is None else None
        #: What sampling would cost, once asked.
        self.sampling_seconds: float | None = None
        #: The share of the enumeration done, by its last projection.
        self.share: float | None = None
        #: Seconds spent before the part of the enumeration that ``share`` is of
        #: (a walk of one path through every target, which an attack on a thousand
        #: targets takes a while over, and no share of the work measures).
        self.since = 0.0

    def elapsed(self) -> float:
        """CPU seconds spent: what the enumeration is weighed by against sampling
        (whose probe is CPU time too), so that the choice is the same on a busy
        machine as on a quiet one."""
        return time.process_time() - self.start

    def waited(self) -> float:
        """Seconds the caller has waited: what a budget (``--budget 2s``) is of. The
        wall clock, which on a busy machine runs ahead of the CPU time; or the CPU
        time where that is more (another thread of the process at work too)."""
        return max(time.monotonic() - self.wall_start, self.elapsed())

    def _limit(self, elapsed: float) -> float | None:
        if self.allowed is None and self.sampling is not None and elapsed > GRACE:
            if self._short(elapsed):  # not weighed yet: only the caller's budget holds
                return self.budget
            self.sampling_seconds = self.sampling()
            self.allowed = self.sampling_seconds if self.budget is None else min(self.budget, self.sampling_seconds)
        return self.allowed

    def _short(self, elapsed: float) -> bool:
        """Whether the last projection says the enumeration takes :data:`SHORT` or
        less in all (and it has not run that long yet)."""
        share = self.share
        return share is not None and share > 0.0 and elapsed <= SHORT and self._total(elapsed, share) <= SHORT

    def _total(self, elapsed: float, share: float) -> float:
        """The seconds the whole enumeration takes, projected from ``share`` done."""
        since = min(self.since, elapsed)
        return since + (elapsed - since) / share

    def tick(self) -> None:
        """Raise :class:`TooSlow` once the enumeration has had its time (unless it is
        nearly done: see the module)."""
        elapsed = self.elapsed()
        allowed = self._limit(elapsed)
        if self.budget is not None and self.waited() > self.budget:
            raise TooSlow(self._why(_("took more than {seconds} s", seconds=format(self.budget, ".2g")),
                                    over_budget=True))
        if allowed is None or elapsed <= allowed or self._nearly_done(elapsed):
            return
        raise TooSlow(self._why(_("took more than {seconds} s", seconds=format(allowed, ".2g"))))

    def _nearly_done(self, elapsed: float) -> bool:
        """Whether finishing, by the last projection, costs less than sampling would."""
        sampling, share = self.sampling_seconds, self.share
        if sampling is None or not share or elapsed > MOST_SUNK * sampling:
            return False
        return self._total(elapsed, share) - elapsed <= sampling

    def stage(self, done: int, total: int) -> None:
        """``done`` of the attack's ``total`` targets are enumerated."""
        if self.report is not None:
            self.report(done, total)

    def project(self, done: float, since: float | None = None) -> None:
        """Raise :class:`TooSlow` when ``done`` (the share of the enumeration done so
        far, 0 to 1, of what began ``since`` seconds into it) projects what is left of
        it past the cost of sampling, or the whole past the caller's budget."""
        if done <= 0.0:
            return
        self.share = done
        if since is not None:
            self.since = since
        elapsed = self.elapsed()
        allowed = self._limit(elapsed)
        if allowed is None:
            return
        total = self._total(elapsed, done)
        if self.budget is not None:
            # in the caller's seconds: on a busy machine each CPU second takes longer
            # (read once there is enough of both to tell: a pause at the start is no rate)
            waiting = total * max(1.0, self.waited() / elapsed) if elapsed >= GRACE else total
            if waiting > self.budget:
                raise TooSlow(self._why(_("would take about {seconds} s", seconds=format(waiting, ".2g")),
                                        over_budget=True), estimated=True)
        if self.sampling_seconds is not None and total - elapsed > self.sampling_seconds:
            raise TooSlow(self._why(_("would take about {seconds} s", seconds=format(total, ".2g"))), estimated=True)

    def _why(self, exact: str, over_budget: bool = False) -> str:
        if not over_budget and self.sampling_seconds is not None and (
                self.budget is None or self.sampling_seconds <= self.budget):
            return _("enumerating every outcome {how_long}; sampling takes about {seconds} s", how_long=exact,
                     seconds=format(self.sampling_seconds, ".2g"))
        return _("enumerating every outcome {how_long}, past the time budget of {seconds} s", how_long=exact,
                 seconds=format(self.budget, "g"))
