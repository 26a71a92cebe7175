"""``gunline plugins --check --examples``: a plugin that loads but fails at the table
(a hook keeping state between calls, one changing what it is given, one raising on
one example) is named, with the example and the variant, before a GM meets it."""

import json
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from gunline import cli
from gunline.plugins import ENV_BLOCK, ENV_LOAD

TOY_SOURCE = (Path(__file__).parent / "toy_ruleset.py").read_text().replace(
    "        api=2,\n    )", '        api=2,\n        examples="toy_examples",\n    )', 1)
BARE_SOURCE = (Path(__file__).parent / "toy_ruleset.py").read_text().replace('name="toy"', 'name="bare"', 1)

EXAMPLE = """ruleset = "toy"
[shooter]
name = "Ada"
[weapon]
name = "pistol"
[[targets]]
name = "Bo"
[[targets]]
name = "Cy"
cover = true
"""

VARIANTS = {
    # a fair house rule: nothing to say
    "toy.steady": """
@hookimpl
def modify_pool(attack, target):
    return Modifier(label="steady", value=0)
""",
    # counts its calls: the same seed gives another chain the second time
    "toy.streaky": """
CALLS = [0]

@hookimpl
def modify_pool(attack, target):
    CALLS[0] += 1
    return Modifier(label="streak", value=CALLS[0] % 3 - 1)
""",
    # writes into the state it reads: every chain is as it should be, the state is not
    "toy.scribbler": """
@hookimpl
def modify_pool(attack, target, state):
    state.weapon["scribbled"] = True
""",
    # fails on a target in cover alone
    "toy.fragile": """
@hookimpl
def modify_pool(attack, target):
    if target.cover:
        raise ZeroDivisionError("cover / 0")
""",
}


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The toy ruleset with one example, and four variants of it, as if installed."""
    (tmp_path / "gl_trial_toy.py").write_text(TOY_SOURCE)
    (tmp_path / "toy_examples").mkdir()
    (tmp_path / "toy_examples" / "two-targets.toml").write_text(EXAMPLE)
    eps = [EntryPoint(name="toy", value="gl_trial_toy", group="gunline")]
    for name, hooks in VARIANTS.items():
        module = "gl_trial_" + name.split(".")[1]
        (tmp_path / f"{module}.py").write_text(
            "from gunline import Modifier, Variant, hookimpl\n\n@hookimpl\ndef gunline_variant():\n"
            f"    return Variant(name={name!r}, ruleset='toy', description='a house rule', api=2)\n" + hooks)
        eps.append(EntryPoint(name=name, value=module, group="gunline"))
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in [m for m in sys.modules if m.startswith("gl_trial_")]:  # another test's: another folder
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr("gunline.entry_points.group", lambda group: eps)
    monkeypatch.delenv(ENV_LOAD, raising=False)
    monkeypatch.delenv(ENV_BLOCK, raising=False)
    return eps


def check(capsys, *args) -> tuple[int, list[str]]:
    code = cli.main(["plugins", *(args if "--examples" in args else ("--check", *args))])
    return code, capsys.readouterr().err.splitlines()


def test_loading_is_all_check_asks_without_examples(installed, capsys):
    assert check(capsys) == (0, [])


def test_each_variant_that_fails_on_an_example_is_named_with_it(installed, capsys):
    code, lines = check(capsys, "--examples")
    assert code == 1
    assert lines[-1] == "gunline: plugins --check --examples: tried 5 example runs: 3 problems"
    problems = lines[:-1]
    prefix = "gunline: plugins --check: 'toy' example two-targets.toml with variant "
    assert len(problems) == 3 and all(p.startswith(prefix) for p in problems)
    said = {p[len(prefix):].split(":", 1)[0]: p for p in problems}
    assert set(said) == {"'toy.fragile'", "'toy.scribbler'", "'toy.streaky'"}
    assert "plugin 'toy.fragile' failed in modify_pool: ZeroDivisionError: cover / 0" in said["'toy.fragile'"]
    assert "gave two different chains" in said["'toy.streaky'"]
    assert "no hook may keep state between calls" in said["'toy.streaky'"]
    assert "{" not in said["'toy.streaky'"]  # the chains it quotes are left out
    assert "modify_pool changed its argument 'state'" in said["'toy.scribbler'"]


def test_a_variant_named_is_tried_alone_on_its_rulesets_examples(installed, capsys):
    code, lines = check(capsys, "--examples", "toy.steady")
    assert (code, lines) == (0, ["gunline: plugins --check --examples: tried 2 example runs: no problem"])
    code, lines = check(capsys, "--examples", "toy.fragile")
    assert code == 1 and len(lines) == 2 and "'toy.fragile'" in lines[0]


def test_the_json_has_the_problems_and_what_was_tried(installed, capsys):
    assert cli.main(["plugins", "--json", "--examples", "toy.streaky", "toy.steady"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["tried"] == {"runs": 3, "refused": 0}
    assert len(data["problems"]) == 1 and data["problems"][0].startswith(
        "'toy' example two-targets.toml with variant 'toy.streaky': seed 0 gave two different chains")


def test_a_ruleset_refusing_its_own_example_is_a_problem(installed, capsys, tmp_path):
    (tmp_path / "toy_examples" / "empty-magazine.toml").write_text(EXAMPLE.replace('name = "pistol"',
                                                                                  'name = "pistol"\nrounds = 0'))
    code, lines = check(capsys, "--examples", "toy")
    assert code == 1
    refused = [line for line in lines if "empty-magazine.toml:" in line]
    assert refused == ["gunline: plugins --check: 'toy' example empty-magazine.toml: the rules refuse the "
                       "ruleset's own example: weapon: 0 rounds left, a single shot needs 1: reload or fire single"]


def test_a_ruleset_with_no_examples_is_noted(installed, capsys, tmp_path, monkeypatch):
    (tmp_path / "gl_trial_bare.py").write_text(BARE_SOURCE)
    eps = [*installed, EntryPoint(name="bare", value="gl_trial_bare", group="gunline")]
    monkeypatch.setattr("gunline.entry_points.group", lambda group: eps)
    code, lines = check(capsys, "--examples", "bare")
    assert code == 0 and lines == [
        "gunline: plugins --check: note: 'bare' ships no examples (Ruleset.examples): none of its rules were tried",
        "gunline: plugins --check --examples: tried 0 example runs: no problem",
    ]
    assert check(capsys, "--examples", "bare", "toy.fragile")[0] == 1


def test_check_and_examples_each_keep_their_own_names(installed, capsys):
    """``--examples NAME`` alone is ``--check NAME`` too; given both, each option's
    names (none: every plugin) are its own."""
    code, lines = check(capsys, "--check", "toy.steady", "--examples")
    assert code == 1 and lines[-1].endswith("tried 5 example runs: 3 problems")  # every ruleset tried
    code, lines = check(capsys, "--check", "--examples", "toy.steady")
    assert (code, lines) == (0, ["gunline: plugins --check --examples: tried 2 example runs: no problem"])


def test_the_bundled_rulesets_pass_their_own_trial(capsys):
    """Every ruleset shipped here, on every example, under every variant."""
    code, lines = check(capsys, "--examples")
    assert code == 0, lines
    runs = int(lines[-1].split("tried ")[1].split()[0])
    assert runs > 100 and lines[-1].endswith(": no problem")
