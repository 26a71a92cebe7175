"""``gunline compare``: scenarios side by side, against odds worked out by hand.

Vex (BS 3) shoots Goliath (T3, W1, no armour, in the open) at 18", long range for both
guns (to-hit modifier 0): 4+ to hit, P = 1/2. A lasgun (S3) wounds on 4+: P(wound) =
1/2 · 1/2 = 1/4; a boltgun (S4) on 3+: 1/2 · 2/3 = 1/3. A hit that does not wound
pins; a wound rolls the injury dice: 1 flesh wound (pinned), 2-5 down, 6 out of
action. So with the lasgun pinned = 1/4 + 1/4 · 1/6 = 7/24, down = 1/4 · 4/6 = 1/6, out
of action = 1/24; with the boltgun pinned = 1/6 + 1/3 · 1/6 = 2/9, down = 1/3 · 4/6 =
2/9, out of action = 1/18. A to-hit 6 makes an ammo roll on 2D6: the lasgun's 2+
never fails, the boltgun's 6+ fails on 2 to 5, 10 of 36: broken = 1/6 · 10/36 = 5/108;
with necromunda.d6-ammo-roll the roll is a D6, failing on 1 to 5: 1/6 · 5/6 = 5/36.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from gunline.cli import main
from gunline.errors import BadInput
from gunline.odds.compare import COMPARE_SCHEMA_VERSION, split_column

ROOT = Path(__file__).resolve().parents[1]
WOD = ROOT / "examples" / "wod"

LASGUN = """\
ruleset = "necromunda"

[shooter]
name = "Vex"
bs = 3

[weapon]
name = "lasgun"

[[targets]]
name = "Goliath"
distance = 18
toughness = 3
wounds = 1
"""


@pytest.fixture
def guns(tmp_path, monkeypatch):
    """las.toml and bolt.toml in the current folder, named as a GM types them."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "las.toml").write_text(LASGUN, encoding="utf-8")
    (tmp_path / "bolt.toml").write_text(LASGUN.replace("lasgun", "boltgun"), encoding="utf-8")
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rows_of(doc: dict) -> dict[tuple, dict]:
    return {(r["section"], r["target"], r["measure"], r["key"]): r for r in doc["rows"]}


def validate(doc: dict) -> None:
    schema = json.loads((ROOT / "docs" / "schemas" / "compare.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)


def test_lasgun_and_boltgun_by_hand(guns, capsys):
    code, out, err = run(capsys, "compare", "las.toml", "bolt.toml", "bolt.toml+necromunda.d6-ammo-roll", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    validate(doc)
    assert doc["schema_version"] == COMPARE_SCHEMA_VERSION == 1
    assert doc["ruleset"] == "necromunda" and doc["targets"] == ["Goliath"]
    assert [(c["label"], c["file"], c["added"], c["variants"], c["exact"]) for c in doc["columns"]] == [
        ("1", "las.toml", [], [], True),
        ("2", "bolt.toml", [], [], True),
        ("3", "bolt.toml", ["necromunda.d6-ammo-roll"], ["necromunda.d6-ammo-roll"], True),
    ]
    rows = rows_of(doc)

    def values(section, target, measure, key=None):
        return rows[(section, target, measure, key)]["values"]

    assert values("target", "Goliath", "hit") == pytest.approx([1 / 2] * 3)
    assert values("target", "Goliath", "wound") == pytest.approx([1 / 4, 1 / 3, 1 / 3])
    assert values("target", "Goliath", "status", "unharmed") == pytest.approx([1 / 2] * 3)
    assert values("target", "Goliath", "status", "pinned") == pytest.approx([7 / 24, 2 / 9, 2 / 9])
    assert values("target", "Goliath", "status", "down") == pytest.approx([1 / 6, 2 / 9, 2 / 9])
    assert values("target", "Goliath", "status", "out_of_action") == pytest.approx([1 / 24, 1 / 18, 1 / 18])
    assert values("target", "Goliath", "expected", "hit") == pytest.approx([1 / 2] * 3)
    assert values("target", "Goliath", "expected", "wound") == pytest.approx([1 / 4, 1 / 3, 1 / 3])
    assert values("weapon", None, "status", "broken") == pytest.approx([0, 5 / 108, 5 / 36])
    assert values("weapon", None, "status", "ok") == pytest.approx([1, 1 - 5 / 108, 1 - 5 / 36])
    assert values("weapon", None, "rounds_spent") == [0, 0, 0]
    # The pool step's value is a score needed, not a count: no row of it.
    assert ("target", "Goliath", "expected", "pool") not in rows

    best = {key: (r["better"], r["best"]) for key, r in rows.items()}
    assert best[("target", "Goliath", "wound", None)] == ("higher", [1, 2])
    assert best[("target", "Goliath", "hit", None)] == ("higher", [])  # all equal: no best
    assert best[("target", "Goliath", "status", "unharmed")] == ("lower", [])
    assert best[("target", "Goliath", "status", "pinned")] == (None, [])  # only the game knows
    assert best[("target", "Goliath", "status", "down")] == (None, [])
    assert best[("weapon", None, "status", "ok")] == ("higher", [0])
    assert best[("weapon", None, "status", "broken")] == ("lower", [0])
    assert best[("weapon", None, "rounds_spent", None)] == ("lower", [])


def test_the_table_as_a_gm_reads_it(guns, capsys):
    code, out, err = run(capsys, "compare", "las.toml", "bolt.toml")
    assert code == 0 and err == ""
    assert out == """\
necromunda — 2 scenarios compared (exact)
  1  las.toml
  2  bolt.toml
* marks the best of a row where better is clear; —: not in that scenario

                                1         2
Goliath
  hit                       50.0%     50.0%
  wound                     25.0%     33.3% *
  status
    unharmed                50.0%     50.0%
    pinned                  29.2%     22.2%
    down                    16.7%     22.2%
    out of action            4.2%      5.6%
  expected
    hits                     0.50      0.50
    wounds                   0.25      0.33 *
    injury                   0.25      0.33
weapon
  ok                       100.0% *   95.4%
  broken                     0.0% *    4.6%
  rounds spent (expected)    0.00      0.00
"""


def test_the_chart_after_the_table(guns, capsys):
    """--plot: per target a bar per column. 60 cells leave 32 for a bar (4 of indent,
    "out of action" and two spaces, the column, three spaces, 6 for the value): 256
    eighths. pinned 7/24 is 74.7 eighths, 75: 9 cells and 3/8; 2/9 is 56.9: 7 and 1/8;
    out of action 1/18 is 14.2: 1 and 6/8. The expected values run to 0.50 hits:
    1/3 wound is 2/3 of the bar, 170.7 eighths, 21 cells and 3/8."""
    code, out, err = run(capsys, "compare", "las.toml", "bolt.toml", "--plot", "--width", "60")
    assert code == 0 and err == ""
    table, charts = out.split("\n\n", 2)[1:]
    assert table.endswith("  rounds spent (expected)    0.00      0.00")
    assert charts == """\
charts (a bar per column, by its number; status from 0 to 100%)
Goliath:
  status:
    unharmed       1 ████████████████░░░░░░░░░░░░░░░░  50.0%
                   2 ████████████████░░░░░░░░░░░░░░░░  50.0%
    pinned         1 █████████▍░░░░░░░░░░░░░░░░░░░░░░  29.2%
                   2 ███████▏░░░░░░░░░░░░░░░░░░░░░░░░  22.2%
    down           1 █████▍░░░░░░░░░░░░░░░░░░░░░░░░░░  16.7%
                   2 ███████▏░░░░░░░░░░░░░░░░░░░░░░░░  22.2%
    out of action  1 █▍░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░   4.2%
                   2 █▊░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░   5.6%
  expected (a full bar is 0.50):
    hits           1 ████████████████████████████████   0.50
                   2 ████████████████████████████████   0.50
    wounds         1 ████████████████░░░░░░░░░░░░░░░░   0.25
                   2 █████████████████████▍░░░░░░░░░░   0.33
"""


def test_odds_are_those_of_gunline_odds(guns, capsys):
    """Each column is what ``gunline odds`` says of its scenario, to the last digit."""
    code, out, _ = run(capsys, "compare", "las.toml", "bolt.toml", "--json")
    rows = rows_of(json.loads(out))
    for index, file in enumerate(("las.toml", "bolt.toml")):
        assert main(["odds", file, "--json"]) == 0
        odds = json.loads(capsys.readouterr().out)["targets"]["Goliath"]
        assert rows[("target", "Goliath", "wound", None)]["values"][index] == odds["wound"]
        for status, p in odds["status"].items():
            assert rows[("target", "Goliath", "status", status)]["values"][index] == p


def test_variant_columns(capsys):
    """A WoD pool of 4 dice, 8+ succeeds: with 10-again a die's expected successes are
    0.3 / (1 − 0.1) = 1/3, with 9-again 0.3 / (1 − 0.2) = 3/8; a die shows no success on
    1 to 7 either way, so P(hit) = 1 − 0.7⁴ in both columns."""
    file = str(WOD / "three-successes.toml")
    code, out, err = run(capsys, "compare", file, f"{file}+wod.9-again", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    validate(doc)
    assert [c["added"] for c in doc["columns"]] == [[], ["wod.9-again"]]
    rows = rows_of(doc)
    hits = rows[("target", "Farrow", "expected", "hit")]
    assert hits["values"] == pytest.approx([4 / 3, 3 / 2])
    assert hits["best"] == [1]
    assert rows[("target", "Farrow", "hit", None)]["values"] == pytest.approx([1 - 0.7**4] * 2)

    # --variant adds to every column, after a column's own.
    code, out, _ = run(capsys, "compare", file, f"{file}+wod.9-again", "--variant", "wod.storytellers-call", "--json")
    assert code == 0
    columns = json.loads(out)["columns"]
    assert [c["added"] for c in columns] == [["wod.storytellers-call"], ["wod.9-again", "wod.storytellers-call"]]

    code, out, _ = run(capsys, "compare", file, f"{file}+wod.9-again")
    assert f"  2  {file}  variants: wod.9-again\n" in out
    assert "    hits                     1.33      1.50 *\n" in out


def test_targets_matched_by_name(capsys):
    """Farrow is in both scenarios, Sykes only in the second: — in the first column."""
    one, two = str(WOD / "three-successes.toml"), str(WOD / "short-burst-into-melee.toml")
    code, out, _ = run(capsys, "compare", one, two, "--json")
    assert code == 0
    doc = json.loads(out)
    validate(doc)
    assert doc["targets"] == ["Farrow", "Sykes"]
    rows = rows_of(doc)
    sykes = rows[("target", "Sykes", "hit", None)]
    assert sykes["values"][0] is None and sykes["values"][1] > 0
    assert sykes["best"] == []  # one column alone has nothing to beat
    assert all(r["values"][0] is None for key, r in rows.items() if key[1] == "Sykes")
    assert all(r["values"][0] is not None for key, r in rows.items() if key[1] == "Farrow")

    code, out, _ = run(capsys, "compare", one, two)
    lines = out.splitlines()
    sykes_at = lines.index("Sykes")
    assert lines[sykes_at + 1].split() == ["hit", "—", f"{100 * sykes['values'][1]:.1f}%"]


def test_monte_carlo_columns_say_so(guns, capsys):
    code, out, _ = run(capsys, "compare", "las.toml", "bolt.toml", "--samples", "400", "--seed", "3", "--json")
    assert code == 0
    doc = json.loads(out)
    validate(doc)
    assert [(c["exact"], c["samples"]) for c in doc["columns"]] == [(False, 400), (False, 400)]
    wound = rows_of(doc)[("target", "Goliath", "wound", None)]
    for value, (low, high) in zip(wound["values"], wound["ci95"], strict=True):
        assert low <= value <= high
    code, out, _ = run(capsys, "compare", "las.toml", "bolt.toml", "--samples", "400", "--seed", "3")
    assert "  1  las.toml  (Monte Carlo, 400 samples, within ±" in out


def test_split_column():
    exists = {"a.toml", "b+c.toml"}.__contains__
    assert split_column("a.toml", exists) == ("a.toml", [])
    assert split_column("a.toml+wod.9-again", exists) == ("a.toml", ["wod.9-again"])
    assert split_column("a.toml+wod.9-again+wod.per-extra-target", exists) == (
        "a.toml", ["wod.9-again", "wod.per-extra-target"])
    assert split_column("b+c.toml", exists) == ("b+c.toml", [])
    assert split_column("b+c.toml+wod.9-again", exists) == ("b+c.toml", ["wod.9-again"])
    assert split_column("gone.toml+wod.9-again", exists) == ("gone.toml", ["wod.9-again"])
    with pytest.raises(BadInput, match=r"a variant's name after each \+"):
        split_column("a.toml+", exists)


@pytest.mark.parametrize(("argv", "message"), [
    (["nope.toml", "las.toml"], "gunline: nope.toml: no such file"),
    (["las.toml", "nope.toml+necromunda.d6-ammo-roll"], "gunline: nope.toml: no such file"),
    (["las.toml", "wod.toml"],
     "gunline: wod.toml: ruleset 'wod', but las.toml: 'necromunda'; the scenarios compared must share a ruleset"),
    (["las.toml", "las.toml+necromunda.no-such-rule"],
     "gunline: las.toml: variants: unknown variant 'necromunda.no-such-rule'; variants of necromunda: "
     "necromunda.book-grenade-range, necromunda.d6-ammo-roll, necromunda.flesh-wound-on-recovery"),
    (["las.toml", "las.toml+wod.9-again"],
     "gunline: las.toml: variants: 'wod.9-again' is a variant of 'wod', not 'necromunda'"),
    (["las.toml"],
     "gunline: compare: give two scenarios or more (FILE or FILE+VARIANT), e.g. a.toml a.toml+VARIANT"),
    (["las.toml", "bolt.toml", "--plot", "--json"],
     "gunline: --plot: not with --json (the charts are text; --json has their numbers, in rows)"),
    (["las.toml", "bolt.toml", "--width", "60"],
     "gunline: --width: given without --plot; add --plot to draw the charts"),
    (["las.toml", "las.toml+"],
     "gunline: compare: 'las.toml+': expected FILE or FILE+VARIANT[+VARIANT...], a variant's name after each +"),
])
def test_errors_word_for_word(guns, capsys, argv, message):
    (guns / "wod.toml").write_bytes((WOD / "three-successes.toml").read_bytes())
    code, out, err = run(capsys, "compare", *argv)
    assert (code, out, err) == (2, "", message + "\n")


def test_names_from_files_reach_the_terminal_escaped(guns, capsys):
    """A target's name and a file's name pass the sanitiser: no raw escape code."""
    (guns / "red\x1b[31m.toml").write_text(LASGUN.replace('"Goliath"', '"Gol\\u001b[2Jiath"'), encoding="utf-8")
    code, out, err = run(capsys, "compare", "las.toml", "red\x1b[31m.toml")
    assert code == 0 and err == ""
    assert "\x1b" not in out
    assert "\nGol\\x1b[2Jiath\n" in out and "  2  red\\x1b[31m.toml\n" in out
    code, out, _ = run(capsys, "compare", "las.toml", "red\x1b[31m.toml", "--json")
    assert "\x1b" not in out
    assert json.loads(out)["targets"] == ["Goliath", "Gol\x1b[2Jiath"]


def test_a_difference_within_the_sampling_noise_is_not_marked_best():
    from gunline.odds.compare import _best

    assert _best([0.799, 0.792], "higher", [(0.78, 0.82), (0.77, 0.81)]) == []  # intervals overlap
    assert _best([0.799, 0.592], "higher", [(0.78, 0.82), (0.57, 0.61)]) == [0]  # clear apart
    assert _best([0.799, 0.792], "higher", [None, None]) == [0]  # exact: any difference
    assert _best([119.56, 119.61], "lower", [(118.0, 121.0), None]) == []  # the exact one inside the other's
