"""The engine: hook order, attribution, state merging, refusals and misbehaving plugins."""

import types

import pytest

from gunline import (
    AttackRefused,
    ChainState,
    Modifier,
    PluginFailed,
    RandomDice,
    ScriptedDice,
    Step,
    Variant,
    hookimpl,
    resolve,
)
from gunline.runner import chain_json, run
from gunline.scenario import build_attack


def _variant(registry, name, **hooks):
    mod = types.ModuleType(name)
    mod.gunline_variant = hookimpl(lambda: Variant(name=name, ruleset="toy", api=2))
    for hook_name, fn in hooks.items():
        setattr(mod, hook_name, hookimpl(fn))
    registry.add(name, mod)
    return name


def _attack(registry, doc, *variants):
    return build_attack(registry, doc, "s.toml", variants)


def test_steps_run_per_target_in_order_then_ammo(registry, doc):
    # Bo: needs 4+, rolls 5 -> hit, wound. Cy: cover, needs 5+, rolls 2 -> miss.
    chain, unused = run(registry, _attack(registry, doc), faces=[5, 2])
    assert [(s.target, s.kind) for s in chain.steps] == [
        ("Bo", "pool"), ("Bo", "hit"), ("Bo", "wound"), ("Cy", "pool"), ("Cy", "hit"), (None, "ammo"),
    ]
    assert chain.dice == [5, 2] and unused == 0 and chain.seed is None
    assert chain.targets == {
        "Bo": {"status": "dead", "wounds_left": 0},
        "Cy": {"status": "unharmed", "wounds_left": 2},
    }
    assert chain.weapon == {"rounds_left": 5, "status": "ok"}
    assert chain.outcomes["Cy"] == "Cy: missed, unharmed"
    assert chain.outcomes["Bo"] == "Bo: 1 hit, 1 through, dead"


def test_modifiers_are_attributed_to_the_plugin_that_gave_them(registry, doc):
    _variant(registry, "toy.steady", modify_pool=lambda: [Modifier(label="steady aim", value=1)])
    chain, _ = run(registry, _attack(registry, doc, "toy.steady"), faces=[5, 2])
    cy_pool = chain.steps[3]
    assert [(m.label, m.value, m.source) for m in cy_pool.modifiers] == [
        ("steady aim", 1, "toy.steady"),
        ("cover", -1, "toy"),
    ] or [(m.label, m.value, m.source) for m in cy_pool.modifiers] == [
        ("cover", -1, "toy"),
        ("steady aim", 1, "toy.steady"),
    ]
    assert cy_pool.value == 4  # 4 - (-1) - 1
    assert all(s.source == "toy" for s in chain.steps)


def test_a_modifier_a_resolver_adds_without_a_source_is_named_by_it(registry, doc):
    """A pool builder that adds a modifier of its own to the ones it was given, or a
    hit step carrying one, leaves ``source`` empty: the chain names the plugin that
    returned the step beside it, as it names every ``modify_pool`` result's."""

    def build_pool(attack, target, modifiers):
        return Step(kind="pool", value=4, modifiers=[*modifiers, Modifier(label="house rule", value=1)])

    def resolve_hit(pool, dice):
        roll = dice.roll(6, "to hit")
        return Step(kind="hit", value=int(roll.value >= 4), modifiers=[Modifier(label="lucky", value=0)])

    _variant(registry, "toy.house", build_pool=build_pool, resolve_hit=resolve_hit)
    chain, _ = run(registry, _attack(registry, doc, "toy.house"), faces=[5, 2])
    pools = [s for s in chain.steps if s.kind == "pool"]
    assert [(m.label, m.source) for m in pools[1].modifiers] == [("cover", "toy"), ("house rule", "toy.house")]
    hits = [s for s in chain.steps if s.kind == "hit"]
    assert [[(m.label, m.source) for m in h.modifiers] for h in hits] == [[("lucky", "toy.house")]] * 2
    assert all(m.source for s in chain.steps for m in s.modifiers)


def test_a_variant_overrides_a_resolver_and_is_named_as_its_source(registry, doc):
    _variant(registry, "toy.sure", resolve_hit=lambda: Step(kind="hit", value=1, text="sure hit"))
    chain, _ = run(registry, _attack(registry, doc, "toy.sure"), faces=[])
    hits = [s for s in chain.steps if s.kind == "hit"]
    assert [h.source for h in hits] == ["toy.sure", "toy.sure"]
    assert chain.dice == []


def test_refused_attack_rolls_no_dice(registry, doc):
    doc["mode"] = "double"
    doc["weapon"] = {"name": "pistol", "rounds": 1}
    dice = ScriptedDice([])
    stack = registry.stack("toy")
    with pytest.raises(AttackRefused, match="1 rounds left, a double shot needs 2"):
        resolve(stack, _attack(registry, doc), dice)
    assert dice.consumed == []


def test_prior_state_overlays_and_feeds_the_refusal(registry, doc):
    attack = _attack(registry, doc)
    prior = ChainState(weapon={"rounds_left": 1}, targets={"Cy": {"wounds_left": 1}})
    chain, _ = run(registry, attack, faces=[1, 6], prior=prior)
    assert chain.weapon["rounds_left"] == 0
    assert chain.targets["Cy"]["status"] == "dead"  # 1 wound left, hit once
    with pytest.raises(AttackRefused):
        run(registry, attack, faces=[1, 6], prior=ChainState(weapon={"rounds_left": 0}))


@pytest.mark.parametrize(
    "hook, fn, message",
    [
        ("resolve_hit", lambda: "hit!", "returned str, expected Step or list[Step]"),
        ("resolve_hit", lambda: Step(kind="wound", value=1), "returned no step of kind 'hit'"),
        ("resolve_hit", lambda: [], "returned no step of kind 'hit'"),
        ("build_pool", lambda: [], "returned no step"),
        ("modify_pool", lambda: {"label": "x", "value": 1}, "returned dict, expected Modifier or list[Modifier]"),
        ("check_attack", lambda: 42, "returned int, expected str or list[str]"),
        # a list is named by its first wrong item, not only by its type
        ("modify_pool", lambda: [Modifier(label="x", value=1), "cover -1"],
         "returned a list whose item 1 is str 'cover -1', expected Modifier or list[Modifier]"),
        ("resolve_hit", lambda: [Step(kind="hit", value=1), None],
         "returned a list whose item 1 is NoneType None, expected Step or list[Step]"),
        ("check_attack", lambda: ["too far", 3], "returned a list whose item 1 is int 3, expected str or list[str]"),
        ("resolve_hit", lambda: 1 / 0, "ZeroDivisionError: division by zero"),
        # a plugin looping by mistake is named before it fills memory and the terminal
        ("resolve_hit", lambda: [Step(kind="hit", value=1)] * 10_001, "returned 10001 steps; at most 10000 a call"),
        ("modify_pool", lambda: [Modifier(label="x", value=1)] * 1_001,
         "returned 1001 modifiers; at most 1000 a call"),
        ("resolve_hit", lambda dice: dice.pool(1_001, "to hit", sides=6),
         "ValueError: to hit: 1001 dice asked for in one roll; at most 1000 are rolled at once"),
        ("resolve_hit", lambda dice: dice.roll(6, "to hit", count=5_000),
         "ValueError: to hit: 5000 dice asked for in one roll; at most 1000 are rolled at once"),
    ],
)
def test_misbehaving_plugins_are_named(registry, doc, hook, fn, message):
    _variant(registry, "toy.bad", **{hook: fn})
    with pytest.raises(PluginFailed) as info:
        run(registry, _attack(registry, doc, "toy.bad"), seed=1)
    assert info.value.plugin == "toy.bad" and info.value.hook == hook
    assert message in str(info.value)


class _Whole:
    """A whole number that is no int (as numpy's are)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


@pytest.mark.parametrize(
    "ask, message",
    [
        # a roll of no die or a die of no side gave a chain ("-2d6 [] = 0", "1d0 [1]"), and odds that failed
        # with gunline's own assertion or a ZeroDivisionError
        (lambda dice: dice.roll(0, "to hit"), "to hit: a die of 0 sides asked for; a die has 1 to 1000 sides"),
        (lambda dice: dice.roll(6, "to hit", count=-2),
         "to hit: a roll of -2 dice asked for; a roll is of 1 to 1000 dice (to roll none, leave the roll out"),
        (lambda dice: dice.roll(6, "to hit", count=0), "to hit: a roll of 0 dice asked for"),
        (lambda dice: dice.pool(3, "to hit", sides=-6), "to hit: a die of -6 sides asked for"),
        # the exact odds of a die of a trillion sides filled memory; this one only takes long
        (lambda dice: dice.roll(5_000, "to hit"), "to hit: a die of 5000 sides asked for"),
        (lambda dice: dice.roll(6.5, "to hit"), "to hit: sides=6.5; a rule asks for a whole number (an int) of sides"),
        (lambda dice: dice.pool(2.5, "to hit", sides=6), "to hit: count=2.5; a rule asks for a whole number"),
    ],
)
def test_a_dice_request_no_die_answers_is_named_in_a_chain_and_in_the_odds(registry, doc, ask, message):
    from gunline.odds import compute_odds

    def resolve_hit(dice):
        ask(dice)
        return Step(kind="hit", value=0)

    _variant(registry, "toy.bad", resolve_hit=resolve_hit)
    attack = _attack(registry, doc, "toy.bad")
    for call in (lambda: run(registry, attack, seed=1), lambda: compute_odds(registry, attack)):
        with pytest.raises(PluginFailed) as info:
            call()
        assert (info.value.plugin, info.value.hook) == ("toy.bad", "resolve_hit")
        assert message in str(info.value)


def test_whole_numbers_that_are_no_int_and_a_pool_of_fewer_than_none_are_still_asked_for(registry, doc):
    def resolve_hit(dice):
        pair = dice.roll(_Whole(6), "to hit", count=_Whole(2))
        none = dice.pool(-3, "to hit", sides=_Whole(6))
        return Step(kind="hit", value=1, rolls=[pair.roll, none.roll])

    _variant(registry, "toy.bad", resolve_hit=resolve_hit)
    chain, _ = run(registry, _attack(registry, doc, "toy.bad"), faces=[3, 4] * len(doc["targets"]))
    rolls = next(step for step in chain.steps if step.source == "toy.bad").rolls
    assert [(roll.dice, roll.values, roll.total) for roll in rolls] == [("2d6", [3, 4], 7), ("0d6", [], 0)]


def test_a_step_that_gives_a_state_to_a_target_the_attack_lacks_is_named(registry, doc):
    """A chain must not report a fighter nobody shot at: the plugin and its step are
    named, in a resolution and in the odds (which would count him)."""
    from gunline.odds import compute_odds

    ghost = Step(kind="hit", value=1, text="x", target="Nobody", target_state={"status": "dead"})
    _variant(registry, "toy.ghost", resolve_hit=lambda: ghost)
    attack = _attack(registry, doc, "toy.ghost")
    names = ", ".join(repr(t.name) for t in attack.targets)
    for call in (lambda: run(registry, attack, seed=1), lambda: compute_odds(registry, attack)):
        with pytest.raises(PluginFailed) as info:
            call()
        assert (info.value.plugin, info.value.hook) == ("toy.ghost", "its hit step"), str(info.value)
        assert f"gave a state to target 'Nobody', which is not one of the attack's targets ({names})" in str(info.value)
    # a step that names one of the attack's own targets is no stranger
    _variant(registry, "toy.named", resolve_hit=lambda target: Step(kind="hit", value=0, target=target.name,
                                                                      target_state={"status": "wounded"}))
    chain = run(registry, _attack(registry, doc, "toy.named"), seed=1)[0]
    assert [s.target for s in chain.steps if s.kind == "hit"] == [t["name"] for t in doc["targets"]]


def test_wrappers_go_through_pluggy_and_keep_their_semantics(registry, doc):
    mod = types.ModuleType("toy.wrap")
    mod.gunline_variant = hookimpl(lambda: Variant(name="toy.wrap", ruleset="toy", api=2))

    def spend_ammo():
        step = yield
        step.text = "wrapped: " + step.text
        return step

    mod.spend_ammo = hookimpl(wrapper=True)(spend_ammo)
    registry.add("toy.wrap", mod)
    chain, _ = run(registry, _attack(registry, doc, "toy.wrap"), faces=[1, 1])
    assert chain.steps[-1].text == "wrapped: 5 left"


def test_same_seed_gives_byte_identical_chain_json(registry, doc):
    attack = _attack(registry, doc)
    a, _ = run(registry, attack, seed=99)
    b, _ = run(registry, attack, seed=99)
    assert chain_json(a) == chain_json(b)
    assert a.seed == 99


def test_replaying_a_chains_dice_gives_the_same_chain(registry, doc):
    attack = _attack(registry, doc)
    for seed in range(20):
        random_chain, _ = run(registry, attack, seed=seed)
        replay, unused = run(registry, attack, faces=random_chain.dice, manual=False)
        assert unused == 0
        random_chain.seed = None
        assert chain_json(replay) == chain_json(random_chain)


def test_hooks_do_not_see_each_others_mutations_of_the_attack(registry, doc):
    attack = _attack(registry, doc)
    with pytest.raises(AttributeError):
        attack.mode = "double"  # Attack is frozen
    stack = registry.stack("toy")
    assert resolve(stack, attack, RandomDice(1)).ruleset == "toy"


def test_typed_dice_are_marked_manual_in_the_chain(registry, doc):
    chain, _ = run(registry, _attack(registry, doc), faces=[5, None], seed=4)
    assert chain.manual == [0]
    rolls = [r for s in chain.steps for r in s.rolls]
    assert [r.manual for r in rolls] == [True, False]


def test_an_encounters_saved_unit_is_overlaid_model_by_model_when_its_models_changed():
    """``overlay``: the saved state over the rules' start, a unit's models one by one
    when the unit is not made of the models it was saved with."""
    from gunline.engine import overlay

    def fresh():
        return {"status": "unharmed", "models": {"A": {"status": "unharmed", "hp": 2},
                                                 "C": {"status": "unharmed", "hp": 2}}}

    saved = {"status": "wounded", "models": {"A": {"status": "down", "hp": 0}, "B": {"status": "down", "hp": 0}}}
    state = fresh()
    overlay(state, saved)
    assert state == {"status": "wounded", "models": {"A": {"status": "down", "hp": 0},  # as saved
                                                     "C": {"status": "unharmed", "hp": 2}}}  # new: fresh; B: gone
    assert list(state["models"]) == ["A", "C"]  # in the rules' order
    same = {"status": "wounded", "models": {"C": {"status": "down", "hp": 0}, "A": {"status": "down", "hp": 1}}}
    state = fresh()
    overlay(state, same)
    assert state["models"] is same["models"]  # the same models: the saved ones whole, as ever
    lone = {"status": "unharmed"}  # rules that start no models: the saved ones whole
    overlay(lone, saved)
    assert lone == saved
    state = fresh()
    overlay(state, {"status": "down"})  # nothing saved of the models: the rules'
    assert state == {**fresh(), "status": "down"}


def test_a_plugins_fault_names_the_line_of_the_plugin_it_came_from(registry, doc, tmp_path, monkeypatch):
    """"failed in resolve_hit: ValueError: …" left the author to rerun with --debug to
    find where: the plugin's own line is named, not the dice's or Python's that raised
    for it (a helper module of the plugin's package counts as the plugin)."""
    package = tmp_path / "gunline_faulty"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(
        "import json\n"
        "\n"
        "def too_many(dice):\n"
        "    return dice.pool(5_000, 'to hit', sides=6)\n"
        "\n"
        "def bad_json():\n"
        "    return json.loads('{nope')\n"
    )
    (package / "rules.py").write_text(
        "from gunline import Variant, hookimpl\n"
        "from . import helpers\n"
        "\n"
        "@hookimpl\n"
        "def gunline_variant():\n"
        "    return Variant(name='toy.faulty', ruleset='toy', api=2)\n"
        "\n"
        "@hookimpl\n"
        "def resolve_hit(dice):\n"
        "    return helpers.too_many(dice)\n"
        "\n"
        "@hookimpl\n"
        "def modify_pool():\n"
        "    return helpers.bad_json()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    registry.add("toy.faulty", importlib.import_module("gunline_faulty.rules"))
    with pytest.raises(PluginFailed) as info:
        run(registry, _attack(registry, doc, "toy.faulty"), seed=1)
    assert str(info.value).endswith("(at gunline_faulty/helpers.py:7)")  # json's own frames passed over
    assert info.value.hook == "modify_pool"
    monkeypatch.setattr(importlib.import_module("gunline_faulty.helpers"), "bad_json", lambda: None)
    with pytest.raises(PluginFailed) as info:
        run(registry, _attack(registry, doc, "toy.faulty"), seed=1)
    assert info.value.hook == "resolve_hit"
    assert str(info.value).endswith("at most 1000 are rolled at once (at gunline_faulty/helpers.py:4)")


def test_a_plugin_installed_in_the_interpreters_own_site_packages_is_not_taken_for_python(monkeypatch):
    """Outside a virtual environment site-packages lies inside the standard library's
    folder: a plugin's frame there was passed over as Python's own."""
    import sysconfig

    from gunline.errors import raised_at

    lib = "/opt/python/lib/python3.11"
    monkeypatch.setattr(sysconfig, "get_paths", lambda: {"stdlib": lib, "purelib": f"{lib}/site-packages",
                                                         "platlib": f"{lib}/site-packages"})

    def raised_in(filename: str) -> str:
        scope: dict = {}
        exec(compile("def rule():\n    raise ValueError('x')\n", filename, "exec"), scope)
        with pytest.raises(ValueError) as info:
            scope["rule"]()
        return raised_at(info.value)

    assert raised_in(f"{lib}/site-packages/gunline_raid/rules.py") == " (at gunline_raid/rules.py:2)"
    assert "decoder.py" not in raised_in(f"{lib}/json/decoder.py")  # Python's own: the caller's line instead
