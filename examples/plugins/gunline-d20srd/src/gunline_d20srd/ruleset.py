"""d20 SRD: the hooks of a ranged attack.

The rules, as the SRD gives them (Combat: attack roll, range, critical hits; the
weapons table):

- An attack roll is d20 + base attack bonus + Dexterity modifier, -2 for each full
  range increment between shooter and target, against the target's Armor Class;
  cover is +4 AC, shooting at a target in melee -4. A natural 1 misses and a
  natural 20 hits, whatever the total (:mod:`.attack`).
- A natural roll in the weapon's threat range (20, or 19-20) that hits threatens a
  critical; a confirmation roll, an attack roll with the same bonus, makes it a
  critical hit when it hits the AC.
- ``attack`` is one attack at one target; ``full-attack`` one attack per 5 points of
  base attack bonus, each 5 lower (+6/+1), shared among the targets in order (the
  last target takes the attacks left). A weapon that takes an action to reload (a
  crossbow, a sling) makes one attack a round.
- A hit deals the weapon's damage dice; a critical hit rolls them ``multiplier``
  times and adds them up; every roll deals at least 1 (:mod:`.damage`).
- Hit points at 0: disabled; below 0: dying; at -10: dead.
- Every attack spends one piece of ammunition; a projectile weapon reaches 10 range
  increments, a thrown one 5.

Every roll says what the rule reads of it; the faces are only shown.
"""

from __future__ import annotations

from pathlib import Path

from gunline import Attack, ChainState, Dice, Modifier, Roll, Ruleset, Step, hookimpl

from .attack import MAX_INCREMENTS, OneAttack, attack_modifiers, attacks, need, shares
from .catalogue import WEAPONS
from .damage import damage_of
from .schema import Shooter, Target, Weapon

#: An attack as these hooks see it: this ruleset's own Structs (no settings).
D20Attack = Attack[Shooter, Weapon, Target, None]

STATUSES = ("unharmed", "wounded", "disabled", "dying", "dead")


@hookimpl
def gunline_ruleset() -> Ruleset:
    return Ruleset(
        name="d20srd",
        title="d20 SRD",
        shooter=Shooter,
        weapon=Weapon,
        target=Target,
        modes=("attack", "full-attack"),
        catalogue=WEAPONS,
        statuses=STATUSES,
        weapon_statuses=("ok", "empty"),
        examples=str(Path(__file__).parent / "examples"),
        featured="longbow-at-an-orc.toml",
        description="d20 + attack bonus against AC; threats, confirmation and critical multipliers",
        api=2,  # the hook contract this ruleset was written for
    )


def offsets_at(attack: D20Attack, target: Target) -> list[int]:
    """How much lower than the first each attack at ``target`` is."""
    names = [t.name for t in attack.targets]
    every = attacks(attack.shooter.base_attack, attack.mode == "full-attack")
    return shares(every, len(names))[names.index(target.name)]


def status_at(hp: int) -> str:
    return "dead" if hp <= -10 else "dying" if hp < 0 else "disabled" if hp == 0 else "wounded"


@hookimpl
def start_state(attack: D20Attack) -> ChainState:
    left = attack.weapon.ammunition
    return ChainState(
        shooter={"name": attack.shooter.name, "status": "unharmed"},
        weapon={"rounds_left": left, "status": "ok" if left else "empty"},
        targets={t.name: {"status": "unharmed", "hp": t.hp} for t in attack.targets},
    )


@hookimpl
def check_attack(attack: D20Attack, state: ChainState) -> list[str]:
    weapon, problems = attack.weapon, []
    made = attacks(attack.shooter.base_attack, attack.mode == "full-attack")
    if attack.mode == "attack" and len(attack.targets) > 1:
        problems.append("targets: an attack has one target; a full attack shares its attacks among several")
    if len(made) > 1 and weapon.reload != "free":
        problems.append(f"mode: the {weapon.name} takes a {weapon.reload} action to reload: one attack a round; "
                        "make an attack")
    if len(attack.targets) > len(made):
        problems.append(f"targets: {len(attack.targets)} targets, but a base attack bonus of "
                        f"+{attack.shooter.base_attack} gives {len(made)} attack{'s' if len(made) > 1 else ''}")
    left = state.weapon["rounds_left"]
    if left < len(made):
        problems.append(f"weapon: {left} ammunition left, {len(made)} attack{'s' if len(made) > 1 else ''} "
                        "need as many: fewer attacks, or more ammunition")
    reach = MAX_INCREMENTS[weapon.thrown] * weapon.increment
    for i, target in enumerate(attack.targets):
        if target.distance > reach:
            problems.append(f"targets[{i}].distance: {target.distance} ft is beyond the {weapon.name}'s "
                            f"{reach} ft ({MAX_INCREMENTS[weapon.thrown]} range increments of {weapon.increment} ft)")
    return problems


@hookimpl
def modify_pool(attack: D20Attack, target: Target) -> list[Modifier]:
    shooter, weapon = attack.shooter, attack.weapon
    return attack_modifiers(shooter.base_attack, shooter.dexterity, target.distance, weapon.increment,
                            target.cover, target.in_melee)


@hookimpl
def build_pool(attack: D20Attack, target: Target, modifiers: list[Modifier]) -> Step:
    """The natural d20 the first attack at this target needs, and each attack's bonus."""
    bonus = sum(m.value for m in modifiers)
    bonuses = [bonus - offset for offset in offsets_at(attack, target)]
    needs = ", then ".join(f"{need(target.ac, b)}+" for b in bonuses)
    shown = "/".join(f"{b:+d}" for b in bonuses)
    return Step(kind="pool", value=need(target.ac, bonuses[0]), text=f"needs {needs} ({shown} against AC {target.ac})",
                modifiers=modifiers)


def hit_step(attack: D20Attack, target: Target, pool: Step, dice: Dice, confirm: bool) -> Step:
    """The attacks at ``target``, each a miss, a hit or a critical hit."""
    bonus = sum(m.value for m in pool.modifiers)
    results: list[str] = []
    rolls: list[Roll] = []
    for offset in offsets_at(attack, target):
        one = OneAttack(f"attack {bonus - offset:+d}", target.ac, bonus - offset, attack.weapon.threat, target.name,
                        confirm)
        result, shown = dice.scored(one.label, one)
        results.append(result)
        rolls.extend(shown)
    hits, criticals = sum(r != "miss" for r in results), results.count("critical")
    text = "miss" if not hits else f"{hits} hit{'s' if hits > 1 else ''}" + (
        f", {criticals} critical" if criticals else "")
    return Step(kind="hit", value=hits, text=text, rolls=rolls, data={"criticals": criticals})


@hookimpl
def resolve_hit(attack: D20Attack, target: Target, pool: Step, dice: Dice) -> Step:
    return hit_step(attack, target, pool, dice, confirm=True)


@hookimpl
def resolve_wound(attack: D20Attack, target: Target, hit: Step, state: ChainState, dice: Dice) -> Step:
    weapon = attack.weapon
    criticals = hit.data["criticals"] if hit.data is not None else 0
    points, rolls = damage_of(dice, weapon.damage, weapon.multiplier, int(hit.value or 0), criticals, target.name)
    hp = state.targets[target.name]["hp"] - points
    status = status_at(hp)
    return Step(kind="wound", value=points, text=f"{points} damage: {hp} hp, {status}", rolls=rolls,
                target_state={"status": status, "hp": hp})


@hookimpl
def spend_ammo(attack: D20Attack, state: ChainState) -> Step:
    spent = len(attacks(attack.shooter.base_attack, attack.mode == "full-attack"))
    left = state.weapon["rounds_left"] - spent
    return Step(kind="ammo", value=spent, text=f"{spent} spent, {left} left",
                weapon_state={"rounds_left": left, "status": "ok" if left else "empty"})


@hookimpl
def describe_outcome(target: Target, state: ChainState) -> str:
    now = state.targets[target.name]
    if not any(s.value for s in state.steps_of("hit", target.name)):
        return f"{target.name}: missed"
    return f"{target.name}: {now['status']}, {now['hp']} hp"
