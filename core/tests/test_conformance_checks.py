"""Each conformance check fails on a ruleset that breaks its promise, with a message
that names the promise; and the suite, run by pytest, reports the failing check."""

import importlib.util
import random
from pathlib import Path
from typing import Annotated

import msgspec
import pytest

from gunline import PluginFailed, Registry, Step, hookimpl
from gunline.dice import at_least
from gunline.testing import ConformanceError, checks

_spec = importlib.util.spec_from_file_location("conformance_helpers", Path(__file__).parent / "conformance_helpers.py")
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)

pytest_plugins = ["pytester"]

SINGLE = helpers.EXAMPLES / "single.toml"
DOUBLE = helpers.EXAMPLES / "double.toml"


def registry_with(toy):
    registry = Registry()
    registry.add("toy", toy)
    return registry


def attack(registry, path=SINGLE):
    return checks.load_example(registry, path)


def test_the_honest_toy_passes_every_check():
    registry = registry_with(helpers.fresh_toy())
    checks.check_declaration(registry, "toy")
    for path in (SINGLE, DOUBLE):
        a = attack(registry, path)
        checks.resolves(registry, a, range(4))
        checks.check_same_seed_same_chain(registry, a, [0, 1, 2])
        checks.check_replay(registry, a, [0, 1, 2])
        checks.check_no_mutation(registry, a, [0, 1, 2])
        checks.check_round_trip(registry, a)
        checks.check_invalid_files(registry, path)


def test_a_die_from_the_random_module_breaks_seeding_and_replay():
    toy = helpers.fresh_toy()
    rng = random.Random()  # not the dice argument: a seed does not fix it

    @hookimpl
    def build_pool(attack, target, modifiers):
        need = attack.shooter.skill - sum(m.value for m in modifiers) + rng.choice([0, 5])
        return Step(kind="pool", value=need, text=f"needs {need}+", modifiers=modifiers)

    toy.build_pool = build_pool
    registry = registry_with(toy)
    a = attack(registry)
    with pytest.raises(ConformanceError, match="gave two different chains"):
        checks.check_same_seed_same_chain(registry, a, list(range(20)))
    with pytest.raises(ConformanceError, match="replaying the dice"):
        checks.check_replay(registry, a, list(range(20)))


def test_state_kept_between_calls_breaks_seeding():
    toy = helpers.fresh_toy()
    calls = []

    @hookimpl
    def spend_ammo(attack, state):
        calls.append(1)  # a counter that outlives the attack
        left = state.weapon["rounds_left"] - len(calls)
        return Step(kind="ammo", value=1, weapon_state={"rounds_left": left, "status": "ok"})

    toy.spend_ammo = spend_ammo
    registry = registry_with(toy)
    with pytest.raises(ConformanceError, match="seed 0 gave two different chains"):
        checks.check_same_seed_same_chain(registry, attack(registry), [0])


def test_a_hook_that_catches_dice_needed_is_caught():
    toy = helpers.fresh_toy()

    @hookimpl
    def resolve_hit(attack, target, pool, dice):
        try:
            roll = dice.roll(6, "to hit", read=at_least(pool.value))
        except Exception:
            return Step(kind="hit", value=0, text="miss")
        return Step(kind="hit", value=int(roll.value), rolls=[roll.roll])

    toy.resolve_hit = resolve_hit
    registry = registry_with(toy)
    with pytest.raises(ConformanceError, match="catching DiceNeeded"):
        checks.check_replay(registry, attack(registry), [0])


@pytest.mark.parametrize(
    "hook_name, argument",
    [("modify_pool", "target"), ("resolve_wound", "state")],
)
def test_a_hook_that_changes_its_arguments_is_named(hook_name, argument):
    toy = helpers.fresh_toy()

    @hookimpl
    def modify_pool(target):
        target.cover = False  # the target Struct is not frozen: this changes the scenario

    @hookimpl
    def resolve_wound(target, hit, state):
        state.targets[target.name]["wounds_left"] -= hit.value
        left = state.targets[target.name]["wounds_left"]
        return Step(kind="wound", value=hit.value, target_state={"status": "dead" if left <= 0 else "wounded"})

    setattr(toy, hook_name, locals()[hook_name])
    registry = registry_with(toy)
    with pytest.raises(ConformanceError, match=f"{hook_name} changed its argument .*'{argument}'"):
        checks.check_no_mutation(registry, attack(registry), list(range(10)))


@pytest.mark.parametrize(
    "wound, message",
    [
        (lambda hit: None, "was hit but has no wound step"),
        # refused by gunline itself now (run() checks every chain), naming the hook
        (lambda hit: Step(kind="wound", value=1, target_state={"status": "Dead"}),
         "'toy' failed in resolve_wound: .*status 'Dead', which the ruleset 'toy' does not declare"),
        (lambda hit: Step(kind="wound", value=1, target_state={"status": "dead", "marks": (1, 2)}),
         "does not read back to the same chain"),
    ],
)
def test_the_chain_contract(wound, message):
    toy = helpers.fresh_toy()
    toy.resolve_wound = hookimpl(lambda hit: wound(hit))
    toy.resolve_wound.__name__ = "resolve_wound"
    registry = registry_with(toy)
    with pytest.raises((ConformanceError, PluginFailed), match=message):
        checks.resolves(registry, attack(registry), range(20))


class LooseTarget(msgspec.Struct, kw_only=True):
    name: str
    wounds: int = 1
    cover: bool = False


class Ambiguous(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    skill: int | dict[str, str] = 4  # a table is accepted where a number is meant


class Growing(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: str
    skill: Annotated[int, msgspec.Meta(ge=2)] = 4

    def __post_init__(self):
        self.skill += 1  # not idempotent: every save and load makes the shooter better


def _toy_with(**structs):
    toy = helpers.fresh_toy()
    declare = toy.gunline_ruleset

    @hookimpl
    def gunline_ruleset():
        return msgspec.structs.replace(declare(), **structs)

    toy.gunline_ruleset = gunline_ruleset
    return registry_with(toy)


def test_a_struct_that_accepts_unknown_fields_is_reported():
    registry = _toy_with(target=LooseTarget)
    with pytest.raises(ConformanceError, match="Struct LooseTarget accepts unknown fields"):
        checks.check_declaration(registry, "toy")


def test_an_example_folder_without_scenarios_is_reported(tmp_path):
    registry = _toy_with(examples=str(tmp_path))
    with pytest.raises(ConformanceError, match=r"no \*\.toml scenario"):
        checks.check_declaration(registry, "toy")


def test_a_field_that_accepts_a_table_for_a_number_is_reported():
    registry = _toy_with(shooter=Ambiguous)
    with pytest.raises(ConformanceError, match=r"wrong type for skill: the file was accepted; give shooter.skill"):
        checks.check_invalid_files(registry, SINGLE)


def test_a_struct_that_changes_on_load_fails_the_round_trip():
    registry = _toy_with(shooter=Growing)
    with pytest.raises(ConformanceError, match="reads as another attack"):
        checks.check_round_trip(registry, attack(registry))


def test_invalid_documents_name_each_table_and_field():
    registry = registry_with(helpers.fresh_toy())
    doc = checks.read_document(SINGLE)
    paths = {(path, what) for path, what, _ in checks.invalid_documents(registry, doc)}
    assert ("shooter.no_such_field_zz", "unknown field") in paths
    assert ("targets[0].wounds", "wrong type for wounds") in paths
    assert ("shooter.name", "name left out") in paths
    assert ("weapon.rounds", "wrong type for rounds") in paths
    assert ("no_such_field_zz", "unknown top-level key") in paths


def test_pytest_reports_the_broken_check_by_name(pytester):
    """The suite as a ruleset author runs it: three lines, and pytest names what broke."""
    pytester.makepyfile(
        test_rules=f"""
        import importlib.util
        from gunline import Step, hookimpl
        from gunline.testing import RulesetConformance

        spec = importlib.util.spec_from_file_location("h", {str(Path(__file__).parent / "conformance_helpers.py")!r})
        helpers = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(helpers)
        toy = helpers.fresh_toy()
        calls = []

        @hookimpl
        def resolve_wound(target, hit, state):
            calls.append(1)  # keeps state between calls: every other call wounds once more
            left = state.targets[target.name]["wounds_left"] - hit.value - len(calls) % 2
            status = "dead" if left <= 0 else "wounded"
            return Step(kind="wound", value=hit.value, target_state={{"status": status, "wounds_left": left}})

        toy.resolve_wound = resolve_wound

        class TestToy(RulesetConformance):
            ruleset = "toy"
            plugins = {{"toy": toy}}
            seeds = range(30)
            test_scenario_round_trip = None  # left out: a check can be switched off
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-q")
    result.assert_outcomes(passed=16, failed=13, skipped=1)  # 2 round trips left out
    result.stdout.fnmatch_lines([
        "FAILED test_rules.py::TestToy::test_same_dice_same_chain_whatever_ran_before[[]double[]]*",
        "FAILED test_rules.py::TestToy::test_same_dice_same_chain_whatever_ran_before[[]single[]]*",
        "FAILED test_rules.py::TestToy::test_same_dice_same_chain_in_another_process*",
        "FAILED test_rules.py::TestToy::test_same_seed_same_chain[[]double[]]*",
        "FAILED test_rules.py::TestToy::test_same_seed_same_chain[[]single[]]*",
        "FAILED test_rules.py::TestToy::test_replay_gives_the_same_chain[[]double[]]*",
        "FAILED test_rules.py::TestToy::test_replay_gives_the_same_chain[[]single[]]*",
        "FAILED test_rules.py::TestToy::test_odds[[]double[]]*",
        "FAILED test_rules.py::TestToy::test_odds[[]single[]]*",
        "FAILED test_rules.py::TestToy::test_the_interpreters_agree[[]double[]]*",
        "FAILED test_rules.py::TestToy::test_the_interpreters_agree[[]single[]]*",
        "FAILED test_rules.py::TestToy::test_rules_read_only_what_they_declare[[]double[]]*",
        "FAILED test_rules.py::TestToy::test_rules_read_only_what_they_declare[[]single[]]*",
    ], consecutive=False)


def test_a_variant_for_any_ruleset_is_run_under_a_rulesets_suite_when_named(pytester):
    """A rule-agnostic variant is no ruleset's own: its author names it in
    ``variants`` to run a ruleset's suite under it, and a name that cannot be enabled
    fails instead of skipping every check under it."""
    pytester.makepyfile(
        test_rules=f"""
        import importlib.util, types
        from gunline import Modifier, Variant, hookimpl
        from gunline.testing import RulesetConformance

        spec = importlib.util.spec_from_file_location("h", {str(Path(__file__).parent / "conformance_helpers.py")!r})
        helpers = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(helpers)
        streaky = types.SimpleNamespace()
        calls = []

        @hookimpl
        def gunline_variant():
            return Variant(name="streaky", ruleset=None, description="hot hands", api=2)

        @hookimpl
        def modify_pool(attack, target):
            calls.append(1)  # keeps state between calls
            return Modifier(label="streak", value=len(calls) % 3 - 1)

        streaky.gunline_variant, streaky.modify_pool = gunline_variant, modify_pool

        class TestUnderToy(RulesetConformance):
            ruleset = "toy"
            plugins = {{"toy": helpers.fresh_toy(), "streaky": streaky}}
            variants = ("streaky",)

        class TestMisnamed(RulesetConformance):
            ruleset = "toy"
            plugins = {{"toy": helpers.fresh_toy()}}
            variants = ("streaky",)
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-q", "-k", "same_seed_same_chain or variants_named")
    result.stdout.fnmatch_lines(["*variants [[]'streaky'[]] named in TestMisnamed.variants cannot be enabled under "
                                 "'toy'; installed for it: none*"])
    result.stdout.fnmatch_lines([
        "FAILED test_rules.py::TestUnderToy::test_same_seed_same_chain[[]double+streaky[]]*",
        "FAILED test_rules.py::TestUnderToy::test_same_seed_same_chain[[]single+streaky[]]*",
        "FAILED test_rules.py::TestMisnamed::test_variants_named_can_be_enabled*",
    ], consecutive=False)
    result.assert_outcomes(passed=5, failed=3, skipped=4)  # the misnamed one's cases: skipped, and said above


def test_a_missing_ruleset_fails_with_what_to_do(pytester):
    pytester.makepyfile(
        test_rules="""
        from gunline.testing import RulesetConformance

        class TestMissing(RulesetConformance):
            ruleset = "no-such-game"
            plugins = {}
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-q")
    result.stdout.fnmatch_lines(["*ruleset 'no-such-game' is not installed*install the distribution*"])
    assert result.ret != 0


def _peeking_toy():
    """Reads "4+" of its to-hit die, then counts a natural 6 twice by its face."""
    toy = helpers.fresh_toy()

    @hookimpl
    def resolve_hit(attack, target, pool, dice):
        roll = dice.roll(6, "to hit", read=at_least(pool.value), target=target.name)
        hits = 2 if roll.roll.values[0] == 6 else int(roll.value)
        return Step(kind="hit", value=hits, rolls=[roll.roll])

    toy.resolve_hit = resolve_hit
    return toy


def test_a_face_read_beyond_its_read_shows_in_the_odds():
    """The exact odds follow the read and cannot see the natural 6; seeded Monte
    Carlo, which rolls every face, does."""
    from gunline.testing.odds import check_odds

    registry = registry_with(_peeking_toy())
    with pytest.raises(ConformanceError, match=r"P\(Bo dead\) is 0.0000 exactly but 0.1"):
        check_odds(registry, attack(registry), 500)


def test_a_face_read_beyond_its_read_is_found_by_swapping_faces():
    """The read check names the roll, the two faces and the step that changed."""
    from gunline.testing.reads import check_reads

    registry = registry_with(_peeking_toy())
    with pytest.raises(ConformanceError) as info:
        check_reads(registry, attack(registry))
    message = str(info.value)
    assert "roll 'to hit' for Bo (dice request 1): faces [5] and [6] read the same (True)" in message
    assert "step 2 (hit, Bo): value 1 instead of 2" in message
    check_reads(registry_with(helpers.fresh_toy()), attack(registry))  # the honest toy passes


def test_the_d20_that_peeks_fails_the_read_check_and_the_honest_one_passes(monkeypatch):
    """A d20 rule that declares "17+" and takes a natural 20 as a kill: its exact odds
    say no kill ever happens (the read check's fixture)."""
    import sys
    from pathlib import Path

    from gunline.scenario import build_attack
    from gunline.testing.helpers import registry_of
    from gunline.testing.reads import check_reads

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "fixtures"))
    import d20_peeks

    registry = registry_of(d20_peeks)
    doc = {"ruleset": "d20peek", "shooter": {"name": "A"}, "weapon": {"name": "bow"}, "targets": [{"name": "orc"}]}
    d20 = build_attack(registry, doc)
    with pytest.raises(ConformanceError, match=r"faces \[17\] and \[20\] read the same \(True\).*step 2 \(hit, orc\)"):
        check_reads(registry, d20)
    monkeypatch.setattr(d20_peeks, "PEEK", False)
    check_reads(registry, d20)
    sys.modules.pop("d20_peeks", None)


def test_a_d100_that_peeks_at_one_face_among_the_hits_fails_the_read_check(monkeypatch):
    """Every face of a single die's reading is tried, not a sample: a rule that reads
    "65 or less" and takes a 37 as a kill is found."""
    import sys
    from pathlib import Path

    from gunline.scenario import build_attack
    from gunline.testing.helpers import registry_of
    from gunline.testing.reads import check_reads

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "fixtures"))
    import d20_peeks

    monkeypatch.setattr(d20_peeks, "D100", True)
    registry = registry_of(d20_peeks)
    doc = {"ruleset": "d20peek", "shooter": {"name": "A"}, "weapon": {"name": "bow"}, "targets": [{"name": "orc"}]}
    with pytest.raises(ConformanceError, match=r"and \[37\] read the same \(True\).*step 2 \(hit, orc\)"):
        check_reads(registry, build_attack(registry, doc))
    sys.modules.pop("d20_peeks", None)


@pytest.mark.parametrize(("kind", "says"), [("POOL", r"and \[\d+, \d+, \d+\] read the same"),
                                          ("SUM", r"read the same \(True\)")])
def test_a_peek_at_one_die_of_a_pool_or_one_total_of_a_sum_fails_the_read_check(monkeypatch, kind, says):
    """Every die of a pool is swapped for every other face of its kind, and a sum's
    dice for those of every other total that reads the same: a rule taking a 4 among
    a pool's failures, or a total of 9 among 2d6's 7+, as something else is found."""
    import sys
    from pathlib import Path

    from gunline.scenario import build_attack
    from gunline.testing.helpers import registry_of
    from gunline.testing.reads import check_reads

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "fixtures"))
    import d20_peeks

    monkeypatch.setattr(d20_peeks, kind, True)
    registry = registry_of(d20_peeks)
    doc = {"ruleset": "d20peek", "shooter": {"name": "A"}, "weapon": {"name": "bow"}, "targets": [{"name": "orc"}]}
    attack = build_attack(registry, doc)
    with pytest.raises(ConformanceError, match=says):
        check_reads(registry, attack)
    monkeypatch.setattr(d20_peeks, "PEEK", False)
    check_reads(registry, attack)
    sys.modules.pop("d20_peeks", None)


def test_the_conformance_suite_itself_fails_the_d20_that_peeks(monkeypatch):
    """The suite a ruleset subclasses, run on the fixture's example: its read check
    fails, naming the roll, the faces and the step; every other check passes."""
    import sys
    from pathlib import Path

    from gunline.testing import RulesetConformance

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "fixtures"))
    import d20_peeks

    class Suite(RulesetConformance):  # made here, not collected: its failure is the point
        ruleset = "d20peek"
        plugins = {"d20peek": d20_peeks}

    (case,) = Suite.conformance_cases(with_variants=False)
    with pytest.raises(ConformanceError, match=r"faces \[17\] and \[20\] read the same.*step 2 \(hit, orc\)"):
        Suite().test_rules_read_only_what_they_declare(case)
    suite = Suite()
    for check in (suite.test_example_resolves, suite.test_same_seed_same_chain, suite.test_replay_gives_the_same_chain,
                  suite.test_hooks_leave_their_arguments_alone):
        check(case)  # it is deterministic and pure: only the read check finds it
    sys.modules.pop("d20_peeks", None)


def test_the_honest_toy_odds_agree():
    from gunline.testing.odds import check_odds

    registry = registry_with(helpers.fresh_toy())
    for path in (SINGLE, DOUBLE):
        check_odds(registry, attack(registry, path), 500)


def test_rounds_read_from_the_scenario_instead_of_the_state_are_caught():
    toy = helpers.fresh_toy()

    @hookimpl
    def spend_ammo(attack, state):
        left = attack.weapon.rounds - 1  # the file's rounds: wrong from the second attack on
        return Step(kind="ammo", value=1, weapon_state={"rounds_left": left, "status": "ok"})

    toy.spend_ammo = spend_ammo
    registry = registry_with(toy)
    with pytest.raises(ConformanceError, match="began with 5 rounds left, spent 1 and ended with 5"):
        checks.check_next_attack_starts_where_the_last_ended(registry, attack(registry), [0])


def test_a_read_the_odds_cannot_see_shows_against_whole_chains():
    """The wound hook reads the attack's hit count through an unbound ``dict.get``,
    which the recording views do not see: the hook-by-hook odds hand the second
    target's wound the first path's outcome, and replaying whole chains shows it."""
    from gunline.scenario import build_attack
    from gunline.testing.odds import check_odds

    toy = helpers.fresh_toy()

    @hookimpl
    def resolve_hit(target, pool, state, dice):
        roll = dice.roll(6, "to hit", read=at_least(pool.value), target=target.name)
        hits = int(roll.value)
        return Step(kind="hit", value=hits, rolls=[roll.roll],
                    attack_state={"hits": state.attack.get("hits", 0) + hits})

    @hookimpl
    def resolve_wound(state):
        return Step(kind="wound", value=dict.get(state.attack, "hits", 0), target_state={"status": "wounded"})

    toy.resolve_hit, toy.resolve_wound = resolve_hit, resolve_wound
    registry = registry_with(toy)
    doc = {"ruleset": "toy", "shooter": {"name": "Ada", "skill": 4}, "weapon": {"name": "pistol", "rounds": 6},
           "targets": [{"name": "Bo"}, {"name": "Cy"}]}
    with pytest.raises(ConformanceError, match="Cy expected wound is .* replaying every whole chain"):
        check_odds(registry, build_attack(registry, doc), 500)


def test_the_interpreters_agree_on_the_honest_toy_and_not_on_a_rule_that_rolls_its_own():
    """The odds interpreter, fed a seeded chain's faces, gives that chain; a rule that
    rolls with its own generator gives another chain for the same faces."""
    import random

    from gunline.testing.interpreters import check_interpreters_agree

    registry = registry_with(helpers.fresh_toy())
    for path in (SINGLE, DOUBLE):
        check_interpreters_agree(registry, attack(registry, path), range(20))
    toy = helpers.fresh_toy()
    own = random.Random(3)

    @hookimpl
    def resolve_hit(attack, target, pool, dice):
        dice.roll(6, "to hit", read=at_least(pool.value), target=target.name)
        return Step(kind="hit", value=int(own.random() < 0.5), text="by its own dice")

    toy.resolve_hit = resolve_hit
    registry = registry_with(toy)
    with pytest.raises(ConformanceError, match="gave another chain"):
        check_interpreters_agree(registry, attack(registry), range(20))
