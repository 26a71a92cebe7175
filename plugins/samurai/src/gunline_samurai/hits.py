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
(all shots and all reactions happen at once [SEED]); see :mod:`.return_fire`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import msgspec

from gunline import ChainState, Dice, Modifier, Roll, Step

from . import volleys
from .characteristic import Die, judge, need_text, ranked, shown
from .comparative import Side, Verdict, against, counted, decide, joined, side
from .messages import _, _n, kept
from .readings import Readings, readings_of
from .return_fire import RETURN_FIRE
from .schema import SamuraiAttack, Settings, Target, settings_of
from .sequence import declared
from .shots import Fired, fire, roll_shots

COVER = -2

#: The dice of the shooting side, as its words need them: each volley's model (None
#: for a lone shooter), faces and modified Shooting.
SideFaces = tuple[tuple[str | None, tuple[int, ...], int], ...]


def _faces(rolls: list[Roll]) -> tuple[int, ...]:
    return tuple([r.total for r in rolls])


def _side_faces(fired: list[Fired]) -> SideFaces:
    if len(fired) == 1:  # a lone shooter's one volley: the usual side
        f = fired[0]
        return ((f.volley.model, f.faces, f.skill),)
    return tuple([(f.volley.model, f.faces, f.skill) for f in fired])


def _side_words(faces: SideFaces, shooter: str, settings: Settings) -> str:
    """The shooting side's dice in words: a lone shooter's, or each model's."""
    if len(faces) == 1 and faces[0][0] is None:
        return f"{shooter} {shown(faces[0][1], faces[0][2], settings)}"
    return "; ".join(f"{model} {shown(dice, skill, settings)}" for model, dice, skill in faces) or _("no shots")


def _counted(fired: list[Fired], voids: bool) -> tuple[Side, tuple[str, ...]]:
    """The shooting side's dice for a comparative test, and who voided theirs: a
    model's Catastrophic Failure forbids its own strikes (its dice all fail)."""
    if len(fired) == 1:
        mine, voided = _counted_reads(fired[0].reads, voids)
        return mine, (fired[0].volley.model or "",) if voided else ()
    sides, who = [], []
    for f in fired:
        part, voided = _counted_reads(f.reads, voids)
        sides.append(part)
        if voided:
            who.append(f.volley.model or "")
    return joined(sides), tuple(who)


@lru_cache(maxsize=1024)
def _counted_reads(reads: tuple[Die, ...], voids: bool) -> tuple[Side, bool]:
    """A volley's dice counted for a comparative test (:func:`.comparative.counted`):
    a volley reads one of a few ways, each counted once."""
    return counted(reads, voids)


def _defending(dice: Dice, attacker: Side, n: int, value: int, label: str, settings: Settings,
               who: str, catastrophe: bool, need: str | None = None) -> tuple[list[Roll], tuple[int, ...], Verdict]:
    """The defending side's dice of a comparative test, rolled after the attacker's,
    their faces (for the words) and the verdict. A single die reads only the verdict
    it brings about; several are ranked and compared with the attacker's. (A
    Catastrophic Failure is told from a failure only where it can void other dice: a
    side of one die, or a model of a unit with one shot, fails the same either way.)"""
    if n == 1:
        shot = dice.roll(settings.die, label, read=against(attacker, value, settings, catastrophe=catastrophe),
                         need=need_text(value, settings) if need is None else need, target=who)
        return [shot.roll], (shot.roll.total,), shot.value
    rolls, defender = roll_shots(dice, n, value, label, settings, who, ranked(value, settings, catastrophe))
    return rolls, _faces(rolls), decide(attacker, side(defender, catastrophe), settings.comparative_ties)


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


def _notes(voided: tuple[str, ...], shooter: str, reactor: str, what: str, faces: tuple[int, ...], value: int,
           settings: Settings, voids: bool) -> str:
    """The Catastrophic Failures that voided dice, in words: each shooting model's
    (``voided``), then the reacting side's (its ``faces`` hold one); for the chain's
    text (the rule decided by what it read)."""
    notes = "".join(_catastrophe(who or shooter, "shots") for who in voided)
    if voids and any(judge(face, value, settings).catastrophic for face in faces):
        notes += _catastrophe(reactor, what)
    return notes


def _strength(attack: SamuraiAttack, fired: list[Fired]) -> int:
    """Body + Damage of the shooting side's wound tests: the shooter's, or the one
    most of a unit's shots at the target are fired with."""
    aimed = [f.volley for f in fired]
    body = volleys.main(aimed, "body") if aimed else attack.shooter.body
    return body + attack.weapon.damage


def plain(attack: SamuraiAttack, target: Target, pool: Step, reaction: Mapping[str, Any], state: ChainState,
          dice: Dice, readings: Readings) -> Step:
    """«В отсутствие реакции цели определение попаданий производится как обычный
    тест на «Умение стрелять»»: one plain Shooting test per shot, «число выстрелов,
    равное её характеристике «Атаки»». A success is a hit, a Lucky Chance too (a
    wound at once under ``lucky_wounds``). A Catastrophic Failure among a model's
    dice voids them all (unless it is one failed die, as under
    ``samurai.catastrophe-one-die``). A unit's models each roll their own shots."""
    settings = settings_of(attack)
    fired = fire(attack, target, pool, state, dice, comparative=False)
    lucky = hits = 0
    parts, said = [], []
    for f in fired:
        one = f.reads.count("lucky")
        ordinary = f.reads.count("success")
        voided = readings.catastrophe_voids and "catastrophic" in f.reads
        if voided:
            one = ordinary = 0
        said.append(_plain_words(f.volley.model, attack.shooter.name, f.faces, f.skill, settings, one,
                                 ordinary, voided, readings.lucky_wounds))
        lucky, hits = lucky + one, hits + ordinary
        if f.volley.model is not None:
            parts.append({"model": f.volley.model, "lucky": one if readings.lucky_wounds else 0,
                          "hits": ordinary + (0 if readings.lucky_wounds else one),
                          "strength": f.volley.body + attack.weapon.damage})
    results = "; ".join(said) or _("no shots")
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


@kept
def _plain_words(model: str | None, shooter: str, faces: tuple[int, ...], skill: int, settings: Settings, lucky: int,
                 ordinary: int, voided: bool, lucky_wounds: bool) -> str:
    """One volley's plain tests in words: its dice, then its hits (or the
    Catastrophic Failure that voided them)."""
    who = shooter if model is None else model
    if voided:
        said = _("no hit") + _catastrophe(who, "shots")
    else:
        said = _n("{n} hit", "{n} hits", lucky + ordinary, n=lucky + ordinary)
        if lucky and lucky_wounds:
            said += ", " + _n("{n} of them Lucky Chance: a wound at once",
                              "{n} of them Lucky Chances: a wound at once", lucky, n=lucky)
    dice = shown(faces, skill, settings)
    return f"{dice}: {said}" if model is None else f"{who} {dice}: {said}"


def dodge_on_agility(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice,
                     readings: Readings) -> Step:
    """A dodge as a test on Agility: the shooter's Shooting against the target's
    Agility, a die a shot each; the dodger's wins only save it, and the shooter's
    wins are hits (its Lucky Chances wounds at once, as in an exchange of fire)."""
    settings = settings_of(attack)
    agility = target.agility or 0
    voids = readings.catastrophe_voids
    fired = fire(attack, target, pool, state, dice, comparative=True, catastrophe=voids)
    mine, voided = _counted(fired, voids)
    theirs, their_faces, result = _defending(dice, mine, sum(len(f.reads) for f in fired), agility,
                                             _("{target} dodges (Agility)", target=target.name), settings,
                                             target.name, voids)
    won = result.winner == "attacker"
    lucky, hits = (result.lucky, result.wins) if won else (0, 0)
    text = _dodge_words(_side_faces(fired), attack.shooter.name, voided, target.name, their_faces, agility,
                        settings, voids, won, lucky + hits)
    rolls = [r for f in fired for r in f.rolls] + theirs
    extra: dict[str, Any] = {"strength": _strength(attack, fired)} if attack.shooter.models else {}
    return _hit_step(lucky, hits, rolls, text, readings.lucky_wounds, test="dodge", **extra)


@kept
def _dodge_words(faces: SideFaces, shooter: str, voided: tuple[str, ...], target: str, theirs: tuple[int, ...],
                 agility: int, settings: Settings, voids: bool, won: bool, hits: int) -> str:
    """The dodge in words: both sides' dice, the Catastrophic Failures that voided
    any, then the hits or the dodge that saves the target."""
    verdict = _n("{n} hit", "{n} hits", hits, n=hits) if won else _("the dodge saves it")
    # Translators: {notes} is empty or "; X's Catastrophic Failure forbids ..." (one or more)
    return _("{target} dodges: comparative test {shooter_dice} vs {target_dice}{notes}: {verdict}", target=target,
             shooter_dice=_side_words(faces, shooter, settings), target_dice=shown(theirs, agility, settings),
             notes=_notes(voided, shooter, target, "dodge", theirs, agility, settings, voids), verdict=verdict)


def exchange(attack: SamuraiAttack, target: Target, pool: Step, reaction: Mapping[str, Any], state: ChainState,
             dice: Dice, readings: Readings) -> list[Step]:
    """Return fire: «число попаданий определяется сравнительным тестом на «Умение
    стрелять». При этом за каждую модель делается столько бросков игральных костей,
    сколько выстрелов она может сделать»: the shooter's dice (every model's that
    shoots at the target, for a unit) against the reacting side's, the winner's net
    Lucky Chances wounds at once, its ordinary wins hits. A model's Catastrophic
    Failure voids its dice, the reacting side's its side's."""
    settings = settings_of(attack)
    shooter = attack.shooter
    unit = bool(shooter.models)
    by = reaction["by"]
    voids = readings.catastrophe_voids
    fired = fire(attack, target, pool, state, dice, comparative=True, catastrophe=voids)
    mine, voided = _counted(fired, voids)
    modifiers = []
    skill = reaction["shooting"]
    if shooter.partly_hidden:
        modifiers.append(Modifier(label=_hidden_from(shooter.name, by), value=COVER))
        skill += COVER
    label, need = _return_fire(by, skill, settings)
    their_rolls, theirs, result = _defending(dice, mine, reaction["shots"], skill, label, settings, by, voids, need)
    duel = Duel(_side_faces(fired), shooter.name, voided, by, theirs, skill, settings, voids)
    rolls = fired[0].rolls + their_rolls if len(fired) == 1 else [r for f in fired for r in f.rolls] + their_rolls
    data: dict[str, Any] = {"test": "return_fire", "winner": None, "skill": skill}
    if unit:
        data["strength"] = _strength(attack, fired)
    winner, lucky, wins = result.winner, result.lucky, result.wins
    if winner == "attacker":
        data["winner"] = shooter.name
        shooting = ", ".join(f.volley.model or "" for f in fired) if unit else shooter.name
        return [Step(kind="hit", value=lucky + wins, rolls=rolls, modifiers=modifiers,
                     text=_exchanged(duel, shooting, lucky, wins, None), data={"lucky": lucky, "hits": wins, **data})]
    if winner is None:
        return [Step(kind="hit", value=0, rolls=rolls, modifiers=modifiers, text=_exchanged(duel, None, 0, 0, None),
                     data={"lucky": 0, "hits": 0, **data})]
    data["winner"] = by
    waiting = {"target": target.name, "by": by, "strength": reaction["strength"], "lucky": lucky, "hits": wins}
    if unit:
        waiting["models"] = [f.volley.model for f in fired]
    return [Step(kind="hit", value=0, rolls=rolls, modifiers=modifiers,
                 text=_exchanged(duel, by, lucky, wins, target.name),
                 data={"lucky": 0, "hits": 0, "against_shooter": {"lucky": lucky, "hits": wins}, **data},
                 attack_state={RETURN_FIRE: [*state.attack.get(RETURN_FIRE, []), waiting]})]


@kept
def _hidden_from(shooter: str, by: str) -> str:
    return _("{shooter} partly hidden, to {by}'s return fire", shooter=shooter, by=by)


@kept
def _return_fire(by: str, skill: int, settings: Settings) -> tuple[str, str]:
    """The reacting side's roll, and what it needs."""
    return _("{by}, return fire", by=by), need_text(skill, settings)


class Duel(msgspec.Struct, frozen=True):
    """Both sides' dice of an exchange, as its words need them: the shooting side's
    (``faces``; ``voided``, the models whose Catastrophic Failure voided theirs), the
    reacting side's (``theirs``, on ``skill``) and whether a Catastrophic Failure
    voids a side's dice. (A Struct: one is made for every exchange of every chain,
    several times faster than a NamedTuple.)"""

    faces: SideFaces
    shooter: str
    voided: tuple[str, ...]
    by: str
    theirs: tuple[int, ...]
    skill: int
    settings: Settings
    voids: bool


@kept
def _exchanged(duel: Duel, winner: str | None, lucky: int, wins: int, target: str | None) -> str:
    """The exchange in words: both sides' dice, the Catastrophic Failures that
    voided any, then who won with what; ``target``, when the reacting side won, is
    the one that is not hit."""
    faces, shooter, voided, by, theirs = duel.faces, duel.shooter, duel.voided, duel.by, duel.theirs
    skill, settings, voids = duel.skill, duel.settings, duel.voids
    said = _("{shooter_dice} vs {by} {reactor_dice}", shooter_dice=_side_words(faces, shooter, settings), by=by,
             reactor_dice=shown(theirs, skill, settings))
    said += _notes(voided, shooter, by, "return_fire", theirs, skill, settings, voids)
    if winner is None:
        return _("exchange: {duel}: nobody wins, nobody is hurt", duel=said)
    if target is None:
        return _("exchange: {duel}: {result}", duel=said, result=_wins(winner, lucky, wins))
    return _("exchange: {duel}: {result}; {target} is not hit", duel=said, result=_wins(winner, lucky, wins),
             target=target)


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


def resolve(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> list[Step]:
    """The hit step(s) for ``target``, under the readings the attack's variants and
    settings choose (:mod:`.readings`)."""
    readings = readings_of(attack)
    reaction = declared(state, target.name)
    effective = reaction.get("effective", "none")
    if effective == "return_fire":
        return exchange(attack, target, pool, reaction, state, dice, readings)
    if effective == "dodge" and readings.dodge == "agility_test":
        return [dodge_on_agility(attack, target, pool, state, dice, readings)]
    return [plain(attack, target, pool, reaction, state, dice, readings)]
