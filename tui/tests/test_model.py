"""The scenario model: every change undoable and redoable, typing in one field one
step, whole scenarios (open, new, another ruleset) undone with their source."""

from __future__ import annotations

from gunline_tui.model import HISTORY, ScenarioModel, Source

DOC = {"ruleset": "toy", "shooter": {"name": "Ada"}, "weapon": {"name": "pistol"}, "targets": [{"name": "Bo"}]}


def model(changes=None):
    return ScenarioModel.of(DOC, Source(path="raid.toml"), listener=(changes.append if changes is not None else None))


def test_an_edit_is_undone_and_redone_and_the_listener_hears_each():
    changes = []
    m = model(changes)
    m.edit("skill = 4", lambda d: d.set("shooter.skill", 4), path="shooter.skill")
    assert m.doc["shooter"]["skill"] == 4 and m.dirty and m.can_undo and not m.can_redo
    assert m.undo().what == "undone: skill = 4"
    assert "skill" not in m.doc["shooter"] and not m.dirty
    assert m.redo().path == "shooter.skill"
    assert m.doc["shooter"]["skill"] == 4
    assert [c.what for c in changes] == ["skill = 4", "undone: skill = 4", "redone: skill = 4"]
    assert changes[1].replayed and changes[1].structural and not changes[0].structural


def test_keystrokes_in_one_field_are_one_step_and_another_field_starts_a_new_one():
    m = model()
    for text in ("G", "Go", "Gol"):
        m.edit(f"name = {text}", lambda d, t=text: d.set("targets[0].name", t), path="targets[0].name", typing=True)
    m.edit("skill = 3", lambda d: d.set("shooter.skill", 3), path="shooter.skill", typing=True)
    m.edit("name = Golz", lambda d: d.set("targets[0].name", "Golz"), path="targets[0].name", typing=True)
    m.undo()
    assert m.doc["targets"][0]["name"] == "Gol"
    m.undo()
    assert "skill" not in m.doc["shooter"]
    m.undo()
    assert m.doc["targets"][0]["name"] == "Bo"  # the three keystrokes at once
    assert m.undo() is None


def test_a_step_of_keystrokes_is_named_by_the_value_they_came_to():
    """Undo said ``name = default`` for a name cleared and typed again (the first
    keystroke's value), ``skill = 4`` for ``4r``."""
    m = model()
    for text in ("", "B", "Bo", "Bos", "Boss"):
        m.edit(f"name = {text or 'default'}", lambda d, t=text: d.set("targets[0].name", t or None),
               path="targets[0].name", typing=True)
    assert m.undo_label() == "name = Boss"
    assert m.undo().what == "undone: name = Boss" and m.doc["targets"][0]["name"] == "Bo"
    assert m.redo_label() == "name = Boss"
    assert m.redo().what == "redone: name = Boss"


def test_a_change_that_changes_nothing_is_not_a_step():
    m = model()
    m.edit("name = Ada", lambda d: d.set("shooter.name", "Ada"), path="shooter.name")
    assert not m.can_undo


def test_targets_added_removed_and_moved_come_back():
    m = model()
    m.edit("add", lambda d: d.add_target(), structural=True)
    m.edit("name", lambda d: d.set("targets[1].name", "Cy"), path="targets[1].name")
    m.edit("move", lambda d: d.move_target(1, -1), structural=True)
    assert [t.get("name") for t in m.doc["targets"]] == ["Cy", "Bo"]
    m.edit("remove", lambda d: d.remove_target(0), structural=True)
    assert [t.get("name") for t in m.doc["targets"]] == ["Bo"]
    for expected in (["Cy", "Bo"], ["Bo", "Cy"], ["Bo", None], ["Bo"]):
        m.undo()
        assert [t.get("name") for t in m.doc["targets"]] == expected


def test_a_whole_new_scenario_is_undone_with_the_file_it_came_from():
    m = model()
    m.edit("skill", lambda d: d.set("shooter.skill", 5), path="shooter.skill")
    m.replace({"ruleset": "other", "targets": [{}]}, "switch to ruleset other", Source())
    assert m.source == Source() and m.doc["ruleset"] == "other" and not m.dirty
    change = m.undo()
    assert change.replaced and m.source.path == "raid.toml"
    assert m.doc["shooter"]["skill"] == 5 and m.dirty  # still unsaved against raid.toml
    m.redo()
    assert m.doc["ruleset"] == "other" and m.source.path is None


def test_redo_is_forgotten_by_a_new_change_and_history_is_bounded():
    m = model()
    m.edit("a", lambda d: d.set("shooter.skill", 1), path="shooter.skill")
    m.undo()
    m.edit("b", lambda d: d.set("shooter.name", "Zed"), path="shooter.name")
    assert not m.can_redo
    for i in range(HISTORY + 50):
        m.edit(f"{i}", lambda d, i=i: d.set("shooter.skill", i), path=f"field{i}")
    steps = 0
    while m.undo() is not None:
        steps += 1
    assert steps == HISTORY


def test_saved_makes_it_that_file_and_clean():
    m = ScenarioModel.of(DOC, Source(example="/pkg/examples/x.toml", text="# x\n"))
    assert m.source.name == "copy of x.toml (unsaved)"
    m.edit("skill", lambda d: d.set("shooter.skill", 2), path="shooter.skill")
    m.saved("/home/gm/x.toml", "text")
    assert m.source == Source(path="/home/gm/x.toml", text="text") and not m.dirty
    assert m.source.name == "x.toml"


def test_unsaved_work_is_what_no_file_holds():
    m = model()
    assert not m.unsaved  # as opened
    m.edit("skill = 4", lambda d: d.set("shooter.skill", 4))
    assert m.unsaved
    m.saved("raid.toml", "...")
    assert not m.unsaved
    m.edit("skill = 5", lambda d: d.set("shooter.skill", 5))
    m.replace({"ruleset": "toy"}, "new toy scenario", Source())
    assert not m.unsaved  # a new scenario, not yet edited
    m.undo()
    assert m.unsaved  # the one before, with its edit, is back unsaved
    assert ScenarioModel.of(DOC, Source(restored=True)).unsaved  # an earlier session's draft, in no file
    assert not ScenarioModel.of(DOC, Source(path="raid.toml", restored=True)).unsaved  # as its file holds it
    assert not ScenarioModel.of(DOC, Source(example="lasgun.toml")).unsaved  # an example's copy, not edited
