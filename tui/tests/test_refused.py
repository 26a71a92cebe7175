"""A refused attack (or an invalid scenario) clears the last chain: its outcome lines
must not be read out under the "cannot resolve" line."""

from __future__ import annotations

from textual.widgets import Tree

from gunline.runner import run
from gunline.scenario import build_attack
from gunline_tui.app import make_app
from gunline_tui.screens.resolving import filed_path
from gunline_tui.testing import field_error, run_async, screen_text, set_field, settle

DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


def shown(app) -> tuple[str, str, list[str]]:
    """The chain pane as a person sees it at 80x24: title, outcome lines, and the
    tree's lines that are on screen."""
    main = app.main
    title = str(main.query_one("#chain-title").render())
    outcomes = str(main.query_one("#outcomes").render())
    tree = main.query_one("#chain-tree", Tree)
    lines = [str(tree.get_node_at_line(i).label) for i in range(tree.last_line + 1)]
    return title, outcomes, lines


@run_async
async def test_a_refused_attack_clears_the_previous_outcomes_and_chain_even_when_odds_arrive(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title, outcomes, lines = shown(app)
        before = app.main.chain
        assert before is not None and "► " in outcomes and lines
        # one round left, a double shot needs two: the rules refuse the attack
        await set_field(pilot, "weapon.rounds", "1")
        await settle(pilot)
        await pilot.pause(0.6)  # the odds of the refused scenario come in meanwhile
        await settle(pilot)
        title, outcomes, lines = shown(app)
        assert title.startswith("✗ cannot resolve: refused: weapon: 1 rounds left, a double shot needs 2")
        assert "►" not in outcomes and "no outcome" in outcomes
        assert lines == []
        text = screen_text(app)
        for line in before.outcomes.values():
            assert f"► {line}" not in text
        assert app.main.shown is None  # nothing to commit either
        # a shot that fits the clip resolves again, with its own outcome lines
        await set_field(pilot, "weapon.rounds", "2")
        await settle(pilot)
        title, outcomes, lines = shown(app)
        assert "cannot resolve" not in title and "no outcome" not in outcomes
        attack = build_attack(toy_registry, {**DOC, "weapon": {"name": "pistol", "rounds": 2}})
        expected, _ = run(toy_registry, attack, seed=app.main.seed)
        for line in expected.outcomes.values():
            assert line in outcomes
        assert any(line.startswith("Bo") for line in lines) and any(line.startswith("dice: ") for line in lines)


@run_async
async def test_an_invalid_field_clears_the_chain_too(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "targets[1].wounds", "0")
        await settle(pilot)
        title, outcomes, lines = shown(app)
        assert title.startswith("✗ cannot resolve: targets[1].wounds")
        assert "►" not in outcomes and lines == []


@run_async
async def test_a_refusal_is_shown_under_the_field_it_names(wod_registry):
    doc = {"ruleset": "wod", "mode": "single", "shooter": {"name": "Carter", "dexterity": 3, "firearms": 3},
           "weapon": {"name": "heavy pistol"}, "targets": [{"name": "Farrow"}, {"name": "Sykes"}]}
    app = make_app(wod_registry, doc=doc)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert field_error(app, "mode") is None
        await set_field(pilot, "mode", "short")
        await settle(pilot)
        title, _outcomes, _lines = shown(app)
        assert title.startswith("✗ cannot resolve: refused: mode: the heavy pistol cannot autofire: fire a single "
                                "shot")
        # the first reason under its field, alone; every reason over the chain, each with its path
        assert field_error(app, "mode") == "✗ refused: the heavy pistol cannot autofire: fire a single shot"
        assert "; targets: 2 intended targets (Farrow, Sykes)" in title
        # one about a target as a whole goes under its name
        await set_field(pilot, "mode", "single")
        await set_field(pilot, "targets[1].avoided", True)
        await set_field(pilot, "targets[1].bystander", True)
        await settle(pilot)
        assert field_error(app, "mode") is None
        assert field_error(app, "targets[1].name") == "✗ refused: Sykes is avoided or a bystander, not both"


@run_async
async def test_a_refusal_about_the_weapon_as_a_whole_goes_under_its_name(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await set_field(pilot, "weapon.rounds", "1")
        await settle(pilot)
        assert field_error(app, "weapon.name") == ("✗ refused: 1 rounds left, a double shot needs 2: "
                                                   "reload or fire single")


def test_a_refused_target_is_named_where_the_form_lists_it(toy_registry):
    doc = {**DOC, "targets": [{"name": "Cy", "wounds": 2}, {"name": "Bo"}]}
    attack = build_attack(toy_registry, DOC)  # as the rules list them: Bo, Cy
    assert filed_path("targets[0].cover", attack, doc) == "targets[1].cover"
    assert filed_path("targets[1]", attack, doc) == "targets[0]"
    assert filed_path("targets[7]", attack, doc) == "targets[7]"
    assert filed_path("weapon.rounds", attack, doc) == "weapon.rounds"
    assert filed_path("targets[0]", attack, {**doc, "targets": [{"name": "Dee"}]}) == "targets[0]"
