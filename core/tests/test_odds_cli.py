"""``gunline odds``: the table, the JSON contract, Monte Carlo on request, exit codes."""

import json

import pytest

from gunline import cli

TOY_TOML = """
ruleset = "toy"
mode = "double"

[shooter]
name = "Ann"

[weapon]
name = "pistol"

[[targets]]
name = "Bo"
wounds = 2
"""


@pytest.fixture
def toy_file(monkeypatch, registry, tmp_path):
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: registry)
    path = tmp_path / "toy.toml"
    path.write_text(TOY_TOML)
    return path


def _run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_the_odds_contract(toy_file, capsys):
    code, out, err = _run(capsys, "odds", str(toy_file), "--json")
    assert code == 0 and err == ""
    odds = json.loads(out)
    assert odds["exact"] is True and odds["samples"] is None
    bo = odds["targets"]["Bo"]
    # two shots at 4+ against 2 wounds: 0, 1, 2 hits with 1/4, 1/2, 1/4
    assert bo["hit"] == pytest.approx(0.75)
    assert bo["status"] == pytest.approx({"unharmed": 0.25, "wounded": 0.5, "dead": 0.25})
    assert odds["weapon"]["status"] == {"ok": 1.0, "empty": 0.0}


def test_table_names_every_status(toy_file, capsys):
    code, out, _ = _run(capsys, "odds", str(toy_file))
    assert code == 0
    assert "Bo:" in out and "exact" in out
    assert "wounded" in out and "50.0%" in out and "25.0%" in out


def test_samples_gives_monte_carlo_with_intervals(toy_file, capsys):
    code, out, _ = _run(capsys, "odds", str(toy_file), "--samples", "300", "--seed", "4", "--json")
    odds = json.loads(out)
    assert code == 0 and odds["exact"] is False and odds["samples"] == 300
    lo, hi = odds["targets"]["Bo"]["ci95"]["hit"]
    assert lo <= odds["targets"]["Bo"]["hit"] <= hi
    # the JSON decodes back into the Struct a program (the TUI) codes against
    import msgspec

    from gunline.odds import Odds

    decoded = msgspec.json.decode(out, type=Odds)
    assert decoded.step_interval("Bo", "hit") == (lo, hi)
    code, text, _ = _run(capsys, "odds", str(toy_file), "--samples", "300")
    assert "Monte Carlo" in text and "95%" in text


@pytest.mark.parametrize(
    "argv,words",
    [
        (["--samples", "0"], "--samples"),
        (["--variant", "toy.nope"], "toy.nope"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(toy_file, capsys, argv, words):
    code, out, err = _run(capsys, "odds", str(toy_file), *argv)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1


def test_missing_file_exit_2(toy_file, capsys, tmp_path):
    code, _, err = _run(capsys, "odds", str(tmp_path / "missing.toml"))
    assert code == 2 and "missing.toml" in err


def test_refused_attack_exit_2(monkeypatch, registry, tmp_path, capsys):
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: registry)
    path = tmp_path / "empty.toml"
    path.write_text(TOY_TOML.replace('name = "pistol"', 'name = "pistol"\nrounds = 1'))
    code, _, err = _run(capsys, "odds", str(path))
    assert code == 2 and "reload" in err


def test_odds_from_an_encounter_state(toy_file, capsys, tmp_path):
    """After a double shot that hit Bo once (6, 1), Bo has one wound left: the next
    double shot kills him unless both dice miss (3/4)."""
    journal = tmp_path / "journal.sqlite"
    code, _, err = _run(
        capsys, "resolve", str(toy_file), "--dice", "6,1", "--encounter", "fight", "--journal", str(journal)
    )
    assert code == 0, err
    code, out, err = _run(capsys, "odds", str(toy_file), "--json", "--encounter", "fight", "--journal", str(journal))
    assert code == 0, err
    bo = json.loads(out)["targets"]["Bo"]
    assert bo["status"] == pytest.approx({"unharmed": 0.0, "wounded": 0.25, "dead": 0.75})
    code, out, _ = _run(capsys, "odds", str(toy_file), "--json")
    assert json.loads(out)["targets"]["Bo"]["status"]["dead"] == pytest.approx(0.25)


def test_journal_without_encounter_is_bad_input(toy_file, capsys, tmp_path):
    code, _, err = _run(capsys, "odds", str(toy_file), "--journal", str(tmp_path / "j.sqlite"))
    assert code == 2 and "--encounter" in err


def test_plot_prints_the_charts_after_the_table(toy_file, capsys):
    """Two shots at 4+ against 2 wounds: 0, 1, 2 hits (and wounds) with 1/4, 1/2,
    1/4; at 40 columns a bar is 40 - 4 - 8 - 2 - 6 = 20 cells, so 1/4 is 5 of them."""
    code, out, err = _run(capsys, "odds", str(toy_file), "--plot", "--width", "40")
    assert code == 0 and err == ""
    assert out == """\
toy — odds (exact)
Bo:
  hit        75.0%
  wound      75.0%
  status:
    unharmed           25.0%
    wounded            50.0%
    dead               25.0%
weapon:
    ok                100.0%
    empty               0.0%
  rounds spent (expected) 2

charts (exact; each bar from 0 to 100%)
Bo:
  status:
    unharmed █████░░░░░░░░░░░░░░░  25.0%
    wounded  ██████████░░░░░░░░░░  50.0%
    dead     █████░░░░░░░░░░░░░░░  25.0%
  hits:
    0        █████░░░░░░░░░░░░░░░  25.0%
    1        ██████████░░░░░░░░░░  50.0%
    2        █████░░░░░░░░░░░░░░░  25.0%
  wounds:
    0        █████░░░░░░░░░░░░░░░  25.0%
    1        ██████████░░░░░░░░░░  50.0%
    2        █████░░░░░░░░░░░░░░░  25.0%
"""


def test_json_carries_the_distributions(toy_file, capsys):
    code, out, _ = _run(capsys, "odds", str(toy_file), "--json")
    bo = json.loads(out)["targets"]["Bo"]
    assert bo["distributions"] == {"hit": [[0, 0.25], [1, 0.5], [2, 0.25]],
                                   "wound": [[0, 0.25], [1, 0.5], [2, 0.25]]}


@pytest.mark.parametrize(
    "argv,line",
    [
        (["--plot", "--json"],
         "gunline: --plot: not with --json (the charts are text; --json has their numbers, in distributions)"),
        (["--width", "60"], "gunline: --width: given without --plot; add --plot to draw the charts"),
    ],
)
def test_plot_refuses_what_it_cannot_do_in_one_line(toy_file, capsys, argv, line):
    code, out, err = _run(capsys, "odds", str(toy_file), *argv)
    assert (code, out, err) == (2, "", line + "\n")
