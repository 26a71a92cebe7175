"""After an edit the chain tree is updated in place: the same nodes, their labels set
to what a tree built afresh from the new chain would show."""

from __future__ import annotations

from textual.widgets import Tree

from gunline.replay import compare
from gunline_tui.app import make_app
from gunline_tui.testing import run_async, set_field, settle
from gunline_tui.widgets.chain_view import chain_nodes

DOC = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}, {"name": "Cy", "wounds": 2, "cover": True}],
}


def tree_lines(node) -> list[tuple[int, str]]:
    out = []
    for child in node.children:
        out.append((child.id, child.label.plain))
        out.extend(tree_lines(child))
    return out


def plan_lines(nodes) -> list[str]:
    out = []
    for n in nodes:
        out.append(n.label.plain)
        out.extend(plan_lines(n.children))
    return out


@run_async
async def test_an_edit_sets_labels_in_place_and_matches_a_fresh_tree(toy_registry):
    app = make_app(toy_registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tree = app.main.query_one("#chain-tree", Tree)
        before = tree_lines(tree.root)
        first = app.main.chain
        await set_field(pilot, "shooter.skill", "6")  # same dice, a harder roll
        await settle(pilot)
        after = tree_lines(tree.root)
        fresh = plan_lines(chain_nodes(app.main.chain, compare(first, app.main.chain)))
        assert [label for _id, label in after] == fresh
        assert [label for _id, label in after] != [label for _id, label in before]
        # the nodes that were there are still there, in the same order: nothing rebuilt
        kept = {node_id for node_id, _label in before}
        assert [i for i, _label in after if i in kept] == [i for i, _label in before]


def test_a_step_changed_only_in_its_dice_or_modifiers_says_which():
    """9-again on and off: the step was marked ≠ and its "was:" line read as the step
    itself (the same successes, the same words)."""
    from gunline.models import Modifier, Roll, Step
    from gunline_tui.widgets.chain_view import was_lines

    roll = Roll(label="attack pool", dice="4d10", values=[8, 9, 2, 7], total=2, need="8+")
    again = Roll(label="attack pool", dice="4d10", values=[8, 9, 2, 7, 3], total=2, need="8+")
    old = Step(kind="hit", value=2, text="2 successes", rolls=[roll])
    assert was_lines(old, Step(kind="hit", value=2, text="2 successes", rolls=[again])) == [
        "was, the same result: attack pool 4d10: 8 9 2 7 → 2 (needs 8+)"]
    with_mod = Step(kind="hit", value=2, text="2 successes", rolls=[roll],
                    modifiers=[Modifier(label="aiming", value=1, source="wod")])
    assert was_lines(with_mod, old) == ["was, the same result: modifiers +1 aiming (wod)"]
    assert was_lines(old, with_mod) == ["was, the same result: modifiers none"]
    assert was_lines(old, Step(kind="hit", value=3, text="3 successes", rolls=[roll])) == ["was: hit 2  2 successes"]
