"""What Save may write, and a saved file keeping its comments and layout."""

from __future__ import annotations

import tomllib
from pathlib import Path

from gunline import discover
from gunline_tui.files import Files, scenario_text, scenarios_dir, suggested_name

ROOT = Path(__file__).resolve().parents[2]
LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"


def test_saving_keeps_the_files_comments_order_and_layout():
    original = LASGUN.read_text()
    doc = tomllib.loads(original)
    assert scenario_text(doc, original) == original  # nothing changed: the same bytes
    doc["shooter"]["bs"] = 4
    doc["targets"].append({"name": "Bo", "distance": 3, "cover": "partial"})
    doc["weapon"]["short_range"] = 10
    text = scenario_text(doc, original)
    assert tomllib.loads(text) == doc
    assert text.startswith(original.split("ruleset")[0])  # the opening comment kept, word for word
    assert "bs = 4\n" in text and '[[targets]]\nname = "Bo"' in text
    kept = iter(text.splitlines())
    assert all(line in kept for line in original.splitlines() if line != "bs = 3")  # every other line, in order


def test_a_changed_value_keeps_its_trailing_comment_and_removed_keys_go():
    original = 'ruleset = "wod"  # the game\n\n[shooter]\nname = "Carter"\ndexterity = 3  # dots\nfirearms = 2\n'
    doc = tomllib.loads(original)
    doc["shooter"]["dexterity"] = 4
    del doc["shooter"]["firearms"]
    text = scenario_text(doc, original)
    assert text == 'ruleset = "wod"  # the game\n\n[shooter]\nname = "Carter"\ndexterity = 4 # dots\n'


def test_a_new_file_is_laid_out_as_the_examples_are():
    doc = {"ruleset": "wod", "mode": "short", "shooter": {"name": "A"}, "weapon": {"name": "rifle"},
           "targets": [{"name": "B", "armor": {"general": 1}}, {"name": "C"}]}
    text = scenario_text(doc)
    assert tomllib.loads(text) == doc
    assert text.index("mode") < text.index("[shooter]") < text.index("[weapon]") < text.index("[[targets]]")
    assert "armor = {general = 1}" in text and text.count("[[targets]]") == 2


def test_examples_are_never_written_and_other_files_are_asked_for(tmp_path):
    files = Files.for_registry(discover())
    verdict = files.verdict(str(LASGUN))
    assert verdict.action == "refuse" and "read-only" in verdict.why
    mine = tmp_path / "raid.toml"
    assert files.verdict(str(mine)).action == "write"  # a new file
    mine.write_text("ruleset = 'wod'\n")
    assert files.verdict(str(mine)).action == "ask"  # there, and not this session's
    files.opened(mine)
    assert files.verdict(str(mine)).action == "write"
    assert files.verdict(str(tmp_path)).action == "refuse"
    assert files.verdict("  ").action == "refuse"


def test_untitled_scenarios_go_to_the_data_folder_per_ruleset(home):
    assert scenarios_dir("wod") == home / "scenarios" / "wod"
    assert suggested_name({"shooter": {"name": "Vex"}, "targets": [{"name": "Goliath Bo"}]}) == "vex-vs-goliath-bo.toml"
    assert suggested_name({}, "/pkg/examples/grenade-scatter.toml") == "grenade-scatter.toml"
    files = Files()
    target = scenarios_dir("wod") / "a.toml"
    files.write(target, "ruleset = 'wod'\n")  # the folder is made inside the data folder
    assert target.read_text() == "ruleset = 'wod'\n" and files.verdict(str(target)).action == "write"


def test_a_file_changed_on_disk_since_it_was_read_is_asked_for(tmp_path):
    files = Files()
    mine = tmp_path / "raid.toml"
    mine.write_text("ruleset = 'wod'\n")
    files.opened(mine)
    assert files.verdict(str(mine)).action == "write"
    mine.write_text("ruleset = 'xyz'\n")  # another editor: the same length, very likely the same second
    verdict = files.verdict(str(mine))
    assert verdict.action == "ask" and "changed on disk since gunline last opened or saved it" in verdict.why
    files.write(mine, "ruleset = 'wod'\n")  # saved over it after a yes: what is there is ours again
    assert files.verdict(str(mine)).action == "write"
    mine.unlink()  # gone: someone meant it gone, so writing it again is asked for
    verdict = files.verdict(str(mine))
    assert verdict.action == "ask"
    assert verdict.why == f"{mine} was deleted on disk since gunline last opened or saved it"
    files.write(mine, "ruleset = 'wod'\n")  # written again after a yes: ours again
    assert files.verdict(str(mine)).action == "write"
    mine.unlink()
    mine.mkdir()  # a folder in its place: refused, saying so
    verdict = files.verdict(str(mine))
    assert verdict.action == "refuse" and verdict.why.startswith(f"{mine} is now a folder")


def test_a_scenario_is_never_saved_over_a_file_that_is_no_scenario(tmp_path):
    import sqlite3

    files = Files()
    database = tmp_path / "notes.db"
    sqlite3.connect(database).execute("create table t (x)").connection.commit()
    binary = tmp_path / "image.toml"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    prose = tmp_path / "notes.toml"
    prose.write_text("remember: the ganger owes us 20 credits\n")
    project = tmp_path / "pyproject.toml"
    project.write_text("[project]\nname = 'mine'\n")
    for path, why in [(database, "an SQLite database"), (binary, "not UTF-8 text"), (prose, "not TOML"),
                      (project, "TOML with no ruleset, shooter, weapon or targets")]:
        before = path.read_bytes()
        files.opened(path)  # even a file this session read
        verdict = files.verdict(str(path))
        assert verdict.action == "refuse", path
        assert verdict.why == f"{path} is not a scenario ({why}): a scenario is saved only over a scenario file"
        assert path.read_bytes() == before
    empty = tmp_path / "new.toml"
    empty.write_text("# to be filled\n")  # a file just made, comments only: a scenario to come
    assert files.verdict(str(empty)).action == "ask"
    assert files.verdict(str(prose), scenario=False).action == "write"  # the log's export is no scenario


def test_the_journal_is_never_a_place_for_a_scenario(tmp_path, home):
    from gunline.journal import Journal

    default = home / "journal.sqlite3"
    home.mkdir(parents=True, exist_ok=True)
    for files, journal in [(Files(), default), (Files(journal=str(tmp_path / "table.sqlite3")),
                                                tmp_path / "table.sqlite3")]:
        verdict = files.verdict(str(journal))  # not made yet: still refused
        assert verdict.action == "refuse"
        assert verdict.why == f"{journal} is the encounter journal: a scenario never goes there"
        Journal(str(journal)).close()
        assert files.verdict(str(journal)).action == "refuse"
        assert files.verdict(str(journal) + "-wal").action == "refuse"
        assert files.verdict(str(journal), scenario=False).action == "refuse"  # nor the log's export


#: What a terminal would obey or not show, in a name: ESC, BEL, C1 (CSI, NEL), the
#: bidi override and isolate, DEL, the zero width space, marks and the BOM.
ODD = "Gol\x1b]0;x\x07\x9b31m\x85\u202eX\u2066Y\x7f\u200bZ\u200f\u061c\u2060\ufeff"


def test_saved_strings_are_written_with_toml_escapes_and_read_back_the_same():
    """New and changed strings are escaped as core's writer escapes them: the file
    reads back with the same values, and the sanitiser leaves it as it is."""
    from gunline.safe import shown

    doc = {"ruleset": "wod", "shooter": {"name": ODD}, "weapon": {"name": "rifle", "tags": [ODD, "b"]},
           "targets": [{"name": ODD, "armor": {ODD: 1}}, {"name": "B"}],
           "map": {"at": {ODD: [1, 2]}}}
    original = 'ruleset = "wod"  # the game\n\n[shooter]\nname = "Carter"\n\n[[targets]]\nname = "B"\n'
    for text in (scenario_text(doc), scenario_text(doc, original)):
        assert tomllib.loads(text) == doc
        assert shown(text) == text and text.isascii()
    assert scenario_text(doc, original).startswith('ruleset = "wod"  # the game\n')


#: A hand-written file: each target with comments of its own above its header, on
#: its header and on its values; the comment above ``[map]`` is the map's.
SQUAD = """\
# The squad's night raid.
ruleset = "toy"

[shooter]
name = "Ada"

[weapon]
name = "pistol"
rounds = 6

# Bo: the sentry, asleep
[[targets]]  # first through the door
name = "Bo"
wounds = 2  # tough old man

# Cy: behind the crates
# (half cover)
[[targets]]
name = "Cy"
cover = true

[[targets]]
name = "Di"  # the officer

# the map comes last
[map]
at = { Ada = [0, 0] }
"""
BO = '# Bo: the sentry, asleep\n[[targets]]  # first through the door\nname = "Bo"\nwounds = 2  # tough old man\n'
CY = '# Cy: behind the crates\n# (half cover)\n[[targets]]\nname = "Cy"\ncover = true\n'
DI = '[[targets]]\nname = "Di"  # the officer\n'
HEAD, MAP = SQUAD.split(BO)[0], '# the map comes last\n[map]\nat = { Ada = [0, 0] }\n'


def squad(*order: str) -> str:
    return HEAD + "\n".join(order) + "\n" + MAP


def test_targets_moved_take_their_own_comments_with_them():
    assert squad(BO, CY, DI) == SQUAD
    doc = tomllib.loads(SQUAD)
    bo, cy, di = doc["targets"]
    for order, text in [((cy, bo, di), squad(CY, BO, DI)), ((bo, di, cy), squad(BO, DI, CY)),
                        ((di, cy, bo), squad(DI, CY, BO))]:
        doc["targets"] = list(order)
        assert scenario_text(doc, SQUAD) == text  # the map's comment stays above the map


def test_removing_and_adding_targets_leaves_the_others_their_comments():
    doc = tomllib.loads(SQUAD)
    bo, cy, di = doc["targets"]
    doc["targets"] = [bo, di]
    assert scenario_text(doc, SQUAD) == squad(BO, DI)  # Cy's comments go with Cy
    doc["targets"] = [bo, {"name": "Ed"}, di]
    assert scenario_text(doc, SQUAD) == squad(BO, '[[targets]]\nname = "Ed"\n', DI)
    doc["targets"] = [{"name": "Ed", "wounds": 3}, cy]
    assert scenario_text(doc, SQUAD) == squad('[[targets]]\nname = "Ed"\nwounds = 3\n', CY)
    doc["targets"] = [bo, cy, {"name": "Dieter"}]  # renamed: nothing else to tell it by, in its place
    assert scenario_text(doc, SQUAD) == squad(BO, CY, DI.replace('"Di"  #', '"Dieter" #'))
    doc["targets"] = [dict(cy, wounds=3), dict(bo, name="Bo the elder")]  # moved and changed too
    text = scenario_text(doc, SQUAD)
    assert tomllib.loads(text) == doc
    assert text == squad(CY.replace("cover = true\n", "cover = true\nwounds = 3\n"),
                         BO.replace('name = "Bo"', 'name = "Bo the elder"'))


def test_targets_in_an_inline_array_keep_their_own_comments():
    """Targets written inline (``targets = [{...}, ...]``): a target's comment lines
    above it and the comment after it go where it goes; the array's own lines stay."""
    bo = '  # Bo: the sentry\n  { name = "Bo", wounds = 2 },  # tough\n'
    cy = '  # Cy: behind the crates\n  { name = "Cy", cover = true },\n'
    di = '  { name = "Di" },  # the officer\n'
    head, tail = 'ruleset = "toy"\ntargets = [  # the raid\n', '  # no one else\n]\n'
    original = head + bo + cy + di + tail
    doc = tomllib.loads(original)
    assert scenario_text(doc, original) == original
    b, c, d = doc["targets"]
    doc["targets"] = [d, b, c]
    assert scenario_text(doc, original) == head + di + bo + cy + tail
    doc["targets"] = [c, dict(b, wounds=3)]
    text = scenario_text(doc, original)
    assert tomllib.loads(text) == doc
    assert text == head + cy + bo.replace("wounds = 2", "wounds = 3") + tail
    doc["targets"] = [{"name": "Ed", "wounds": 1}, b]
    text = scenario_text(doc, original)
    assert tomllib.loads(text) == doc and text == head + '  {name = "Ed", wounds = 1},\n' + bo + tail


def test_a_folder_that_is_not_there_is_refused_in_the_line_and_the_data_folders_is_made(tmp_path, home):
    """Save as /tmp/newdir/sub/x.toml said "cannot write: No such file or directory"
    after the prompt had closed, the path typed lost."""
    files = Files.for_registry(discover())
    verdict = files.verdict(str(tmp_path / "newdir" / "sub" / "x.toml"))
    assert (verdict.action, verdict.why) == (
        "refuse", f"there is no folder {tmp_path / 'newdir' / 'sub'}: make it first, or give another place")
    (tmp_path / "plain").write_text("x")
    verdict = files.verdict(str(tmp_path / "plain" / "sub" / "x.toml"))
    assert (verdict.action, verdict.why) == ("refuse", f"{tmp_path / 'plain'} is a file, not a folder: give "
                                                       "another place")
    assert files.verdict(str(home / "scenarios" / "wod" / "x.toml")).action == "write"  # made on saving
    assert files.verdict(str(tmp_path / "x.toml")).action == "write"


def test_a_read_only_file_is_refused_not_replaced(tmp_path, monkeypatch):
    """A save renames a new file over the old one, which needs only the folder to be
    writable: a scenario the GM made read-only (``chmod a-w``), or that this user may
    not write, was replaced unasked, even when opened here."""
    import os

    files = Files()
    mine = tmp_path / "campaign.toml"
    mine.write_text("ruleset = 'wod'\n")
    files.opened(mine)
    mine.chmod(0o444)
    verdict = files.verdict(str(mine))
    assert verdict.action == "refuse"
    assert verdict.why == f"{mine} is read-only: give another file, or make it writable first"
    assert files.verdict(str(mine), scenario=False).action == "refuse"  # the log's export too
    mine.chmod(0o644)
    assert files.verdict(str(mine)).action == "write"
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, m, *a, **k: False if Path(p) == mine else real(p, m, *a, **k))
    assert files.verdict(str(mine)).action == "refuse"  # writable, but not by this user
