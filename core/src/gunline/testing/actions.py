"""The action checks: what the suite asks of an attack, asked of each action between
attacks a ruleset declares, for every example and everyone it may be about there.

For each action the rules allow (``check_action`` says nothing): a seed gives the
same result twice; its dice, replayed, give it again with none left over; its exact
odds sum to 1 and agree with seeded Monte Carlo that rolls every face; and no face
is read beyond what its roll declares (faces that read alike are swapped, as for an
attack). An action the rules refuse must be refused by the odds too, in one line.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ..actions import offered
from ..errors import AttackRefused
from ..models import ActionChain, Attack
from ..plugins import Registry
from ..runner import chain_json, run_action
from ..state import ChainState
from .checks import fail
from .odds import WIDEN_TO_Z, _sums, _widened


def _plain(chain: ActionChain) -> bytes:
    data = msgspec.json.decode(chain_json(chain))
    data["seed"] = None
    return msgspec.json.encode(data)


def check_actions(
    registry: Registry, attack: Attack, seeds: Sequence[int], samples: int, budget: int,
    prior: ChainState | None = None,
) -> int:
    """Run the checks above on every action ``attack``'s stack offers (from
    ``prior``, an encounter's state, if given); returns how many (action, fighter)
    pairs were allowed and checked."""
    from ..odds import action_odds

    stack = registry.stack(attack.ruleset, attack.variants)
    ruleset = stack.ruleset
    checked = 0
    for offer in offered(stack, attack, prior):
        where = f"action {offer.action} for {offer.who}"
        if offer.refused:
            try:
                action_odds(registry, attack, offer.action, offer.who, prior=prior, work=budget)
            except AttackRefused:
                continue
            raise fail(f"{where}: check_action refuses it ({offer.refused}) but its odds were computed")
        checked += 1
        for seed in seeds:
            chain, _ = run_action(registry, attack, offer.action, offer.who, seed=seed, prior=prior)
            again, _ = run_action(registry, attack, offer.action, offer.who, seed=seed, prior=prior)
            if chain_json(chain) != chain_json(again):
                raise fail(f"{where}, seed {seed}: the same seed gave another result")
            if not chain.steps or any(not s.source for s in chain.steps):
                raise fail(f"{where}, seed {seed}: resolve_action gave no step, or a step without a source")
            replayed, unused = run_action(registry, attack, offer.action, offer.who, faces=chain.dice,
                                          manual=False, prior=prior)
            if _plain(replayed) != _plain(chain) or unused:
                raise fail(f"{where}, seed {seed}: replaying its dice {chain.dice} gave another result")
        odds = action_odds(registry, attack, offer.action, offer.who, prior=prior, work=budget)
        mc = action_odds(registry, attack, offer.action, offer.who, prior=prior, samples=samples, every_face=True)
        problems = _sums(odds, ruleset, f"{where} (exact)") + _sums(mc, ruleset, f"{where} (Monte Carlo)")
        if odds.exact:
            pairs = []
            for name, target in odds.targets.items():
                ci = mc.targets[name].ci95
                assert ci is not None
                pairs += [(f"{name} {s}", p, mc.targets[name].status.get(s, 0.0), ci.status.get(s, (0.0, 0.0)))
                          for s, p in target.status.items()]
            for part, exact, other in (("weapon", odds.weapon, mc.weapon), ("shooter", odds.shooter, mc.shooter)):
                ci_parts = other.ci95
                assert ci_parts is not None
                pairs += [(f"{part} {s}", p, other.status.get(s, 0.0), ci_parts.status.get(s, (0.0, 0.0)))
                          for s, p in exact.status.items()]
            for label, p, estimate, interval in pairs:
                lo, hi = _widened(estimate, interval)
                if not lo <= p <= hi:
                    problems.append(
                        f"{where}: P({label}) is {p:.4f} exactly but {estimate:.4f} in {samples} seeded runs "
                        f"(widened to {WIDEN_TO_Z} standard errors); does the hook read a face beyond its roll's read?"
                    )
        problems += _reads(registry, attack, offer.action, offer.who, prior)
        if problems:
            raise fail("; ".join(problems))
    return checked


def _reads(registry: Registry, attack: Attack, action: str, who: str, prior: ChainState | None) -> list[str]:
    from ..actions import resolve_action
    from ..odds.leaf import summarize
    from ..odds.swaps import NotPure, reads_beyond_run

    stack = registry.stack(attack.ruleset, attack.variants)
    names = (who,) if stack.actions[action].applies_to == "target" else ()

    def run(dice):  # type: ignore[no-untyped-def]
        chain = resolve_action(stack, attack, action, who, dice, prior=prior, check=False)
        return summarize(chain, names, dice.pool_rolls), chain

    try:
        findings = reads_beyond_run(run, paths=60, replays=600)
    except NotPure as exc:
        return [f"action {action} for {who}: {exc}"]
    return [f"action {action} for {who}: a rule decides by faces beyond what it reads: {f.describe()}"
            for f in findings[:3]]
