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
from typing import Any, NamedTuple

from gunline import ChainState, Dice, Modifier, Roll, Step

from . import volleys
from .characteristic import FAILED, Die, judge, judged, need_text, passed, ranked, shown
from .comparative import Verdict, against, compare
from .messages import _, _n
from .readings import Readings, readings_of
from .schema import SamuraiAttack, Settings, Target, settings_of
from .sequence import reaction_of
from .volleys import Volley, volleys_at
from .wounding import Defence, wound_hits

COVER = -2


def _skill(pool: Step) -> int:
    """The shooter's Shooting, modified: the pool step's value."""
    return int(pool.value or 0)


def _shots(dice: Dice, n: int, value: int, label: str, settings: Settings, who: str,
           read: Callable[[int], Hashable], by: str | None = None) -> tuple[list[Roll], list[Any]]:
    """A die per shot against ``value``, each read by ``read``: the rolls shown and
    the readings. Several shots are rolled at once, a pool read die by die (the
    order of the readings is not the dice's), shown as a roll per shot. ``who`` is
    the model the shots are about, ``by`` the model rolling them, when another."""
    if n < 1:
        return [], []
    if n == 1:
        shot = dice.roll(settings.die, label, read=read, need=need_text(value, settings), target=who, by=by)
        return [shot.roll], [shot.value]
    pool = dice.pool(n, label, sides=settings.die, success=passed(value), read=read, target=who, by=by)
    need = need_text(value, settings)
    rolls = [Roll(label=_("{label}, shot {i} of {n}", label=label, i=i, n=n), dice=f"1d{settings.die}",
                  values=[face], total=face, need=need, manual=pool.roll.manual)
             for i, face in enumerate(pool.roll.values, 1)]
    return rolls, [reading for reading, times in pool.value.items() for _time in range(times)]


def _faces(rolls: list[Roll], value: int, settings: Settings) -> str:
    return shown([r.total for r in rolls], value, settings)


def _defending(dice: Dice, attacker: list[Die], n: int, value: int, label: str, settings: Settings,
               who: str, catastrophe: bool) -> tuple[list[Roll], Verdict]:
    """The defending side's dice of a comparative test, rolled after the attacker's,
    and the verdict. A single die reads only the verdict it brings about; several are
    ranked and compared with the attacker's. (A Catastrophic Failure is told from a
    failure only where it can void other dice: a side of one die, or a model of a
    unit with one shot, fails the same either way.)"""
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
    """``what`` the Catastrophic Failure forbids: ``shots``, ``dodge`` or ``return_fire``."""
    if what == "dodge":
        said = _("{who}'s Catastrophic Failure forbids its dodge: it scores nothing", who=who)
    elif what == "return_fire":
        said = _("{who}'s Catastrophic Failure forbids its return fire: it scores nothing", who=who)
    else:
        said = _("{who}'s Catastrophic Failure forbids its shots: it scores nothing", who=who)
    return "; " + said


def _voided(dice: list[Die], readings: Readings) -> bool:
    return readings.catastrophe_voids and any(d.catastrophic for d in dice)


def _catastrophic_faces(rolls: list[Roll], value: int, settings: Settings) -> bool:
    """Whether the faces shown hold a Catastrophic Failure: for the chain's text
    (the rule decided by what it read)."""
    return any(judge(r.total, value, settings).catastrophic for r in rolls)


class Fired(NamedTuple):
    """One volley's dice at a target: the volley, the modified Shooting its shots
    were tested against, the rolls shown and what the rule read of each die."""

    volley: Volley
    skill: int
    rolls: list[Roll]
    reads: list[Any]


def _skill_of(pool: Step, volley: Volley) -> int:
    """A volley's modified Shooting: the pool's, or for a unit its model's own."""
    skills = (pool.data or {}).get("skills")
    if skills and volley.model in skills:
        return int(skills[volley.model])
    return _skill(pool)


def _fire(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice,
          read: Callable[[int, int], Callable[[int], Hashable]]) -> list[Fired]:
    """Every volley's dice at ``target``, model by model, each die read by
    ``read(skill, shots)``: a lone shooter's shots are one volley, labelled ``to hit``."""
    settings = settings_of(attack)
    out = []
    for v in volleys_at(attack, target, state.shooter):
        skill = _skill_of(pool, v)
        label = _("to hit") if v.model is None else _("to hit ({model})", model=v.model)
        rolls, reads = _shots(dice, v.shots, skill, label, settings, target.name, read(skill, v.shots),
                              by=v.model or attack.shooter.name)
        out.append(Fired(v, skill, rolls, reads))
    return out


def _side_faces(attack: SamuraiAttack, fired: list[Fired]) -> str:
    """The shooting side's dice in words: a lone shooter's, or each model's."""
    settings = settings_of(attack)
    if len(fired) == 1 and fired[0].volley.model is None:
        return f"{attack.shooter.name} {_faces(fired[0].rolls, fired[0].skill, settings)}"
    return "; ".join(f"{f.volley.model} {_faces(f.rolls, f.skill, settings)}" for f in fired) or _("no shots")


def _side_dice(fired: list[Fired], readings: Readings) -> tuple[list[Die], list[str]]:
    """The shooting side's dice for a comparative test, and who voided theirs: a
    model's Catastrophic Failure forbids its own strikes (its dice all fail)."""
    out: list[Die] = []
    voided: list[str] = []
    for f in fired:
        if _voided(f.reads, readings):
            out += [FAILED] * len(f.reads)
            voided.append(f.volley.model or "")
        else:
            out += f.reads
    return out, voided


def _strength(attack: SamuraiAttack, fired: list[Fired]) -> int:
    """Body + Damage of the shooting side's wound tests: the shooter's, or the one
    most of a unit's shots at the target are fired with."""
    aimed = [f.volley for f in fired]
    body = volleys.main(aimed, "body") if aimed else attack.shooter.body
    return body + attack.weapon.damage


def plain(attack: SamuraiAttack, target: Target, pool: Step, reaction: dict[str, Any], state: ChainState,
          dice: Dice, readings: Readings) -> Step:
    """«В отсутствие реакции цели определение попаданий производится как обычный
    тест на «Умение стрелять»»: one plain Shooting test per shot, «число выстрелов,
    равное её характеристике «Атаки»». A success is a hit, a Lucky Chance too (a
    wound at once under ``lucky_wounds``). A Catastrophic Failure among a model's
    dice voids them all (unless it is one failed die, as under
    ``samurai.catastrophe-one-die``). A unit's models each roll their own shots."""
    settings = settings_of(attack)
    fired = _fire(attack, target, pool, state, dice, lambda skill, shots: judged(skill, settings))
    lucky = hits = 0
    parts, shown = [], []
    for f in fired:
        one = f.reads.count("lucky")
        ordinary = f.reads.count("success")
        who = f.volley.who(attack.shooter)
        faces = _faces(f.rolls, f.skill, settings)
        if readings.catastrophe_voids and "catastrophic" in f.reads:
            one = ordinary = 0
            said = _("no hit") + _catastrophe(who, "shots")
        else:
            said = _n("{n} hit", "{n} hits", one + ordinary, n=one + ordinary)
            if one and readings.lucky_wounds:
                said += ", " + _n("{n} of them Lucky Chance: a wound at once",
                                  "{n} of them Lucky Chances: a wound at once", one, n=one)
        shown.append(f"{faces}: {said}" if f.volley.model is None else f"{who} {faces}: {said}")
        lucky, hits = lucky + one, hits + ordinary
        if f.volley.model is not None:
            parts.append({"model": f.volley.model, "lucky": one if readings.lucky_wounds else 0,
                          "hits": ordinary + (0 if readings.lucky_wounds else one),
                          "strength": f.volley.body + attack.weapon.damage})
    results = "; ".join(shown) or _("no shots")
    effective = reaction.get("effective", "none")
    if effective == "dodge":
        text = _("{target} dodges (the shots stay plain tests); plain tests: {results}", target=target.name,
                 results=results)
    elif effective == "charge":
        text = _("plain tests: {results}; then {by} charges {shooter}", results=results, by=reaction["by"],
                 shooter=attack.shooter.name)
    else:
        text = _("plain tests: {results}", results=results)
    extra: dict[str, Any] = {"volleys": parts} if parts else {}
    return _hit_step(lucky, hits, [r for f in fired for r in f.rolls], text, readings.lucky_wounds,
                     test="plain", **extra)


def _catastrophes(voided: list[str], shooter: str) -> str:
    return "".join(_catastrophe(who or shooter, "shots") for who in voided)


def dodge_on_agility(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice,
                     readings: Readings) -> Step:
    """A dodge as a test on Agility: the shooter's Shooting against the target's
    Agility, a die a shot each; the dodger's wins only save it, and the shooter's
    wins are hits (its Lucky Chances wounds at once, as in an exchange of fire)."""
    settings = settings_of(attack)
    agility = target.agility or 0
    voids = readings.catastrophe_voids
    fired = _fire(attack, target, pool, state, dice, lambda skill, shots: ranked(skill, settings, voids and shots > 1))
    mine, voided = _side_dice(fired, readings)
    theirs, result = _defending(dice, mine, len(mine), agility, _("{target} dodges (Agility)", target=target.name),
                                settings, target.name, voids)
    won = result.winner == "attacker"
    lucky, hits = (result.lucky, result.wins) if won else (0, 0)
    verdict = _n("{n} hit", "{n} hits", lucky + hits, n=lucky + hits) if won else _("the dodge saves it")
    notes = _catastrophes(voided, attack.shooter.name)
    if voids and _catastrophic_faces(theirs, agility, settings):
        notes += _catastrophe(target.name, "dodge")
    # Translators: {notes} is empty or "; X's Catastrophic Failure forbids ..." (one or more)
    text = _("{target} dodges: comparative test {shooter_dice} vs {target_dice}{notes}: {verdict}",
             target=target.name, shooter_dice=_side_faces(attack, fired), target_dice=_faces(theirs, agility, settings),
             notes=notes, verdict=verdict)
    rolls = [r for f in fired for r in f.rolls] + theirs
    extra: dict[str, Any] = {"strength": _strength(attack, fired)} if volleys.is_unit(attack.shooter) else {}
    return _hit_step(lucky, hits, rolls, text, readings.lucky_wounds, test="dodge", **extra)


def exchange(attack: SamuraiAttack, target: Target, pool: Step, reaction: dict[str, Any], state: ChainState,
             dice: Dice, readings: Readings) -> list[Step]:
    """Return fire: «число попаданий определяется сравнительным тестом на «Умение
    стрелять». При этом за каждую модель делается столько бросков игральных костей,
    сколько выстрелов она может сделать»: the shooter's dice (every model's that
    shoots at the target, for a unit) against the reacting side's, the winner's net
    Lucky Chances wounds at once, its ordinary wins hits. A model's Catastrophic
    Failure voids its dice, the reacting side's its side's."""
    settings = settings_of(attack)
    shooter = attack.shooter
    by = reaction["by"]
    voids = readings.catastrophe_voids
    fired = _fire(attack, target, pool, state, dice, lambda skill, shots: ranked(skill, settings, voids and shots > 1))
    mine, voided = _side_dice(fired, readings)
    rolls = [r for f in fired for r in f.rolls]
    modifiers = []
    skill = reaction["shooting"]
    if shooter.partly_hidden:
        label = _("{shooter} partly hidden, to {by}'s return fire", shooter=shooter.name, by=by)
        modifiers.append(Modifier(label=label, value=COVER))
        skill += COVER
    their_rolls, result = _defending(dice, mine, reaction["shots"], skill, _("{by}, return fire", by=by), settings,
                                     by, voids)
    duel = _("{shooter_dice} vs {by} {reactor_dice}", shooter_dice=_side_faces(attack, fired), by=by,
             reactor_dice=_faces(their_rolls, skill, settings))
    duel += _catastrophes(voided, shooter.name)
    if voids and _catastrophic_faces(their_rolls, skill, settings):
        duel += _catastrophe(by, "return_fire")
    data: dict[str, Any] = {"test": "return_fire", "winner": None, "skill": skill}
    if volleys.is_unit(shooter):
        data["strength"] = _strength(attack, fired)
    side = ", ".join(f.volley.model or "" for f in fired) if volleys.is_unit(shooter) else shooter.name
    if result.winner == "attacker":
        data["winner"] = shooter.name
        text = _("exchange: {duel}: {result}", duel=duel, result=_wins(side, result.lucky, result.wins))
        return [Step(kind="hit", value=result.lucky + result.wins, rolls=rolls + their_rolls, modifiers=modifiers,
                     text=text, data={"lucky": result.lucky, "hits": result.wins, **data})]
    if result.winner is None:
        text = _("exchange: {duel}: nobody wins, nobody is hurt", duel=duel)
        return [Step(kind="hit", value=0, rolls=rolls + their_rolls, modifiers=modifiers, text=text,
                     data={"lucky": 0, "hits": 0, **data})]
    data["winner"] = by
    text = _("exchange: {duel}: {result}; {target} is not hit", duel=duel,
             result=_wins(by, result.lucky, result.wins), target=target.name)
    waiting = {"target": target.name, "by": by, "strength": reaction["strength"],
               "lucky": result.lucky, "hits": result.wins}
    if volleys.is_unit(shooter):
        waiting["models"] = [f.volley.model for f in fired]
    hit = Step(kind="hit", value=0, rolls=rolls + their_rolls, modifiers=modifiers, text=text,
               data={"lucky": 0, "hits": 0, "against_shooter": {"lucky": result.lucky, "hits": result.wins}, **data},
               attack_state={RETURN_FIRE: [*state.attack.get(RETURN_FIRE, []), waiting]})
    return [hit]


def _wins(winner: str, lucky: int, wins: int) -> str:
    """``Monk wins with 1 Lucky Chance (wounds at once) and 2 hits``."""
    if not lucky and not wins:
        return _("{winner} wins", winner=winner)
    luck = _n("{n} Lucky Chance (wounds at once)", "{n} Lucky Chances (wounds at once)", lucky, n=lucky)
    hits = _n("{n} hit", "{n} hits", wins, n=wins)
    if lucky and wins:
        gains = _("{lucky} and {hits}", lucky=luck, hits=hits)
    else:
        gains = luck if lucky else hits
    return _("{winner} wins with {gains}", winner=winner, gains=gains)


#: Key of ``state.attack``: the exchanges the shooter lost, in order, each waiting
#: for its wound rolls: ``{"target", "by", "strength", "lucky", "hits"}``.
RETURN_FIRE = "return_fire"


def return_fire_wounds(
    attack: SamuraiAttack, waiting: dict[str, Any], shooter_state: dict[str, Any], dice: Dice
) -> Step:
    """The shooter's wounds from one exchange it lost: the ``return_fire`` step. A
    shooting unit is tested with the values most of its models have, and its wounds
    go first to the models that shot at the reacting target, then to the rest, in
    the order the models are listed."""
    shooter = attack.shooter
    defence = Defence(name=shooter.name, body=volleys.majority(shooter, "body"),
                      protection=volleys.majority(shooter, "protection"),
                      durability=volleys.majority(shooter, "durability"))
    before = {k: v for k, v in shooter_state.items() if k in ("status", "wounds_left", "models")}
    order: list[str] = []
    if volleys.is_unit(shooter):
        first = list(waiting.get("models", []))
        order = first + [m.name for m in shooter.models if m.name not in first]
    result = wound_hits(dice, settings_of(attack), strength=waiting["strength"], defence=defence,
                        state=before, hits=waiting["hits"], lucky=waiting["lucky"], order=order)
    text = "; ".join(result.lines) + f"; {shooter.name}: {volleys.state_words(shooter, result.state)}"
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
        return [dodge_on_agility(attack, target, pool, state, dice, readings)]
    return [plain(attack, target, pool, reaction, state, dice, readings)]
