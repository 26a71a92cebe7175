"""A side's dice in a hit test: a die per shot, rolled together, read by the rule and
shown as a roll per shot.

Each volley (the shots of one model at one target, see :mod:`.volleys`) rolls its
dice at once: one die is a roll, several a pool read die by die. The rule decides
by the readings alone; the faces are for the chain to show.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

import msgspec

from gunline import ChainState, Dice, Roll, Step
from gunline.dice import at_most

from .characteristic import judged, need_text, passed, ranked
from .messages import _, kept
from .schema import SamuraiAttack, Settings, Target, settings_of
from .settled import settled, target_index
from .volleys import Volley, lone_shots_at, volleys_at
from .volleys import stands as unit_stands


def roll_shots(dice: Dice, n: int, value: int, label: str, settings: Settings, who: str,
               read: Callable[[int], Hashable], by: str | None = None) -> tuple[list[Roll], tuple[Any, ...]]:
    """A die per shot against ``value``, each read by ``read``: the rolls shown and
    the readings. Several shots are rolled at once, a pool read die by die (the
    order of the readings is not the dice's), shown as a roll per shot. ``who`` is
    the model the shots are about, ``by`` the model rolling them, when another."""
    rolls, _faces, reads = _rolled(dice, n, label, _shot_words(label, n, value, settings), settings, who, read, by)
    return rolls, reads


def _rolled(dice: Dice, n: int, label: str, words: Words, settings: Settings, who: str,
            read: Callable[[int], Hashable], by: str | None) -> tuple[list[Roll], tuple[int, ...], tuple[Any, ...]]:
    """The rolls shown, their faces (for the words) and the readings (for the rule)."""
    if n < 1:
        return [], (), ()
    if n == 1:
        shot = dice.roll(settings.die, label, read=read, need=words.need, target=who, by=by)
        return [shot.roll], (shot.roll.total,), (shot.value,)
    pool = dice.pool(n, label, sides=settings.die, success=words.success, read=read, target=who, by=by)
    record = pool.roll
    faces = tuple(record.values)
    need, manual = words.need, record.manual
    rolls = [Roll(label=shot, dice=words.one, values=[face], total=face, need=need, manual=manual)
             for shot, face in zip(words.shots, faces)]
    reads: list[Any] = []
    for reading, times in pool.value.counts:
        reads += (reading,) * times
    return rolls, faces, tuple(reads)


class Words(NamedTuple):
    """What ``n`` shots against a value need and pass by, and each shot's roll
    (``to hit, shot 1 of 2``)."""

    need: str
    success: at_most
    shots: tuple[str, ...]
    #: One die, as each shot's roll shows it (``1d10``).
    one: str


@kept
def _shot_words(label: str, n: int, value: int, settings: Settings) -> Words:
    return Words(need_text(value, settings), passed(value),
                 tuple(_("{label}, shot {i} of {n}", label=label, i=i, n=n) for i in range(1, n + 1)),
                 f"1d{settings.die}")


class Fired(msgspec.Struct, frozen=True):
    """One volley's dice at a target: the volley, the modified Shooting its shots
    were tested against, the rolls shown, their faces (for the words alone) and what
    the rule read of each die. (A Struct: one is made for every volley of every
    chain, several times faster than a NamedTuple.)"""

    volley: Volley
    skill: int
    rolls: list[Roll]
    faces: tuple[int, ...]
    reads: tuple[Any, ...]


class Ready(NamedTuple):
    """A volley about to be rolled: its modified Shooting, what its roll is called,
    needs and passes by, and what each die is read by."""

    volley: Volley
    skill: int
    label: str
    words: Words
    read: Callable[[int], Hashable]


def fire(attack: SamuraiAttack, target: Target, pool: Step, state: ChainState, dice: Dice,
         comparative: bool, catastrophe: bool = False) -> list[Fired]:
    """Every volley's dice at ``target``, model by model: a lone shooter's shots are
    one volley, labelled ``to hit``. A volley's modified Shooting is the pool's, or
    for a unit its model's own. Each die reads its plain test's result, or for a
    ``comparative`` test its rank (``catastrophe``: a Catastrophic Failure told apart
    where it voids the model's other dice). Who fires what depends on the attack,
    the pool and which of a unit's models stand: worked out once for those
    (:mod:`.settled`); a lone shooter's one volley, once for its values."""
    shooter = attack.shooter
    skills = (pool.data or {}).get("skills")
    settings = settings_of(attack)
    if not shooter.models and not skills:
        one = _volley_ready(None, lone_shots_at(attack, target), shooter.shooting, shooter.body,
                            int(pool.value or 0), comparative, catastrophe, settings)
        return [Fired(one.volley, one.skill, *_rolled(dice, one.volley.shots, one.label, one.words, settings,
                                                      target.name, one.read, shooter.name))]
    stands = unit_stands(attack, state.shooter) if shooter.models else ()
    which = target_index(attack, target)
    given = (pool.value, tuple(skills.items()) if skills else None, stands, comparative, catastrophe)
    if which is None:  # a target of no attack: worked out afresh
        ready = _ready(attack, target, *given)
    else:
        ready = settled(attack, ("fire", which, *given), lambda: _ready(attack, target, *given))
    return [Fired(r.volley, r.skill, *_rolled(dice, r.volley.shots, r.label, r.words, settings, target.name, r.read,
                                              r.volley.model or shooter.name))
            for r in ready]


def _ready(attack: SamuraiAttack, target: Target, pooled: Any, skills: tuple[tuple[str, Any], ...] | None,
           stands: tuple[str, ...], comparative: bool, catastrophe: bool) -> tuple[Ready, ...]:
    """The volleys at ``target`` ready to roll, where a unit's models stand as
    ``stands`` says; ``pooled`` and ``skills`` are the pool step's."""
    settings = settings_of(attack)
    standing = {"models": {m.name: {"status": s} for m, s in zip(attack.shooter.models, stands)}}
    by_model = dict(skills or ())
    return tuple([_volley_ready(v.model, v.shots, v.shooting, v.body,
                                int(by_model[v.model]) if by_model and v.model in by_model else int(pooled or 0),
                                comparative, catastrophe, settings)
                  for v in volleys_at(attack, target, standing)])


@kept
def _volley_ready(model: str | None, shots: int, shooting: int, body: int, skill: int, comparative: bool,
                  catastrophe: bool, settings: Settings) -> Ready:
    """The volley of ``model`` (None: a lone shooter) ready to roll on ``skill``: what
    it reads of each die, and its words."""
    volley = Volley(model=model, shots=shots, shooting=shooting, body=body)
    if comparative:
        read = ranked(skill, settings, catastrophe and volley.shots > 1)
    else:
        read = judged(skill, settings)
    label = _to_hit(volley.model)
    return Ready(volley, skill, label, _shot_words(label, volley.shots, skill, settings), read)


def _to_hit(model: str | None) -> str:
    return _("to hit") if model is None else _("to hit ({model})", model=model)
