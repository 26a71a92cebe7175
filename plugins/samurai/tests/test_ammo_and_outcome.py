"""No ammunition counted; no reloading; the lines read out to the players."""

from gunline_samurai import ruleset


def test_ammo_step_says_none_is_counted(example, resolve, step_of):
    chain = resolve(example("teppo_duel"), [9, 9])
    ammo = step_of(chain, "ammo")
    assert ammo.value is None and "no ammunition" in ammo.text
    assert chain.weapon == {"rounds_left": None, "status": "ok"}


def test_reload_does_nothing(example, attack_of):
    assert ruleset.reload_weapon() is None


def test_outcome_lines(example, resolve):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    line = chain.outcomes["General"]
    assert line.startswith("General: unharmed")
    assert "Bushido master" in line and "Ninja" in line and "stunned" in line
    chain = resolve(example("armoured_samurai"), [3, 4, 5, 2])
    assert chain.outcomes["Samurai"] == "Samurai: 1 hit, 1 wound, 1 of 2 wounds left"
    chain = resolve(example("ashigaru_unit"), [1, 2, 3, 1, 9, 1, 9, 1, 9])
    assert chain.outcomes["Ashigaru"] == (
        "Ashigaru: 3 hits, 3 wounds, Goro stunned, Hachi 1 of 2 wounds left, Sergeant Ichiro unharmed")


def test_casualties_step_lists_everyone(example, resolve, step_of):
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    casualties = step_of(chain, "casualties")
    assert casualties.value == 1
    assert casualties.text == "Ninja stunned; General unharmed"


def test_examples_are_declared_and_linked(registry):
    from pathlib import Path

    declared = Path(registry.ruleset("samurai").examples)
    assert (declared / "ninja_and_bushido_master.toml").is_file()
    link = Path(__file__).parents[3] / "examples" / "samurai"
    assert link.resolve() == declared.resolve()
