"""A tiny ruleset used to test the core without any bundled game: roll a d6 at or
above ``skill`` to hit, each hit takes one wound, a magazine counts rounds.

Between attacks (actions): ``first-aid`` on a wounded target heals a wound on a d6
of 4+ (a 1 makes it worse: dead, if he had one wound left), ``new-magazine`` fills
the weapon without a roll."""

from typing import Annotated

import msgspec

from gunline import Action, ChainState, Modifier, Ruleset, Step, hookimpl
from gunline.dice import at_least, faces


class Shooter(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    skill: Annotated[int, msgspec.Meta(ge=2, le=6)] = 4


class Weapon(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    rounds: Annotated[int, msgspec.Meta(ge=0)]


class Target(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    wounds: Annotated[int, msgspec.Meta(ge=1)] = 1
    cover: bool = False


@hookimpl
def gunline_ruleset():
    return Ruleset(
        name="toy",
        title="Toy",
        shooter=Shooter,
        weapon=Weapon,
        target=Target,
        modes=("single", "double"),
        catalogue={"pistol": {"rounds": 6}},
        statuses=("unharmed", "wounded", "dead"),
        weapon_statuses=("ok", "empty"),
        actions=ACTIONS,
        api=2,
    )


ACTIONS = {
    "first-aid": Action(description="a wounded target: a d6 of 4+ heals a wound, a 1 costs one"),
    "new-magazine": Action(description="a full magazine, no roll", applies_to="weapon"),
}

#: The first-aid d6: 1 costs a wound, 2-3 nothing, 4-6 heals one.
FIRST_AID = faces({1: "worse", 2: "no change", 3: "no change", 4: "heals", 5: "heals", 6: "heals"})


@hookimpl
def check_attack(attack, state):
    need = 2 if attack.mode == "double" else 1
    left = state.weapon["rounds_left"]
    if left < need:
        return f"weapon: {left} rounds left, a {attack.mode} shot needs {need}: reload or fire single"


@hookimpl
def start_state(attack):
    return ChainState(
        shooter={"name": attack.shooter.name, "status": "unharmed"},
        weapon={"rounds_left": attack.weapon.rounds, "status": "ok"},
        targets={t.name: {"status": "unharmed", "wounds_left": t.wounds} for t in attack.targets},
    )


@hookimpl
def modify_pool(target):
    if target.cover:
        return [Modifier(label="cover", value=-1)]


@hookimpl
def build_pool(attack, target, modifiers):
    need = attack.shooter.skill - sum(m.value for m in modifiers)
    return Step(kind="pool", value=need, text=f"needs {need}+", modifiers=modifiers)


@hookimpl
def resolve_hit(attack, target, pool, dice):
    shots = 2 if attack.mode == "double" else 1
    hits = 0
    rolls = []
    for _ in range(shots):
        roll = dice.roll(6, "to hit", read=at_least(pool.value), target=target.name)
        rolls.append(roll.roll)
        hits += roll.value
    return Step(kind="hit", value=hits, text="hit" if hits else "miss", rolls=rolls)


@hookimpl
def resolve_wound(target, hit, state):
    left = max(0, state.targets[target.name]["wounds_left"] - hit.value)
    status = "dead" if left == 0 else "wounded"
    return Step(kind="wound", value=hit.value, text=status, target_state={"status": status, "wounds_left": left})


@hookimpl
def spend_ammo(attack, state):
    spent = 2 if attack.mode == "double" else 1
    left = state.weapon["rounds_left"] - spent
    return Step(kind="ammo", value=spent, text=f"{left} left",
                weapon_state={"rounds_left": left, "status": "ok" if left else "empty"})


@hookimpl
def check_action(action, who, state):
    if action == "first-aid" and state.targets[who]["status"] != "wounded":
        return f"{who} is {state.targets[who]['status']}: first aid is for the wounded"


@hookimpl
def resolve_action(action, who, attack, state, dice):
    if action == "new-magazine":
        full = attack.weapon.rounds
        return Step(kind="magazine", value=full, text=f"new magazine: {full} rounds",
                    weapon_state={"rounds_left": full, "status": "ok"})
    if action != "first-aid":
        return None
    target = next(t for t in attack.targets if t.name == who)
    left = state.targets[who]["wounds_left"]
    roll = dice.roll(6, "first aid", read=FIRST_AID, need="4+", target=who)
    if roll.value == "heals":
        left = min(target.wounds, left + 1)
    elif roll.value == "worse":
        left -= 1
    status = "dead" if left <= 0 else "unharmed" if left == target.wounds else "wounded"
    return Step(kind="first-aid", value=left, text=f"{roll.value}: {status}, {max(left, 0)} left",
                rolls=[roll.roll], target_state={"status": status, "wounds_left": max(left, 0)})
