"""The draft model and the session log, without the UI."""

import tomllib

import msgspec

from gunline import tomlwrite
from gunline.models import Chain, Ruleset
from gunline_tui.draft import Draft, blank, split_path
from gunline_tui.logbook import Logbook


class S(msgspec.Struct):
    name: str


RULES = Ruleset(name="toy", title="Toy", shooter=S, weapon=S, target=S, modes=("single", "double"),
                catalogue={"pistol": {"rounds": 6, "range": 12}}, api=2)


def test_paths_are_the_error_message_paths():
    assert split_path("targets[2].armor.general") == ["targets", 2, "armor", "general"]
    d = Draft(blank(RULES))
    d.set("targets[0].armor.general", 2)
    d.set("aim", "head")
    assert d.doc["targets"][0] == {"armor": {"general": 2}} and d.get("aim") == "head"
    d.set("aim", None)
    assert "aim" not in d.doc and d.get("targets[5].name", "none") == "none"


def test_catalogue_weapon_stores_only_what_differs():
    d = Draft(blank(RULES))
    d.choose_weapon(RULES, "pistol")
    assert d.weapon_value(RULES, "rounds") == 6
    d.set_weapon_field(RULES, "rounds", 6)  # same as the catalogue: not stored
    d.set_weapon_field(RULES, "range", 8)
    assert d.doc["weapon"] == {"name": "pistol", "range": 8}
    d.choose_weapon(RULES, None)  # custom: keeps the profile, inline
    assert d.doc["weapon"] == {"name": "custom", "rounds": 6, "range": 8}


def test_targets_add_move_remove():
    d = Draft({**blank(RULES), "targets": [{"name": "a"}, {"name": "b"}]})
    assert d.add_target(0) == 1 and [t.get("name") for t in d.targets] == ["a", None, "b"]
    assert d.move_target(2, -1) == 1 and [t.get("name") for t in d.targets] == ["a", "b", None]
    assert d.move_target(0, -1) == 0
    assert d.remove_target(2) == 1 and len(d.targets) == 2


def test_variants_toggle_and_clean_document_round_trips_through_toml():
    d = Draft(blank(RULES))
    d.toggle_variant("toy.x", True)
    d.toggle_variant("toy.y", True)
    d.toggle_variant("toy.x", False)
    assert d.doc["variants"] == ["toy.y"]
    d.toggle_variant("toy.y", False)
    clean = d.clean()
    assert "variants" not in clean
    assert tomllib.loads(tomlwrite.dumps(clean)) == clean


def test_log_export_has_every_resolution_with_outcomes_and_typed_dice():
    book = Logbook()
    chain = Chain(ruleset="toy", variants=[], seed=None, dice=[4, 2], steps=[], shooter={}, targets={},
                  weapon={}, outcomes={"Bo": "Bo: 1 hit, 1 through, dead"}, manual=[1])
    book.add("dice typed", chain)
    book.add("seed 3", msgspec.structs.replace(chain, manual=[], seed=3))
    md = book.markdown()
    assert md.count("\n## #") == 2
    assert "- Bo: 1 hit, 1 through, dead" in md
    assert "dice typed by hand at positions 2" in md and "✎ 1 typed" in md


def test_nudge_moves_a_model_by_name_on_the_map_and_nothing_else():
    from gunline_tui.draft import Draft

    d = Draft({"ruleset": "toy", "map": {"kind": "inches", "at": {"Sgt. Vex": [12, 0.5], "Bo": [1, 1]}}})
    assert d.nudge("Sgt. Vex", (-0.5, 0.1)) == [11.5, 0.6]  # a name with a dot is a name, not a path
    assert d.nudge("Sgt. Vex", (0.5, -0.6)) == [12, 0]  # 12, not 12.0; 0, not 1e-17
    assert d.doc["map"]["at"] == {"Sgt. Vex": [12, 0], "Bo": [1, 1]}
    assert d.nudge("nobody", (1, 0)) is None and "nobody" not in d.doc["map"]["at"]
    for junk in ({"at": "everywhere"}, "a map", {"at": {"Bo": "north"}}):
        d = Draft({"ruleset": "toy", "map": junk})
        assert d.nudge("Bo", (1, 0)) is None and d.doc["map"] == junk


def _chain(name="Bo"):
    return Chain(ruleset="toy", variants=[], seed=3, dice=[4], steps=[], shooter={}, targets={},
                 weapon={}, outcomes={name: f"{name}: 1 hit, 1 through, dead"}, manual=[])


def test_the_session_log_is_on_disk_as_each_resolution_comes_and_reads_as_the_export(tmp_path):
    """A dropped connection loses none of the session's rolls: each is in the file,
    flushed, before the next; the file is the export, byte for byte."""
    book = Logbook(path=tmp_path / "sessions" / "session-1.md")
    assert book.kept is None and not (tmp_path / "sessions").exists()  # nothing until a resolution
    book.add("seed 3", _chain())
    assert book.kept == tmp_path / "sessions" / "session-1.md"
    assert book.kept.read_text(encoding="utf-8") == book.markdown()
    book.add("seed 4", _chain("Cy"))
    assert book.kept.read_text(encoding="utf-8") == book.markdown() and book.markdown().count("\n## #") == 2


def test_a_session_log_never_goes_over_another_sessions(tmp_path):
    path = tmp_path / "session-1.md"
    path.write_text("another session's log\n")
    book = Logbook(path=path)
    book.add("seed 3", _chain())
    assert path.read_text() == "another session's log\n"
    assert book.kept == tmp_path / "session-1-2.md" and book.kept.read_text() == book.markdown()


def test_a_session_log_that_cannot_be_written_says_why_and_the_session_goes_on(tmp_path):
    blocker = tmp_path / "sessions"
    blocker.write_text("a file where the folder goes")
    book = Logbook(path=blocker / "session-1.md")
    book.add("seed 3", _chain())
    book.add("seed 4", _chain("Cy"))
    assert book.kept is None and book.failed and str(blocker) in book.failed
    assert len(book.entries) == 2 and book.markdown().count("\n## #") == 2


def test_the_log_on_disk_and_the_export_are_made_safe_to_print(tmp_path):
    book = Logbook(path=tmp_path / "s.md")
    book.add("seed 3", _chain("Bo\x1b]0;owned\x07"))
    text = book.kept.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\x07" not in text and "Bo\\x1b]0;owned\\x07" in text
    assert text == book.markdown()
