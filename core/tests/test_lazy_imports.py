"""A command imports what it needs: the packages' names are imported when first used
(``gunline.lazy``), so ``gunline --help`` and ``gunline resolve`` start fast, while
every public name still imports as before."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PACKAGES = ("gunline", "gunline.odds", "gunline.journal", "gunline.actions", "gunline.scaffold")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_is_the_object_of_its_module(package):
    module = importlib.import_module(package)
    assert module.__all__, package
    for name in module.__all__:
        assert name in dir(module)
        getattr(module, name)  # imports it, or raises
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'no_such_name'"):
        module.no_such_name  # noqa: B018


def test_a_lazy_name_is_the_same_object_as_its_eager_import():
    import gunline
    import gunline.engine
    import gunline.odds
    import gunline.odds.api
    from gunline.dice import RandomDice

    assert gunline.resolve is gunline.engine.resolve
    assert gunline.RandomDice is RandomDice
    assert gunline.odds.compute_odds is gunline.odds.api.compute_odds


def _imported_after(code: str) -> set[str]:
    program = f"import sys\n{code}\nprint('\\n'.join(sys.modules))\n"
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


#: What no command pays for unless it uses it.
HEAVY = ("gunline.odds.api", "gunline.journal.ledger", "gunline.scaffold.project", "gunline.scaffold.origin",
         "importlib.metadata", "multiprocessing", "concurrent.futures", "sqlite3", "textual")


def test_help_imports_neither_the_engines_nor_the_writers():
    loaded = _imported_after(
        "from gunline.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    assert sorted(m for m in loaded if m.startswith(HEAVY) or m.startswith("gunline_")) == []
    # nor the model of the data, nor the hooks' machinery: --help is words alone
    assert sorted(m for m in loaded if m.split(".")[0] in ("msgspec", "pluggy", "tomllib")) == []


def test_resolve_imports_its_ruleset_but_no_odds_engine_journal_or_scaffold(tmp_path):
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "necromunda" / "lasgun-long-range.toml"
    loaded = _imported_after(f"from gunline.cli import main\nassert main(['resolve', {str(example)!r}]) == 0")
    assert "gunline_necromunda" in loaded
    assert sorted(m for m in loaded if m.startswith(HEAVY)) == []
    # nor another game's rules: only the scenario's ruleset's entry points are loaded
    others = ("gunline_fallout", "gunline_wod", "gunline_samurai")
    assert sorted(m for m in loaded if m.startswith(others)) == []
    # a few ms each, for nothing a valid file needs (copy: only a scenario on a map;
    # gettext and locale: argparse asks for its words only in another language)
    assert {"pathlib", "difflib", "shutil", "copy", "random", "locale", "gettext"} & loaded == set()


@pytest.mark.parametrize("command", ["odds", "validate"])
def test_odds_and_validate_load_only_the_scenarios_ruleset(command):
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "wod" / "four-targets-long-burst.toml"
    loaded = _imported_after(f"from gunline.cli import main\nassert main([{command!r}, {str(example)!r}]) == 0")
    assert "gunline_wod.ruleset" in loaded
    assert sorted(m for m in loaded if m.startswith(("gunline_fallout", "gunline_necromunda", "gunline_samurai"))) == []
    if command == "odds":  # an exact answer draws no random numbers and runs in this
        # process: neither the random module nor Monte Carlo's chunks
        unused = {"random", "gunline.odds.sampling", "gunline.odds.chunks", "locale", "gettext"}
        assert unused & loaded == set()


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", "a.toml", "--seed", "3", "--json"],
        ["--debug", "odds", "a.toml", "--precision", "1"],
        ["--hook-timeout", "5", "journal", "show", "pit", "--json"],
        ["act", "a.toml", "recovery"],
        ["new-plugin", "space", "--dir", "x"],
        ["plugins", "--json"],
        ["a.toml"],
        [],
    ],
)
def test_a_command_parses_as_with_every_command_built(argv):
    """Only the command run gets its arguments built; what it parses is the same."""
    from gunline import cli

    whole = cli._parser(None)
    line = cli.with_default_command(argv, whole.commands)
    expected = vars(whole.parse_args(line))
    for built in (cli._parser(cli._wanted(argv)), cli.parser_for(argv)):
        assert built is not whole and built.commands == whole.commands
        parsed = vars(built.parse_args(line))
        assert parsed.keys() == expected.keys()
        assert {k: v for k, v in parsed.items() if k != "func"} == {k: v for k, v in expected.items() if k != "func"}
        assert getattr(parsed.get("func"), "__qualname__", None) == getattr(expected.get("func"), "__qualname__", None)


def test_each_module_adds_the_commands_the_cli_names_for_it():
    """``EXTRA_COMMANDS`` says which commands each module adds, so that a line naming
    one command imports that module alone; ``COMMANDS_LISTED`` is every command in
    ``--help``'s order."""
    import argparse

    from gunline import cli

    for module, names in cli.EXTRA_COMMANDS.items():
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(module, "gunline").add_parser(sub)
        assert tuple(sub.choices) == names, module
    assert cli._parser(None).commands == cli.COMMANDS_LISTED


def test_a_line_naming_its_command_builds_and_imports_that_command_alone():
    loaded = _imported_after(
        "from gunline import cli\np = cli.parser_for(['resolve', 'a.toml'])\n"
        "assert [list(a.choices) for a in p._actions if getattr(a, 'choices', None)] == [['resolve']]"
    )
    assert sorted(m for m in loaded if m.startswith(("gunline.odds", "gunline.journal", "gunline.serve"))) == []


def test_help_lists_every_command_with_its_help_line(capsys):
    from gunline import cli

    with pytest.raises(SystemExit):
        cli._parser(cli._wanted(["--help"])).parse_args(["--help"])
    sketched = capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli._parser(None).parse_args(["--help"])
    assert sketched == capsys.readouterr().out
    assert "resolve one attack and print the chain" in sketched


@pytest.mark.parametrize("columns", [None, "57", "0", "wide"])
def test_help_is_laid_out_for_the_width_shutil_would_give(monkeypatch, columns):
    import shutil

    from gunline import cli

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli._columns() == shutil.get_terminal_size().columns
