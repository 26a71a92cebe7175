"""Step 7 of the sequence: the hit rolls.

Without return fire each shot is a plain test on «Умение стрелять» (Shooting) [SEED];
a charge leaves them plain. A dodge, whose own section is missing from the seed, is
by default a test as the seed calls it: each shot a comparative test of the
shooter's Shooting against the target's Agility, whose wins only save it (the
``samurai.plain-dodge`` reading leaves the shots plain; see :mod:`.readings`). A
side that rolls a Catastrophic Failure in a hit test scores nothing in it (it
«forbids strikes»). Against return fire the hits come from a comparative test, each
side rolling a die per shot [SEED]: the winner's net Lucky Chances are wounds at once,
its ordinary wins are hits, and only the loser can be hurt. When the reacting side
wins, its wins land on the shooter: they wait in ``state.attack`` for step 8, the
wound rolls, which for the shooter come once every target's hit rolls are made
(all shots and all reactions happen at once [SEED]); see :func:`return_fire_steps`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from gunline import ChainState, Dice, Modifier, Roll, Step

from . import losses
from .characteristic import Die, judge, judged, need_text, passed, ranked, shown
from .comparative import Verdict, against, compare
from .readings import Readings, readings_of
from .schema import SamuraiAttack, Settings, Target, settings_of
from .sequence import reaction_of, shots_at
from .wounding import Defence, wound_hits

COVER = -2


def _skill(pool: Step) -> int:
    """The shooter's Shooting, modified: the pool step's value."""
    return int(pool.value or 0)


def _shots(dice: Dice, n: int, value: int, label: str, settings: Settings, who: str,
           read: Callable[[int], Hashable]) -> tuple[list[Roll], list[Any]]:
    """A die per shot against ``value``, each read by ``read``: the rolls shown and
    the readings. Several shots are rolled at once, a pool read die by die (the
    order of the readings is not the dice's), shown as a roll per shot."""
    if n < 1:
        return [], []
    if n == 1:
        shot = dice.roll(settings.die, label, read=read, need=need_text(value, settings), target=who)
        return [shot.roll], [shot.value]
    pool = dice.pool(n, label, sides=settings.die, success=passed(value), read=read, target=who)
    need = need_text(value, settings)
    rolls = [Roll(label=f"{label}, shot {i} of {n}", dice=f"1d{settings.die}", values=[face], total=face,
                  need=need, manual=pool.roll.manual) for i, face in enumerate(pool.roll.values, 1)]
    return rolls, [reading for reading, times in pool.value.items() for _ in range(times)]


def _faces(rolls: list[Roll], value: int, settings: Settings) -> str:
    return shown([r.total for r in rolls], value, settings)


def _defending(dice: Dice, attacker: list[Die], n: int, value: int, label: str, settings: Settings,
               who: str, catastrophe: bool) -> tuple[list[Roll], Verdict]:
    """The defending side's dice of a comparative test, rolled after the attacker's,
    and the verdict. A single die reads only the verdict it brings about; several are
    ranked and compared with the attacker's."""
    if n == 1:
        shot = dice.roll(settings.die, label, read=against(attacker, value, settings, catastrophe=catastrophe),
                         need=need_text(value, settings), target=who)
        return [shot.roll], shot.value
    rolls, defender = _shots(dice, n, value, label, settings, who, ranked(value, settings, catastrophe))
    return rolls, compare(attacker, defender, settings.comparative_ties, catastrophe)


def _hit_step(lucky: int, hits: int, rolls: list[Roll], text: str, lucky_wounds: bool, **data: Any) -> Step:
    """The hit step: ``value`` counts every hit; ``data`` says which are wounds at once."""
    if not lucky_wounds:
        lucky, hits = 0, hits + lucky
    return Step(kind="hit", value=lucky + hits, rolls=rolls, text=text,
                data={"lucky": lucky, "hits": hits, **data})


def _catastrophe(who: str, what: str) -> str:
    return f"; {who}'s Catastrophic Failure forbids {what}: it scores nothing"


def _voided(dice: list[Die], readings: Readings) -> bool:
    return readings.catastrophe_voids and any(d.catastrophic for d in dice)


def _catastrophic_faces(rolls: list[Roll], value: int, settings: Settings) -> bool:
    """Whether the faces shown hold a Catastrophic Failure: for the chain's text
    (the rule decided by what it read)."""
    return any(judge(r.total, value, settings).catastrophic for r in rolls)


def plain(attack: SamuraiAttack, target: Target, pool: Step, reaction: dict[str, Any], dice: Dice,
          readings: Readings) -> Step:
    """«В отсутствие реакции цели определение попаданий производится как обычный
    тест на «Умение стрелять»»: one plain Shooting test per shot, «число выстрелов,
    равное её характеристике «Атаки»». A success is a hit, a Lucky Chance too (a
    wound at once under ``lucky_wounds``). A Catastrophic Failure among the dice
    voids them all (unless it is one failed die, as under
    ``samurai.catastrophe-one-die``)."""
    settings = settings_of(attack)
    skill = _skill(pool)
    n = shots_at(attack, target)
    rolls, results = _shots(dice, n, skill, "to hit", settings, target.name, judged(skill, settings))
    lucky = results.count("lucky")
    hits = results.count("success")
    total = lucky + hits
    text = f"plain tests: {_faces(rolls, skill, settings)}: "
    if readings.catastrophe_voids and "catastrophic" in results:
        lucky = hits = 0
        text += "no hit" + _catastrophe(attack.shooter.name, "its shots")
    else:
        text += f"{total} hit{'s' if total != 1 else ''}"
        if lucky and readings.lucky_wounds:
            text += f", {lucky} of them Lucky Chance{'s' if lucky != 1 else ''}: a wound at once"
    effective = reaction.get("effective", "none")
    if effective == "dodge":
        text = f"{target.name} dodges (the shots stay plain tests); " + text
    elif effective == "charge":
        text += f"; then {reaction['by']} charges {attack.shooter.name}"
    return _hit_step(lucky, hits, rolls, text, readings.lucky_wounds, test="plain")


def dodge_on_agility(attack: SamuraiAttack, target: Target, pool: Step, dice: Dice, readings: Readings) -> Step:
    """A dodge as a test on Agility: the shooter's Shooting against the target's
    Agility, a die a shot each; the dodger's wins only save it, and the shooter's
    wins are hits (its Lucky Chances wounds at once, as in an exchange of fire)."""
    settings = settings_of(attack)
    skill, agility = _skill(pool), target.agility or 0
    n = shots_at(attack, target)
    voids = readings.catastrophe_voids
    rolls, mine = _shots(dice, n, skill, "to hit", settings, target.name, ranked(skill, settings, voids))
    theirs, result = _defending(dice, mine, n, agility, f"{target.name} dodges (Agility)", settings, target.name,
                                voids)
    won = result.winner == "attacker"
    lucky, hits = (result.lucky, result.wins) if won else (0, 0)
    verdict = f"{lucky + hits} hit{'s' if lucky + hits != 1 else ''}" if won else "the dodge saves it"
    if _voided(mine, readings):
        verdict += _catastrophe(attack.shooter.name, "its shots")
    text = (f"{target.name} dodges: comparative test {_faces(rolls, skill, settings)} vs "
            f"{_faces(theirs, agility, settings)}: {verdict}")
    if voids and _catastrophic_faces(theirs, agility, settings):
        text += _catastrophe(target.name, "its dodge")
    return _hit_step(lucky, hits, rolls + theirs, text, readings.lucky_wounds, test="dodge")


def exchange(attack: SamuraiAttack, target: Target, pool: Step, reaction: dict[str, Any], state: ChainState,
             dice: Dice, readings: Readings) -> list[Step]:
    """Return fire: «число попаданий определяется сравнительным тестом на «Умение
    стрелять». При этом за каждую модель делается столько бросков игральных костей,
    сколько выстрелов она может сделать»: the shooter's dice against the reacting
    side's, the winner's net Lucky Chances wounds at once, its ordinary wins hits.
    A side's Catastrophic Failure voids its dice (the other side's wins stand)."""
    settings = settings_of(attack)
    shooter = attack.shooter
    by = reaction["by"]
    voids = readings.catastrophe_voids
    shooting, n = _skill(pool), shots_at(attack, target)
    rolls, mine = _shots(dice, n, shooting, "to hit", settings, target.name, ranked(shooting, settings, voids))
    modifiers = []
    skill = reaction["shooting"]
    if shooter.partly_hidden:
        modifiers.append(Modifier(label=f"{shooter.name} partly hidden, to {by}'s return fire", value=COVER))
        skill += COVER
    their_rolls, result = _defending(dice, mine, reaction["shots"], skill, f"{by}, return fire", settings, by,
                                     voids)
    duel = f"{shooter.name} {_faces(rolls, shooting, settings)} vs {by} {_faces(their_rolls, skill, settings)}"
    if _voided(mine, readings):
        duel += _catastrophe(shooter.name, "its shots")
    if voids and _catastrophic_faces(their_rolls, skill, settings):
        duel += _catastrophe(by, "its return fire")
    data = {"test": "return_fire", "winner": None, "skill": skill}
    if result.winner == "attacker":
        data["winner"] = shooter.name
        text = f"exchange: {duel}: {shooter.name} wins" + _gains(result.lucky, result.wins)
        return [Step(kind="hit", value=result.lucky + result.wins, rolls=rolls + their_rolls, modifiers=modifiers,
                     text=text, data={"lucky": result.lucky, "hits": result.wins, **data})]
    if result.winner is None:
        text = f"exchange: {duel}: nobody wins, nobody is hurt"
        return [Step(kind="hit", value=0, rolls=rolls + their_rolls, modifiers=modifiers, text=text,
                     data={"lucky": 0, "hits": 0, **data})]
    data["winner"] = by
    text = f"exchange: {duel}: {by} wins" + _gains(result.lucky, result.wins) + f"; {target.name} is not hit"
    waiting = {"target": target.name, "by": by, "strength": reaction["strength"],
               "lucky": result.lucky, "hits": result.wins}
    hit = Step(kind="hit", value=0, rolls=rolls + their_rolls, modifiers=modifiers, text=text,
               data={"lucky": 0, "hits": 0, "against_shooter": {"lucky": result.lucky, "hits": result.wins}, **data},
               attack_state={RETURN_FIRE: [*state.attack.get(RETURN_FIRE, []), waiting]})
    return [hit]


def _gains(lucky: int, wins: int) -> str:
    parts = []
    if lucky:
        parts.append(f"{lucky} Lucky Chance{'s' if lucky != 1 else ''} (wounds at once)")
    if wins:
        parts.append(f"{wins} hit{'s' if wins != 1 else ''}")
    return " with " + " and ".join(parts) if parts else ""


#: Key of ``state.attack``: the exchanges the shooter lost, in order, each waiting
#: for its wound rolls: ``{"target", "by", "strength", "lucky", "hits"}``.
RETURN_FIRE = "return_fire"


def return_fire_wounds(
    attack: SamuraiAttack, waiting: dict[str, Any], shooter_state: dict[str, Any], dice: Dice
) -> Step:
    """The shooter's wounds from one exchange it lost: the ``return_fire`` step."""
    shooter = attack.shooter
    defence = Defence(name=shooter.name, body=shooter.body, protection=shooter.protection,
                      durability=shooter.durability)
    before = {k: v for k, v in shooter_state.items() if k in ("status", "wounds_left")}
    result = wound_hits(dice, settings_of(attack), strength=waiting["strength"], defence=defence,
                        state=before, hits=waiting["hits"], lucky=waiting["lucky"])
    text = "; ".join(result.lines) + f"; {shooter.name}: {losses.words(result.state, shooter.wounds)}"
    return Step(kind="return_fire", value=result.wounds, rolls=result.rolls, text=text, target=waiting["target"],
                shooter_state=result.state, data={"by": waiting["by"], "kills": result.kills})


def return_fire_steps(attack: SamuraiAttack, state: ChainState, dice: Dice) -> tuple[list[Step], dict[str, Any]]:
    """Step 8 for the shooter: the wound rolls of every exchange it lost, in the
    order of the targets, each on the shooter as the one before left it. Returns the
    ``return_fire`` steps and the shooter's state after them."""
    shooter = dict(state.shooter)
    steps = []
    for waiting in state.attack.get(RETURN_FIRE, []):
        step = return_fire_wounds(attack, waiting, shooter, dice)
        shooter.update(step.shooter_state or {})
        steps.append(step)
    return steps, shooter


def resolve(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    """The hit step(s) for ``target``, under the readings the attack's variants and
    settings choose (:mod:`.readings`)."""
    readings = readings_of(attack)
    reaction = reaction_of(state, target.name)
    effective = reaction.get("effective", "none")
    if effective == "return_fire":
        return exchange(attack, target, pool, reaction, state, dice, readings)
    if effective == "dodge" and readings.dodge == "agility_test":
        return [dodge_on_agility(attack, target, pool, dice, readings)]
    return [plain(attack, target, pool, reaction, dice, readings)]
