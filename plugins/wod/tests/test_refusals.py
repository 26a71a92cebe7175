"""Impossible attacks are refused in check_attack, before any die, with a message that
says what would work (exit code 2 through the CLI)."""

from __future__ import annotations

import pytest

from gunline import AttackRefused, ChainState, cli
from gunline.runner import check
from gunline.scenario import build_attack, read_document


def refusal(registry, doc, prior=None) -> str:
    attack = build_attack(registry, doc, "test.toml")
    with pytest.raises(AttackRefused) as info:
        check(registry, attack, prior)
    return str(info.value)


@pytest.mark.parametrize(
    "name, says",
    [
        ("medium-burst-four-targets.toml", "4 targets: use a long burst"),
        (
            "medium-burst-nine-rounds.toml",
            "9 rounds left and a medium burst needs 10: reload, or fire a single shot or a short burst",
        ),
        ("short-burst-two-intended.toml", "a short burst takes one intended target; use a medium burst"),
        ("pistol-burst.toml", "the heavy pistol cannot autofire: fire a single shot"),
        ("burst-at-bystanders.toml", "no intended target: every target is a bystander"),
    ],
)
def test_refused_scenarios(registry, wod, name, says):
    assert says in refusal(registry, read_document(wod.REFUSED / name))


@pytest.mark.parametrize(
    "name", ["medium-burst-four-targets.toml", "short-burst-two-intended.toml", "burst-at-bystanders.toml"]
)
def test_refusal_is_exit_2_before_any_die(wod, capsys, name):
    code = cli.main(["resolve", str(wod.REFUSED / name), "--dice", ""])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "dice needed" not in err


def test_the_fixed_scenarios_are_allowed(registry, wod):
    # The same four targets on a long burst, the melee short burst with the second
    # man a bystander: both allowed (the seed fires them).
    for name in ("four-targets-long-burst.toml", "short-burst-into-melee.toml", "short-burst-nine-rounds.toml"):
        check(registry, build_attack(registry, wod.example(name)))


def test_long_burst_needs_twenty_rounds_left_in_the_state(registry, wod):
    # Rounds left are read from the state, which an encounter may have carried over:
    # the file says a full clip, the state says 10 rounds remain.
    doc = wod.example("carter-long-burst.toml")
    doc["weapon"].pop("rounds")
    check(registry, build_attack(registry, doc))
    prior = ChainState(weapon={"rounds_left": 10, "status": "ok"})
    message = refusal(registry, doc, prior)
    assert "has 10 rounds left and a long burst needs 20" in message
    assert "fire a single shot or a short burst or a medium burst" in message


def test_empty_weapon_says_reload(registry, wod):
    doc = wod.example("long-burst-one-target.toml")
    doc["weapon"]["rounds"] = 0
    doc["mode"] = "single"
    assert "the assault rifle is empty: reload" in refusal(registry, doc)


def test_single_shot_takes_one_target(registry, wod):
    doc = wod.example("carter-medium-burst.toml")
    doc["mode"] = "single"
    assert "2 targets: a single shot takes one target" in refusal(registry, doc)


def test_more_rounds_than_the_clip_holds(registry, wod):
    doc = wod.example("carter-long-burst.toml")
    doc["weapon"]["rounds"] = 31
    assert "weapon.rounds: 31 is more than the clip holds (30)" in refusal(registry, doc)


def test_storyteller_caps_a_long_burst(registry, wod):
    doc = wod.example("four-targets-long-burst.toml")
    doc["long_burst_max_targets"] = 3
    assert "4 targets: the Storyteller allows a long burst at most 3" in refusal(registry, doc)
    doc["long_burst_max_targets"] = 4
    check(registry, build_attack(registry, doc))
