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
    mine.write_text("x")
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
