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
from .speech import _, said, term

if TYPE_CHECKING:
    from gunline.actions import Offer
    from gunline.models import Attack
    from gunline.odds import Odds

    from .screens.base import ScreenParts


def odds_words(odds: Odds, applies_to: str, packages: tuple[str, ...] = ()) -> str:
    """The outcomes an action can have, with their chances: "pinned 17% · down 67%";
    ``packages`` (the stack's) word the statuses."""
    if applies_to == "target":
        status = next(iter(odds.targets.values())).status if odds.targets else {}
    elif applies_to == "weapon":
        status = odds.weapon.status
    else:
        status = odds.shooter.status
    shown = [(s, p) for s, p in status.items() if p > 0]
    if len(shown) == 1:
        return term(shown[0][0], packages)
    return " · ".join(f"{term(s, packages)} {p:.0%}" for s, p in shown)


def offer_lines(registry: Any, attack: Attack, prior: Any) -> list[tuple[Offer, str]]:
    """Each action offered for ``attack`` from ``prior``, with its odds in words (or
    why the rules refuse it now). Runs plugin code: call it off the event loop."""
    from gunline.actions import offered
    from gunline.odds import action_odds

    stack = registry.stack(attack.ruleset, attack.variants)
    out = []
    for offer in offered(stack, attack, prior):
        if offer.refused:
            out.append((offer, _("not now: {why}", why=offer.refused)))
            continue
        odds = action_odds(registry, attack, offer.action, offer.who, prior=prior)
        out.append((offer, odds_words(odds, offer.applies_to, stack.packages)))
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
            screen.notify(_("the {ruleset} rules have no actions between attacks", ruleset=attack.ruleset),
                          severity="warning")
            return
        options = [(f"{said(o.action, packages)} · {o.who}: {words}", str(i)) for i, (o, words) in enumerate(lines)]

        def picked(choice: str | None) -> None:
            if choice is None:
                return
            offer, words = lines[int(choice)]
            if offer.refused:
                screen.notify(offer.refused, title=_("{action}: not now", action=said(offer.action, packages)),
                              severity="warning")
                return
            take(screen, name, attack, document, offer)

        screen.app.push_screen(PickDialog(_("Actions in {name} ({ruleset})", name=name, ruleset=attack.ruleset),
                                          options), picked)

    packages = screen.registry.packages(attack.ruleset, attack.variants)
    screen.off_loop.later(work, ready, lambda error: screen.work_failed(error, _("no actions")),
                          group="act", description="Reading the actions")


def take(screen: ScreenParts, name: str, attack: Attack, document: dict[str, Any], offer: Offer) -> None:
    """Roll ``offer`` with a new seed and commit it to encounter ``name``."""
    seed = new_seed()

    def work() -> Any:
        return screen.encounter.journal().act(
            name, screen.registry, offer.action, who=offer.who, attack=attack, document=document, seed=seed
        )

    action = said(offer.action, screen.registry.packages(attack.ruleset, attack.variants))

    def done(result: Any) -> None:
        chain, _state, entry = result
        line = f"⚑ #{entry.number} {action}: " + "; ".join(chain.outcomes.values())
        screen._encounter_changed(line, _("{action} committed as #{number}", action=action, number=entry.number))
        screen.notify(line, timeout=5)

    screen.off_loop.later(work, done, lambda error: screen.work_failed(error, _("action not taken")),
                          group="act", description=f"Taking {offer.action}")


def actions_line(registry: Any, ruleset: str | None) -> str:
    """The encounter pane's line of the ruleset's actions, or "" when it has none."""
    if ruleset is None or ruleset not in registry.rulesets:
        return ""
    actions = registry.rulesets[ruleset].declaration.actions
    if not actions:
        return ""
    names = ", ".join(said(a, lambda: registry.packages(ruleset)) for a in sorted(actions))
    return _("actions (F3): {names}", names=names)
