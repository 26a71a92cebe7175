"""Fallout Pen & Paper 2.0: the ruleset's hooks.

The chain of one attack: for every target the chance to hit (skill plus the terms of
:mod:`.chance`), the d100 rolled at or under it (a pool of d100 per object for a
burst, see :mod:`.fire`), the damage and critical of every bullet that hit
(:mod:`.wound`), then the rounds spent. A chance of 0% or less calls the attack off
unless the scenario says ``fire_anyway = true``.
"""

from __future__ import annotations

import os

from gunline import ChainState, Dice, Modifier, Ruleset, Step, hookimpl
from gunline.dice import at_most

from . import chance, conditions, fumbles, measuring, turns
from .catalogue import WEAPONS
from .checks import problems
from .fire import (
    CALLED_OFF,
    aim_of,
    aimed_row,
    bullets_fired,
    bullets_reaching,
    called_off,
    failed,
    flight,
    is_first,
)
from .messages import _, _n, condition_word, word
from .schema import FalloutAttack, Settings, Shooter, Target, Weapon
from .tables import CONDITION_BOXES, STATUSES, WEAPON_STATUSES
from .wound import resolve_damage

#: Percent of a weapon's condition per condition box.
CONDITION_PERCENT = 100 // CONDITION_BOXES

NAME = "fallout"
EXAMPLES = os.path.join(os.path.dirname(__file__), "examples")

#: The names of the formula's terms. A modifier from another plugin whose label starts
#: with one of them (in English, or as this package's catalogue words it in the
#: language in use) replaces the ruleset's own term; anything else is added to the
#: chance. The plugins of this package say which term they replace by their name
#: (:data:`REPLACES`), whatever the language their labels are in.
TERMS: tuple[str, ...] = (
    "range", "armor class", "lighting", "cover", "weapon condition", "worn", "strength", "aimed"
)
#: This package's plugins that replace a term of the formula, and the term.
REPLACES: dict[str, str] = {"fallout.hex-range": "range"}
#: Each term with its words in the language in use.
_TERM_WORDS = _.per_language(lambda: tuple((t, _(t)) for t in TERMS))


@hookimpl
def gunline_ruleset() -> Ruleset:
    return Ruleset(
        name=NAME,
        title=_("Fallout Pen & Paper 2.0"),
        shooter=Shooter,
        weapon=Weapon,
        target=Target,
        settings=Settings,
        modes=("single", "burst"),
        catalogue=WEAPONS,
        statuses=STATUSES,
        weapon_statuses=WEAPON_STATUSES,
        actions=turns.actions(),
        examples=EXAMPLES,
        description=_("Percentile chance to hit, aimed shots, bursts along the line of fire."),
        api=2,
        map="hex",
    )


#: On a hex map: distances, the burst's band and the order it takes the targets in.
measure = measuring.measure
map_areas = measuring.map_areas


def _settings(attack: FalloutAttack) -> Settings:
    return attack.settings if attack.settings is not None else Settings()


@hookimpl
def start_state(attack: FalloutAttack) -> ChainState:
    """The weapon's ``rounds_left``, the ``ammo`` its magazine holds (one kind) and its
    ``condition`` in percent (10 boxes of 10%; ``weapon.wear`` are filled)."""
    weapon = attack.weapon
    rounds = weapon.rounds if weapon.rounds is not None else weapon.magazine
    condition = CONDITION_PERCENT * (CONDITION_BOXES - weapon.wear)
    status = "jammed" if condition <= 0 else "empty" if rounds == 0 else "ok"
    shooter = {"name": attack.shooter.name, "status": STATUSES[0], turns.AP_LEFT: turns.max_ap(attack.shooter)}
    return ChainState(
        shooter=shooter,
        weapon={"rounds_left": rounds, "status": status, "ammo": weapon.ammo, "condition": condition},
        targets={t.name: {"status": STATUSES[0], "hp": t.hp, "conditions": {}} for t in attack.targets},
    )


@hookimpl
def check_attack(attack: FalloutAttack, state: ChainState) -> list[str] | None:
    return problems(attack, state) or None


@hookimpl
def begin_attack(attack: FalloutAttack, state: ChainState) -> list[Step]:
    """The action points the attack costs, spent before any die (a called-off
    attack spends them too)."""
    return [turns.spend(attack, state)]


@hookimpl
def check_action(action: str, who: str, attack: FalloutAttack, state: ChainState) -> list[str] | None:
    return turns.check_action(action, who, attack, state) or None


@hookimpl
def resolve_action(action: str, who: str, attack: FalloutAttack, state: ChainState) -> list[Step] | None:
    return turns.resolve_action(action, who, attack, state)


def formula(attack: FalloutAttack, target: Target, state: ChainState) -> list[tuple[str | None, list[Modifier]]]:
    """The ruleset's terms of the chance, in the book's order, each with its name in
    :data:`TERMS` (None: a term no other plugin replaces)."""
    settings = _settings(attack)
    shooter, weapon = attack.shooter, attack.weapon
    return [
        ("range", chance.range_term(shooter, weapon, target, seeing(attack, state))),
        ("armor class", chance.armor_class_term(weapon, target)),
        ("lighting", chance.lighting_term(settings.lighting)),
        ("cover", chance.cover_term(weapon, target)),
        ("weapon condition", chance.weapon_condition_term(weapon)),
        ("strength", chance.strength_term(shooter, weapon, settings.strength_penalty)),
        ("worn", chance.worn_term(int(state.weapon.get("condition", 100)))),
        (None, conditions.arm_terms(state, settings.crippled_arm_penalty)),
        ("aimed", chance.aimed_term(weapon, aim_of(attack), aimed_row(attack, target))),
    ]


@hookimpl
def modify_pool(attack: FalloutAttack, target: Target, state: ChainState) -> list[Modifier]:
    return [m for _term, terms in formula(attack, target, state) for m in terms]


def seeing(attack: FalloutAttack, state: ChainState) -> int:
    """The Perception the shooter aims with: 1 when blinded («Blindness (Per=1)»)."""
    return 1 if conditions.blinded(state) else attack.shooter.perception


def replaced_term(modifier: Modifier) -> str | None:
    """The term of the formula another plugin's ``modifier`` replaces, or None."""
    known = REPLACES.get(modifier.source)
    if known is not None:
        return known
    label = modifier.label
    return next((t for t, said in _TERM_WORDS() if label.startswith(t) or label.startswith(said)), None)


def effective_modifiers(
    attack: FalloutAttack, target: Target, state: ChainState, modifiers: list[Modifier]
) -> list[Modifier]:
    """The modifiers that count: the ruleset's own terms, less those another plugin
    replaced with a modifier of the same term (the ruleset's own are known by the
    term :func:`formula` made them for, not by their words)."""
    replaced = {replaced_term(m) for m in modifiers if m.source != NAME} - {None}
    if not replaced:
        return list(modifiers)
    dropped = {(m.label, m.value) for term, terms in formula(attack, target, state) if term in replaced for m in terms}
    return [m for m in modifiers if not (m.source == NAME and (m.label, m.value) in dropped)]


CLUSTER = "fallout.cluster-burst"


def pool_step(attack: FalloutAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """The target's pool step: its ``value`` is the chance the hit roll is made
    against, and the one shown. The formula's chance is capped at 0% and at what
    the die can give (:func:`.chance.chance_cap`: 100% for the d100, lower under the
    cap variants); a clustered burst rounds it to tens, its d10's 0 face missing."""
    used = effective_modifiers(attack, target, state, modifiers)
    skill = attack.shooter.skill
    raw = skill + sum(m.value for m in used)
    cap = chance.chance_cap(attack.variants)
    value = chance.capped(raw, cap)
    data = {"skill": skill, "chance": raw}
    why = [] if raw == value else [
        _("{raw}% capped at {cap}%", raw=raw, cap=cap) if raw > cap else _("{raw}% counts as 0%", raw=raw)
    ]
    if attack.mode == "burst" and CLUSTER in attack.variants:
        weapon = attack.weapon
        rounded = chance.rounded_chance(value, weapon.burst or 0, weapon.rounds_up)
        clustered = chance.cluster_chance(rounded)
        up = weapon.rounds_up or (weapon.burst or 0) <= chance.ROUND_UP_AT_MOST
        if clustered < rounded and up:
            why.append(_("{chance}% rounded up to {rounded}%, the d10's 0 misses", chance=value, rounded=rounded))
        elif clustered < rounded:
            why.append(_("{chance}% rounded down to {rounded}%, the d10's 0 misses", chance=value, rounded=rounded))
        elif up:
            why.append(_("{chance}% rounded up to {rounded}%", chance=value, rounded=rounded))
        else:
            why.append(_("{chance}% rounded down to {rounded}%", chance=value, rounded=rounded))
        data["rounded"] = rounded
        value = clustered
    first = is_first(attack, target)
    off = called_off(state) or (first and raw <= 0 and not _settings(attack).fire_anyway)
    shown = _("{chance}%", chance=value) + (f" ({'; '.join(why)})" if why else "")
    if off and first:
        text = _("chance {chance}: attack called off (action points spent, no rounds fired)", chance=shown)
    elif off:
        text = _("chance {chance}; attack called off", chance=shown)
    else:
        text = _("{chance} to hit (skill {skill}%)", chance=shown, skill=skill)
    return Step(
        kind="pool",
        value=value,
        text=text,
        modifiers=used,
        data={**data, "called_off": off if first else called_off(state)},
        attack_state={CALLED_OFF: off} if first else None,
    )


@hookimpl
def build_pool(attack: FalloutAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    return pool_step(attack, target, modifiers, state)


def _outside(target: Target, bullets: int) -> Step:
    # Translators: English says "bullets" whatever the count.
    text = _n("outside the burst area: {n} bullets fly past", "outside the burst area: {n} bullets fly past", bullets,
              n=bullets)
    return Step(kind="hit", value=0, text=text, **flight(bullets, 0))


def not_rolled(attack: FalloutAttack, target: Target, pool: Step, state: ChainState) -> Step | None:
    """The hit step of an object no die is rolled for, or None when one is."""
    if called_off(state):
        return Step(kind="hit", value=0, text=_("not fired: the attack was called off at 0%"), **flight(0, 0))
    bullets = bullets_reaching(attack, target, state)
    if bullets <= 0:
        return Step(kind="hit", value=0, text=_("no bullets left to reach it"), **flight(0, 0))
    if not target.in_area:
        return _outside(target, bullets)
    if (pool.value or 0) <= 0 and not is_first(attack, target):
        # Translators: English says "bullets" whatever the count.
        text = _n("0% chance: {n} bullets fly past", "0% chance: {n} bullets fly past", bullets, n=bullets)
        return Step(kind="hit", value=0, text=text, **flight(bullets, 0))
    return None


def chance_to_hit(pool: Step) -> int:
    """The pool's chance: the d100 is rolled at or under it (already capped)."""
    return int(pool.value or 0)


def bullets_hit(bullets: int, hits: int) -> str:
    if hits < bullets:
        return _("{hits} of {bullets} bullets hit, {passed} fly on", hits=hits, bullets=bullets, passed=bullets - hits)
    return _("{hits} of {bullets} bullets hit", hits=hits, bullets=bullets)


@hookimpl
def resolve_hit(attack: FalloutAttack, target: Target, pool: Step, state: ChainState, dice: Dice) -> Step:
    """«Бросок на Попадание»: a d100 at or under the chance hits. «При использовании
    оружия в режиме стрельбы Очередью, Бросок выполняется отдельно для каждой
    пули»: a burst rolls a d100 for every bullet still flying; those that miss fly on
    to the next object in the line of fire."""
    skipped = not_rolled(attack, target, pool, state)
    if skipped is not None:
        return skipped
    hits_at = at_most(chance_to_hit(pool))
    if attack.mode == "burst":
        bullets = bullets_reaching(attack, target, state)
        per_bullet = dice.pool(bullets, _("to hit, per bullet"), sides=100, success=hits_at, target=target.name)
        roll, hits = per_bullet.roll, per_bullet.value.successes
        text = bullets_hit(bullets, hits)
    else:
        bullets = 1
        shot = dice.roll(100, _("to hit"), read=hits_at, target=target.name)
        roll, hits = shot.roll, int(shot.value)
        text = _("hit") if hits else _("miss")
    return Step(kind="hit", value=hits, text=text, rolls=[roll], **flight(bullets, hits))


@hookimpl
def resolve_wound(attack: FalloutAttack, target: Target, hit: Step, state: ChainState, dice: Dice) -> Step:
    return resolve_damage(attack, target, hit, state, dice)


def worn(state: ChainState) -> tuple[dict[str, object], str]:
    """«After the rolls»: an attack that hits nothing fills one of the weapon's
    condition boxes (−10% condition); at 0% the weapon is jammed [notes, SRC 9]."""
    condition = int(state.weapon.get("condition", 100))
    if not failed(state) or condition <= 0:
        return {}, ""
    condition = max(0, condition - CONDITION_PERCENT)
    change: dict[str, object] = {"condition": condition}
    if condition <= 0:
        change["status"] = "jammed"
        return change, "; " + _("the attack failed: the weapon's condition is 0%, it jams")
    return change, "; " + _("the attack failed: a condition box filled, {condition}% left", condition=condition)


@hookimpl
def spend_ammo(attack: FalloutAttack, state: ChainState, dice: Dice) -> Step | list[Step]:
    """The rounds fired, the condition a failed attack wears off the weapon, and the
    critical failure check it risks (:mod:`.fumbles`), whose effect comes after."""
    left = state.weapon.get("rounds_left")
    if called_off(state):
        return Step(kind="ammo", value=0, text=_("attack called off: no rounds fired"),
                    weapon_state={"rounds_left": left, "status": state.weapon.get("status", "ok")})
    fired = bullets_fired(attack)
    wear, said = worn(state)
    fumbled = fumbles.critical_failure(attack, state, dice) if failed(state) else []
    if left is None:
        ammo = Step(kind="ammo", value=None, text=_("no rounds counted") + said, weapon_state=wear or None)
    else:
        left = left - fired
        text = _n("{n} round fired, {left} left", "{n} rounds fired, {left} left", fired, n=fired, left=left)
        ammo = Step(kind="ammo", value=fired, text=text + said,
                    weapon_state={"rounds_left": left, "status": "empty" if left == 0 else "ok", **wear})
    return [ammo, *fumbled]


@hookimpl
def reload_weapon(attack: FalloutAttack, state: ChainState) -> dict[str, object] | None:
    """A full magazine of the ammunition this attack chooses (one kind to a
    magazine); a jammed weapon stays jammed."""
    magazine = attack.weapon.magazine
    if magazine is None:
        return None
    status = "jammed" if state.weapon.get("status") == "jammed" else "ok"
    return {"rounds_left": magazine, "status": status, "ammo": attack.weapon.ammo}


@hookimpl
def describe_outcome(attack: FalloutAttack, target: Target, state: ChainState) -> str:
    name = target.name
    pool = next(iter(state.steps_of("pool", name)), None)
    hits = state.steps_of("hit", name)
    wounds = state.steps_of("wound", name)
    after = state.targets.get(name, {})
    status = word(str(after.get("status", STATUSES[0])))
    chance = pool.value if pool else 0
    if called_off(state):
        if is_first(attack, target):
            return _("{name}: attack called off at {chance}% (action points spent, no rounds fired)",
                     name=name, chance=chance)
        return _("{name}: not fired at, {status}", name=name, status=status)
    hit = hits[-1] if hits else None
    scored = hit.value if hit else 0
    bullets = (hit.data or {}).get("bullets", 0) if hit else 0
    if not scored:
        if attack.mode == "burst" and bullets == 0:
            return _("{name}: no bullets reached, {status}", name=name, status=status)
        return _("{name}: missed ({chance}% chance), {status}", name=name, chance=chance, status=status)
    damage = sum(w.value or 0 for w in wounds)
    criticals = [b["critical"] for w in wounds for b in (w.data or {}).get("bullets", []) if b.get("critical")]
    hp = after.get("hp")
    if attack.mode == "burst":
        line = _("{name}: {hits} of {bullets} bullets hit, {damage} damage", name=name, hits=scored, bullets=bullets,
                 damage=damage)
    else:
        line = _("{name}: hit, {damage} damage", name=name, damage=damage)
    if hp is not None:
        line += ", " + _("{hp} hp left", hp=hp)
    line += f", {status}"
    if criticals:
        line += " " + _("(critical: {effects})", effects="; ".join(criticals))
    lasting = conditions.normalized(after.get("conditions"))
    if lasting:
        line += " [" + ", ".join(lasts(c, t) for c, t in lasting.items()) + "]"
    return line


def lasts(condition: str, turns: int | None) -> str:
    """A condition and the turns it has left: "unconscious 3 turns"."""
    said = condition_word(condition)
    if not turns:
        return said
    return _n("{condition} {n} turn", "{condition} {n} turns", turns, condition=said, n=turns)
