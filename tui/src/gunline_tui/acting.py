"""Actions between attacks in the app: the ruleset's actions offered for the
encounter, each for everyone it may be about in the scenario, with its odds, and
the one picked rolled and committed to the encounter (undone like a commit).

Kept out of the main screen (which only binds the key): the work runs off the event
loop, as every plugin's hook does (see :mod:`.offload`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gunline.runner import new_seed

from .screens.dialogs import PickDialog

if TYPE_CHECKING:
    from gunline.actions import Offer
    from gunline.models import Attack
    from gunline.odds import Odds

    from .screens.base import ScreenParts


def odds_words(odds: Odds, applies_to: str) -> str:
    """The outcomes an action can have, with their chances: "pinned 17% · down 67%"."""
    if applies_to == "target":
        status = next(iter(odds.targets.values())).status if odds.targets else {}
    elif applies_to == "weapon":
        status = odds.weapon.status
    else:
        status = odds.shooter.status
    shown = [(s, p) for s, p in status.items() if p > 0]
    if len(shown) == 1:
        return shown[0][0].replace("_", " ")
    return " · ".join(f"{s.replace('_', ' ')} {p:.0%}" for s, p in shown)


def offer_lines(registry: Any, attack: Attack, prior: Any) -> list[tuple[Offer, str]]:
    """Each action offered for ``attack`` from ``prior``, with its odds in words (or
    why the rules refuse it now). Runs plugin code: call it off the event loop."""
    from gunline.actions import offered
    from gunline.odds import action_odds

    stack = registry.stack(attack.ruleset, attack.variants)
    out = []
    for offer in offered(stack, attack, prior):
        if offer.refused:
            out.append((offer, f"not now: {offer.refused}"))
            continue
        odds = action_odds(registry, attack, offer.action, offer.who, prior=prior)
        out.append((offer, odds_words(odds, offer.applies_to)))
    return out


def offer_actions(screen: ScreenParts) -> None:
    """F2: pick an action of the scenario's ruleset and take it in the encounter."""
    name = screen._need_encounter()
    if name is None:
        return
    attack = screen.attack_or_say()
    if attack is None:
        return
    document = screen.model.draft.clean()

    def work() -> list[tuple[Offer, str]]:
        return offer_lines(screen.registry, attack, screen.encounter.prior(attack))

    def ready(lines: list[tuple[Offer, str]]) -> None:
        if not lines:
            screen.notify(f"the {attack.ruleset} rules have no actions between attacks", severity="warning")
            return
        options = [(f"{o.action} · {o.who}: {words}", str(i)) for i, (o, words) in enumerate(lines)]

        def picked(choice: str | None) -> None:
            if choice is None:
                return
            offer, words = lines[int(choice)]
            if offer.refused:
                screen.notify(offer.refused, title=f"{offer.action}: not now", severity="warning")
                return
            take(screen, name, attack, document, offer)

        screen.app.push_screen(PickDialog(f"Actions in {name} ({attack.ruleset})", options), picked)

    screen.off_loop.later(work, ready, lambda error: screen.work_failed(error, "no actions"),
                          group="act", description="Reading the actions")


def take(screen: ScreenParts, name: str, attack: Attack, document: dict[str, Any], offer: Offer) -> None:
    """Roll ``offer`` with a new seed and commit it to encounter ``name``."""
    seed = new_seed()

    def work() -> Any:
        return screen.encounter.journal().act(
            name, screen.registry, offer.action, who=offer.who, attack=attack, document=document, seed=seed
        )

    def done(result: Any) -> None:
        chain, _, entry = result
        line = f"⚑ #{entry.number} {offer.action}: " + "; ".join(chain.outcomes.values())
        screen._encounter_changed(line, f"{offer.action} committed as #{entry.number}")
        screen.notify(line, timeout=5)

    screen.off_loop.later(work, done, lambda error: screen.work_failed(error, "action not taken"),
                          group="act", description=f"Taking {offer.action}")


def actions_line(registry: Any, ruleset: str | None) -> str:
    """The encounter pane's line of the ruleset's actions, or "" when it has none."""
    if ruleset is None or ruleset not in registry.rulesets:
        return ""
    actions = registry.rulesets[ruleset].declaration.actions
    return f"actions (F3): {', '.join(sorted(actions))}" if actions else ""
