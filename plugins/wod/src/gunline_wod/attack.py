"""Rolling a target's pool and turning its successes into damage.

Public so that variants can roll the same way with one thing changed (9-again).
"""

from __future__ import annotations

from gunline import ChainState, Dice, Modifier, Roll, Step
from gunline.dice import at_least, faces

from .health import status_of, take_damage
from .messages import _, _n
from .pool import SOURCE, STRAY, armor_counted, armor_label, avoided_of
from .schema import Target, WodAttack

#: Successes at which a roll is exceptional (no extra combat effect in the 2004 rules).
EXCEPTIONAL = 5
#: "Each die showing 8, 9 or 10 is a success."
SUCCESS = at_least(8)
#: The chance die: "only a 10 succeeds"; "a 1 is a dramatic failure".
CHANCE_SUCCESS = at_least(10)
DRAMATIC_FAILURE = "dramatic failure"
CHANCE_DIE = faces({1: DRAMATIC_FAILURE})
#: Key of ``state.attack``: the rolls of this attack that were dramatic failures with
#: no one to stray to (the ammo step jams the weapon for them).
DRAMATIC = "dramatic_failures"


def roll_chance_die(dice: Dice, name: str) -> tuple[int, bool, Roll]:
    """"If the pool falls to 0 or fewer dice, roll a single chance die. Only a 10
    succeeds, and that 10 is still re-rolled (10-again). A 1 is a dramatic failure":
    (successes, dramatic failure, the roll)."""
    chance_die = _("chance die")
    chance = dice.pool(1, _("attack pool"), sides=10, success=CHANCE_SUCCESS, read=CHANCE_DIE, again=10,
                       read_added=False, ask=chance_die, shown=chance_die, chance=True, target=name)
    # the 1 is read on the chance die itself: a die its 10 added is no dramatic failure
    return chance.value.successes, chance.value[DRAMATIC_FAILURE] == 1, chance.roll


def roll_pool(dice: Dice, size: int, label: str, name: str, again: int) -> tuple[int, bool, Roll]:
    """A pool of ``size`` dice (8+, ``again``-again), or the chance die at 0 or fewer:
    (successes, dramatic failure, the roll)."""
    if size > 0:
        rolled = dice.pool(size, label, sides=10, success=SUCCESS, again=again, target=name)
        return rolled.value.successes, False, rolled.roll
    return roll_chance_die(dice, name)


def roll_attack(target: Target, pool: Step, dice: Dice, *, again: int = 10) -> Step:
    """The ``hit`` step: roll the pool (or the chance die), value = successes.

    ``again`` lowers the reroll threshold (9-again) for real pools only: a chance
    die rerolls a 10 and nothing else.
    """
    successes, dramatic, roll = roll_pool(dice, int(pool.value or 0), _("attack pool"), target.name, again)
    return _hit(successes, dramatic, roll)


def _hit(successes: int, dramatic: bool, roll: Roll) -> Step:
    if dramatic:
        text = _("dramatic failure")
    elif successes == 0:
        text = _("no successes: missed")
    elif successes >= EXCEPTIONAL:
        text = _n("{n} success: exceptional success", "{n} successes: exceptional success", successes, n=successes)
    else:
        text = _n("{n} success", "{n} successes", successes, n=successes)
    return Step(
        kind="hit",
        value=successes,
        text=text,
        rolls=[roll],
        data={"successes": successes, "dramatic_failure": dramatic,
              "exceptional": successes >= EXCEPTIONAL},
    )


def resolve_hit(
    attack: WodAttack, target: Target, pool: Step, state: ChainState, dice: Dice, *, again: int = 10
) -> list[Step]:
    """The target's roll, whatever stands in the way (public: a variant that rolls
    otherwise calls it with its own ``again``). The weapon's own n-again (a
    shotgun's 9-again) counts too, the lower of the two. An avoided combatant is not
    rolled against unless a dramatic failure strays to him; a target behind full
    cover is reached through it (:func:`through_cover`). A dramatic failure on the
    roll at the target hits a random avoided combatant where there is one (a pool
    against him follows, as his own step), else it is left for the ammo step, which
    jams the weapon."""
    again = min(again, attack.weapon.again)
    data = pool.data or {}
    if data.get("avoided"):
        return [Step(kind="hit", value=0, text=_("avoided: not hit"))]
    if data.get("stray"):
        successes, dramatic, roll = roll_pool(dice, int(pool.value or 0), _("stray shot"), target.name, again)
        step = _hit(successes, False, roll)
        if dramatic:
            step.text = _("no successes: the stray shot misses him too")
        return [step]
    if target.cover_durability is not None:
        return through_cover(attack, target, pool, state, dice, again)
    step = roll_attack(target, pool, dice, again=again)
    return [dramatic_effect(attack, target, step, state, dice)]


def dramatic_effect(attack: WodAttack, target: Target, step: Step, state: ChainState, dice: Dice) -> Step:
    """A dramatic failure's effect: into close combat, "a random avoided person is
    hit" (rolled among them when there are several); otherwise the weapon jams,
    which the ammo step does once for the attack."""
    if not (step.data or {}).get("dramatic_failure"):
        return step
    avoided = [t.name for t in avoided_of(attack)]
    if not avoided:  # the ammo step says what it does to the weapon
        step.attack_state = {DRAMATIC: state.attack.get(DRAMATIC, 0) + 1}
        return step
    if len(avoided) == 1:
        hit = avoided[0]
    else:
        pick = dice.roll(len(avoided), _("stray shot: which avoided combatant"), target=target.name,
                         read=faces({i + 1: name for i, name in enumerate(avoided)}), need="")
        hit = pick.value
        step.rolls = [*step.rolls, pick.roll]
    step.text = _("dramatic failure: the shot strays to {name}", name=hit)
    step.attack_state = {STRAY: hit}
    return step


def through_cover(
    attack: WodAttack, target: Target, pool: Step, state: ChainState, dice: Dice, again: int
) -> list[Step]:
    """Full cover: "the cover is hit first. Successes above its Durability pass through
    as a new pool against the target, minus the target's armor." A ``cover`` step
    for the roll at the cover (its value: the successes that pass through), then the
    ``hit`` step of the new pool. Armor that takes every die that came through stops
    them: a chance die is for a pool the penalties empty before the roll, not for
    what got through."""
    durability = target.cover_durability or 0
    successes, dramatic, roll = roll_pool(dice, int(pool.value or 0), _("attack pool"), target.name, again)
    at_cover = _hit(successes, dramatic, roll)
    at_cover.kind = "cover"
    passing = max(0, successes - durability)
    at_cover.value = passing
    if dramatic:
        at_cover = dramatic_effect(attack, target, at_cover, state, dice)
        return [at_cover, Step(kind="hit", value=0, text=_("nothing reaches him"))]
    at_cover.text = (
        _n("{n} success at the cover (Durability {durability})", "{n} successes at the cover (Durability {durability})",
           successes, n=successes, durability=durability)
        + ": " + _n("{n} passes through", "{n} pass through", passing, n=passing)
    )
    if not passing:
        return [at_cover, Step(kind="hit", value=0, text=_("the cover stops the shot"))]
    armor = armor_counted(target, attack)
    terms = [Modifier(label=_("through the cover"), value=passing, source=SOURCE)]
    if target.armor:
        terms.append(Modifier(label=armor_label(target.armor, attack.weapon.armor_piercing), value=-armor,
                              source=SOURCE))
    size = passing - armor
    if size <= 0:
        text = _n("{n} through the cover, the armor stops it", "{n} through the cover, the armor stops them",
                  passing, n=passing)
        return [at_cover, Step(kind="hit", value=0, modifiers=terms, text=text)]
    through, _dramatic, roll = roll_pool(dice, size, _("through the cover"), target.name, again)
    hit = _hit(through, False, roll)
    hit.modifiers = terms
    hit.text = _n("{n} die through the cover: {hit}", "{n} dice through the cover: {hit}", size, n=size, hit=hit.text)
    return [at_cover, hit]


def damage_kind(target: Target) -> str:
    """Firearms deal lethal damage; bulletproof armor downgrades it to bashing."""
    return "bashing" if target.bulletproof else "lethal"


def wound(target: Target, hit: Step, state: ChainState) -> Step:
    """The ``wound`` step: each success is one point of damage on the Health track."""
    kind = damage_kind(target)
    points = int(hit.value or 0)
    before = state.targets.get(target.name, {})
    track = take_damage(before, kind, points, target.health)
    status = status_of(track, target.health)
    damage = damage_words(kind, points)
    if target.bulletproof:
        damage = _("{damage} (bulletproof armor)", damage=damage)
    text = f"{damage}, {status_words()[status]}"
    return Step(
        kind="wound",
        value=points,
        text=text,
        data={"damage": kind},
        target_state={**track, "status": status},
    )


def damage_words(kind: str, points: int) -> str:
    """Points of damage of a kind in words: "3 lethal"."""
    if kind == "bashing":
        return _n("{n} bashing", "{n} bashing", points, n=points)
    if kind == "aggravated":
        return _n("{n} aggravated", "{n} aggravated", points, n=points)
    return _n("{n} lethal", "{n} lethal", points, n=points)


#: A Health status (``bleeding_out``) in words, in the language in use.
status_words = _.per_language(lambda: {
    "unharmed": _("unharmed"), "injured": _("injured"), "unconscious": _("unconscious"),
    "bleeding_out": _("bleeding out"), "dead": _("dead"),
})


def outcome(attack: WodAttack, target: Target, state: ChainState) -> str:
    """The line read out to the players: "Farrow takes 3 lethal"."""
    name = target.name
    mine = state.steps_for(name)
    wounds = [s for s in mine if s.kind == "wound"]
    hits = [s for s in mine if s.kind in ("hit", "cover")]
    dramatic = next((h for h in hits if (h.data or {}).get("dramatic_failure")), None)
    if dramatic is not None:
        stray = (dramatic.attack_state or {}).get(STRAY)
        if stray is not None:
            return _("{name}: dramatic failure on the chance die: the shot strays to {other}", name=name, other=stray)
        if state.weapon.get("status") == "jammed":
            return _("{name}: dramatic failure on the chance die: the {weapon} jams", name=name,
                     weapon=attack.weapon.name)
        return _("{name}: dramatic failure on the chance die (the Storyteller decides: a jam or a stray hit)",
                 name=name)
    points = int(sum(s.value or 0 for s in wounds))
    if not points and target.avoided:
        return _("{name} (avoided) is not hit", name=name)
    if not points:
        return _("{name} is missed", name=name)
    damage = damage_words((wounds[-1].data or {}).get("damage", "lethal"), points)
    status = state.targets.get(name, {}).get("status", "injured")
    if status == "unconscious":
        return _("{name} takes {damage} and is unconscious", name=name, damage=damage)
    if status == "bleeding_out":
        return _("{name} takes {damage} and is bleeding out", name=name, damage=damage)
    if status == "dead":
        return _("{name} takes {damage} and is dead", name=name, damage=damage)
    if status != "injured":
        return _("{name} takes {damage} and is {status}", name=name, damage=damage,
                 status=status_words().get(status, status.replace("_", " ")))
    return _("{name} takes {damage}", name=name, damage=damage)
