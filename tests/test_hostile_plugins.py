"""Hostile and misbehaving plugins, found through real entry points: a distribution
that claims a bundled ruleset's name wins nothing (both are listed, the attack is
refused with what to block, the choice works); a hook that returns what a chain
cannot hold, or a status its ruleset does not declare, is named with its hook; a hook
that never returns is abandoned and named; a plugin's words reach the terminal
escaped; the conformance suite fails a plugin whose chains do not come from its dice.

The distributions are real as far as ``importlib.metadata`` can tell: a package and
a ``.dist-info`` folder (METADATA, entry_points.txt) in a folder put on the path, as
an installer leaves them."""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import subprocess
import sys
import textwrap
import types
from importlib import metadata
from pathlib import Path

import msgspec
import pytest

from gunline import Modifier, Registry, Roll, Step, Variant, cli, hookimpl

HERE = Path(__file__).parent
ROOT = HERE.parent
LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"
TOY_PATH = ROOT / "core" / "tests" / "toy_ruleset.py"

_spec = importlib.util.spec_from_file_location("hostile_strings", HERE / "hostile_strings.py")
hostile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hostile)


def distribution(folder: Path, name: str, version: str, modules: dict[str, str], entry_points: dict[str, str]) -> Path:
    """Write an installed-looking distribution into ``folder``: its modules and a
    ``<name>-<version>.dist-info`` with its ``gunline`` entry points."""
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    lines = "".join(f"{ep} = {value}\n" for ep, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[gunline]\n{lines}", encoding="utf-8")
    return folder


IMPOSTOR = '''
"""Claims to be Necromunda, and always hits."""
import msgspec
from gunline import Step, hookimpl
from gunline_necromunda.ruleset import (
    RULESET, begin_attack, build_pool, check_attack, describe_outcome, modify_pool, reload_weapon,
    resolve_wound, spend_ammo, start_state,
)

@hookimpl
def gunline_ruleset():
    return msgspec.structs.replace(RULESET, description="the real one, trust me\\x1b]0;PWNED\\x07")

@hookimpl
def resolve_hit(attack, target, pool, dice):
    return Step(kind="hit", value=1, text="always hits")
'''

SHADOW_VARIANT = '''
from gunline import Variant, hookimpl

@hookimpl
def gunline_variant():
    return Variant(name="necromunda.d6-ammo-roll", ruleset="necromunda", description="not the book's", api=2)
'''


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Put distributions written into a folder on the path, for this process and
    for the ``gunline`` it starts."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delenv("GUNLINE_LOAD_PLUGINS", raising=False)
    monkeypatch.delenv("GUNLINE_BLOCK_PLUGINS", raising=False)

    def add(name, version, modules, entry_points):
        distribution(folder, name, version, modules, entry_points)
        importlib.invalidate_caches()

    add.folder = folder
    yield add
    for module in [m for m in sys.modules if m.startswith("impostor_")]:
        del sys.modules[module]


def gunline(*args: str, env: dict[str, str] | None = None, path: Path | None = None) -> subprocess.CompletedProcess:
    """The real command, in a process of its own, with ``path`` on PYTHONPATH."""
    import os

    full = {k: v for k, v in os.environ.items() if k not in ("GUNLINE_LOAD_PLUGINS", "GUNLINE_BLOCK_PLUGINS")}
    if path is not None:
        full["PYTHONPATH"] = str(path)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "gunline.cli", *args], capture_output=True, text=True,
                          env=full, timeout=120)


# -- a name is owned ---------------------------------------------------------------------------
def test_an_impostor_of_a_bundled_ruleset_wins_nothing(installed, capsys):
    entry_point = "necromunda"  # the name itself: two claims that count, neither used
    module = f"impostor_{entry_point.replace('-', '_')}"
    installed("gunline-impostor", "6.6.6", {module: IMPOSTOR}, {entry_point: module})
    real = metadata.version("gunline-necromunda")

    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    listed = [line for line in out.splitlines() if re.match(r"\S+\s+necromunda\s", line)]
    assert listed == [
        "CONFLICT necromunda  (gunline-impostor 6.6.6)",
        f"CONFLICT necromunda  (gunline-necromunda {real})",
    ]
    assert "BROKEN" not in out
    assert "PWNED\x07" not in out and "trust me\\x1b]0;PWNED\\x07" in out  # its description, escaped
    assert "conflict: ruleset 'necromunda' is declared by 2 plugins" in out

    assert cli.main(["resolve", str(LASGUN), "--seed", "7"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "gunline-impostor 6.6.6" in err and f"gunline-necromunda {real}" in err and "GUNLINE_BLOCK_PLUGINS=" in err

    # the advice works both ways: block one, the other resolves
    choices = dict(re.findall(r"GUNLINE_BLOCK_PLUGINS=(\S+) uses (\S+)'s", err))
    assert set(choices.values()) == {"gunline-necromunda", "gunline-impostor"}
    for block, used in choices.items():
        with pytest.MonkeyPatch.context() as env:
            env.setenv("GUNLINE_BLOCK_PLUGINS", block)
            assert cli.main(["resolve", str(LASGUN), "--seed", "7"]) == 0
            chain = capsys.readouterr().out
        assert ("always hits" in chain) == (used == "gunline-impostor"), (block, chain)


@pytest.mark.parametrize("entry_point", ["aaa-necromunda", "zzz-necromunda"])
def test_an_impostor_under_another_entry_point_is_not_used_whatever_the_load_order(installed, capsys, entry_point):
    """A claim made under an entry point named for something else does not count
    against the plugin published under the name: it is listed as broken, saying
    whose name it took, and the bundled ruleset resolves (as it does when a command
    loads only the scenario's own ruleset's entry points)."""
    module = f"impostor_{entry_point.replace('-', '_')}"
    installed("gunline-impostor", "6.6.6", {module: IMPOSTOR}, {entry_point: module})
    real = metadata.version("gunline-necromunda")

    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert f"ruleset  necromunda  (gunline-necromunda {real})" in out and "CONFLICT" not in out
    broken = [line for line in out.splitlines() if line.startswith(f"BROKEN   {entry_point} ")]
    assert broken == [f"BROKEN   {entry_point}  (gunline-impostor 6.6.6)"]
    assert (
        f"declares the ruleset 'necromunda' under the entry point '{entry_point}', but gunline-necromunda {real} "
        "(entry point 'necromunda') publishes 'necromunda' under its own name"
    ) in out

    assert cli.main(["resolve", str(LASGUN), "--seed", "7"]) == 0
    chain = capsys.readouterr().out
    assert "always hits" not in chain
    with pytest.MonkeyPatch.context() as env:  # the bundled one blocked, the other is the only claim
        env.setenv("GUNLINE_BLOCK_PLUGINS", "gunline-necromunda")
        assert cli.main(["resolve", str(LASGUN), "--seed", "7"]) == 0
        assert "always hits" in capsys.readouterr().out


def test_without_the_impostor_the_chain_is_the_bundled_ones(capsys, monkeypatch):
    monkeypatch.delenv("GUNLINE_BLOCK_PLUGINS", raising=False)
    monkeypatch.delenv("GUNLINE_LOAD_PLUGINS", raising=False)
    assert cli.main(["resolve", str(LASGUN), "--seed", "7"]) == 0
    assert "always hits" not in capsys.readouterr().out


def test_the_real_command_refuses_the_attack_and_lists_both(installed):
    installed("gunline-impostor", "6.6.6", {"impostor_cli": IMPOSTOR}, {"necromunda": "impostor_cli"})
    done = gunline("resolve", str(LASGUN), path=installed.folder)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("gunline: ") and done.stderr.count("\n") == 1
    assert "neither is used" in done.stderr
    assert "GUNLINE_BLOCK_PLUGINS=gunline-impostor:necromunda uses gunline-necromunda's" in done.stderr
    raw = gunline("plugins", "--json", path=installed.folder).stdout
    listing = json.loads(raw)
    claims = listing["conflicts"]["necromunda"]["claims"]
    assert sorted(c["distribution"] for c in claims) == ["gunline-impostor", "gunline-necromunda"]
    assert not [p for p in listing["plugins"] if p["kind"] == "broken"]
    assert "\x1b" not in raw and "trust me\\u001b]0;PWNED\\u0007" in raw  # escaped as JSON, same value
    assert "the real one, trust me\x1b]0;PWNED\x07" in {p.get("description") for p in listing["plugins"]}


def test_a_variant_name_claimed_twice_refuses_that_variant_only(installed, capsys):
    installed(
        "gunline-shadow", "1.0", {"impostor_variant": SHADOW_VARIANT},
        {"necromunda.shadow": "impostor_variant"},
    )
    assert cli.main(["resolve", str(LASGUN), "--variant", "necromunda.d6-ammo-roll"]) == 2
    err = capsys.readouterr().err
    assert "variants: variant 'necromunda.d6-ammo-roll' is declared by 2 plugins" in err
    # its entry point names it alone
    assert "GUNLINE_BLOCK_PLUGINS=necromunda.shadow uses gunline-necromunda's" in err
    assert cli.main(["resolve", str(LASGUN), "--seed", "1"]) == 0  # the ruleset itself is not in question


def test_an_impostor_under_the_variants_own_entry_point_name_can_be_chosen(installed, capsys, monkeypatch):
    """Two distributions publish the entry point ``necromunda.d6-ammo-roll``: the
    advice names each one as ``distribution:entry-point``, and following it keeps
    the other distribution's every other plugin (the ruleset among them)."""
    installed("gunline-shadow", "1.0", {"impostor_variant": SHADOW_VARIANT},
              {"necromunda.d6-ammo-roll": "impostor_variant"})
    assert cli.main(["resolve", str(LASGUN), "--variant", "necromunda.d6-ammo-roll"]) == 2
    err = capsys.readouterr().err
    choices = dict(re.findall(r"GUNLINE_BLOCK_PLUGINS=(\S+) uses (\S+)'s", err))
    assert choices == {"gunline-shadow:necromunda.d6-ammo-roll": "gunline-necromunda",
                       "gunline-necromunda:necromunda.d6-ammo-roll": "gunline-shadow"}
    for block, used in choices.items():
        monkeypatch.setenv("GUNLINE_BLOCK_PLUGINS", block)
        assert cli.main(["resolve", str(LASGUN), "--variant", "necromunda.d6-ammo-roll", "--seed", "1"]) == 0
        capsys.readouterr()
        assert cli.main(["plugins", "--json"]) == 0
        listing = json.loads(capsys.readouterr().out)
        chosen = [p for p in listing["plugins"] if p["name"] == "necromunda.d6-ammo-roll"]
        assert [p["distribution"] for p in chosen] == [used]
        assert [p["name"] for p in listing["plugins"] if p["kind"] == "ruleset" and p["name"] == "necromunda"]


def test_a_variant_claimed_under_another_entry_point_leaves_the_named_one_in_use(installed, capsys):
    installed("gunline-shadow", "1.0", {"impostor_variant": SHADOW_VARIANT}, {"shadow": "impostor_variant"})
    assert cli.main(["resolve", str(LASGUN), "--variant", "necromunda.d6-ammo-roll", "--seed", "1"]) == 0
    assert "necromunda.d6-ammo-roll" in capsys.readouterr().out
    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "BROKEN   shadow  (gunline-shadow 1.0)" in out
    assert "declares the variant 'necromunda.d6-ammo-roll' under the entry point 'shadow'" in out


def test_every_plugin_is_listed_with_its_distribution_and_version(capsys, monkeypatch):
    monkeypatch.delenv("GUNLINE_LOAD_PLUGINS", raising=False)
    monkeypatch.delenv("GUNLINE_BLOCK_PLUGINS", raising=False)
    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    for name, dist in [("necromunda", "gunline-necromunda"), ("wod", "gunline-wod"), ("fallout", "gunline-fallout"),
                       ("samurai", "gunline-samurai")]:
        assert f"ruleset  {name}  ({dist} {metadata.version(dist)})" in out


def test_a_plugin_that_fails_to_load_is_listed_with_its_error_escaped(installed, capsys):
    broken = 'raise ImportError("no module named \\x1b[2Jnumpy\\x9b")\n'
    installed("gunline-broken", "0.1", {"impostor_broken": broken}, {"broken": "impostor_broken"})
    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "BROKEN   broken  (gunline-broken 0.1)" in out
    assert "no module named \\x1b[2Jnumpy\\x9b" in out and hostile.raw_in(out) == []


# -- faults named with their hook ----------------------------------------------------------------
def toy_registry(**hooks) -> Registry:
    spec = importlib.util.spec_from_file_location("toy_ruleset_hostile", TOY_PATH)
    toy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy)
    registry = Registry()
    registry.add("toy", toy)
    bad = types.ModuleType("toy_bad")
    bad.gunline_variant = hookimpl(lambda: Variant(name="toy.bad", ruleset="toy", api=2))
    for hook, fn in hooks.items():
        setattr(bad, hook, hookimpl(specname=hook)(fn))
    registry.add("toy.bad", bad)
    return registry


TOY_FILE = """ruleset = "toy"
variants = ["toy.bad"]
[shooter]
name = "Ann"
skill = 2
[weapon]
name = "pistol"
[[targets]]
name = "Bo"
wounds = 3
"""


def _hit(**step):
    def resolve_hit(dice):
        dice.roll(6, "to hit")
        return Step(kind="hit", value=1, **step)

    return resolve_hit


def _rolled(dice, **step) -> Step:
    dice.roll(6, "to hit")
    return Step(kind="hit", **step)


def _holding_itself() -> Step:
    data: dict = {}
    data["d"] = data
    return Step(kind="hit", value=1, data=data)


FAULTS = {
    "data holding an object": ("resolve_hit", _hit(data={"who": object()}), "cannot be written as JSON"),
    "state holding a set of objects": (
        "resolve_hit", _hit(target_state={"marks": {object()}}), "returned a set ("),
    # written as a list in the order of the set, which for names changes with the interpreter's hash seed
    "data holding a set of names": (
        "resolve_hit", _hit(data={"seen": {"Bo", "Cy"}}),
        "returned a set ([0].data['seen']), which JSON writes as a list in no fixed order; use a sorted list"),
    "a roll whose values are text": (
        "resolve_hit", lambda: Step(kind="hit", value=1, rolls=[Roll(label="x", dice="1d6", values="66", total=6)]),
        "wrong type"),
    "a roll whose total is missing": (
        "resolve_hit", lambda: Step(kind="hit", value=1, rolls=[Roll(label="x", dice="1d6", values=[6], total=None)]),
        "wrong type"),
    "an undeclared target status": (
        "resolve_wound", lambda: Step(kind="wound", value=1, target_state={"status": "vaporised"}),
        "status 'vaporised', which the ruleset 'toy' does not declare"),
    "a hook that calls sys.exit": ("resolve_hit", lambda: sys.exit(0), "SystemExit"),
    "data that holds itself": ("resolve_hit", lambda: _holding_itself(), "cannot be written as JSON"),
    "a value that is nan": ("resolve_hit", lambda dice: _rolled(dice, value=float("nan")),
                            "returned a hit step whose value is nan; JSON has no nan or inf"),
    "a value that is infinite": ("resolve_hit", lambda dice: _rolled(dice, value=float("-inf")),
                                 "returned a hit step whose value is -inf; JSON has no nan or inf"),
    # its digits cannot be written out: the outcome line failed as gunline's own error
    "a value of thousands of digits": ("resolve_hit", lambda dice: _rolled(dice, value=10**5000),
                                       "whose value is a whole number of 16610 bits; return one from -2**53"),
    # JSON writes nan as null: the journal would have kept wounds_left = null
    "state holding nan": ("resolve_hit", _hit(target_state={"wounds_left": float("nan")}),
                          "returned nan in [0].target_state['wounds_left']; JSON has no nan or inf"),
    "a modifier of thousands of digits": ("modify_pool", lambda: [Modifier(label="x", value=-(10**5000))],
                                          "returned a modifier 'x' whose value is a whole number of 16610 bits"),
    "an undeclared weapon status": (
        "spend_ammo", lambda: Step(kind="ammo", value=1, weapon_state={"rounds_left": 5, "status": "melted"}),
        "status 'melted', which the ruleset 'toy' does not declare"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("command", [["resolve", "--seed", "3"], ["resolve", "--seed", "3", "--json"],
                                     ["resolve", "--dice", "6,6,6,6"], ["odds"]])
def test_a_result_the_chain_cannot_hold_is_refused_naming_plugin_and_hook(
    tmp_path, monkeypatch, capsys, fault, command
):
    hook, fn, says = FAULTS[fault]
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(**{hook: fn}))
    path = tmp_path / "bad.toml"
    path.write_text(TOY_FILE)
    assert cli.main([command[0], str(path), *command[1:]]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "internal error" not in err
    assert err.startswith(f"gunline: plugin 'toy.bad' failed in {hook}: ") and says in err, err


class _Touchy(str):
    """A plugin's own text: compared, hashed or shown, it raises."""

    def __eq__(self, other):
        raise RuntimeError("compared")

    def __hash__(self):
        raise RuntimeError("hashed")

    def __repr__(self):
        raise RuntimeError("shown")


def test_text_of_a_str_subclass_is_taken_as_its_text(tmp_path, monkeypatch, capsys):
    """A step's kind and text, and a modifier's label, of a str subclass whose
    comparisons raise: it stopped the chain as gunline's own internal error (the
    step's kind) or as a fault of the ruleset that passed the modifier on."""

    def resolve_hit(dice):
        dice.roll(6, "to hit")
        return Step(kind=_Touchy("hit"), value=1, text=_Touchy("a hit"))

    def modify_pool():
        return [Modifier(label=_Touchy("steady"), value=1)]

    monkeypatch.setattr(cli, "_registry",
                        lambda ruleset=None: toy_registry(resolve_hit=resolve_hit, modify_pool=modify_pool))
    path = tmp_path / "touchy.toml"
    path.write_text(TOY_FILE)
    assert cli.main(["resolve", str(path), "--seed", "3", "--json"]) == 0, capsys.readouterr().err
    chain = json.loads(capsys.readouterr().out)
    hit = next(step for step in chain["steps"] if step["source"] == "toy.bad")
    assert (hit["kind"], hit["text"]) == ("hit", "a hit")
    assert {"label": "steady", "value": 1, "source": "toy.bad"} in chain["steps"][0]["modifiers"]


def test_a_plugin_s_own_base_exception_is_one_sanitised_line(tmp_path, monkeypatch, capsys):
    """Not even a BaseException of a plugin's own escapes as a traceback, and its
    text reaches the terminal escaped, with --debug too."""

    class Escape(BaseException):
        pass

    def resolve_hit():
        raise Escape("\x1b]0;PWNED\x07\x9b2J")

    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(resolve_hit=resolve_hit))
    path = tmp_path / "escape.toml"
    path.write_text(TOY_FILE)
    for argv in (["resolve", str(path)], ["--debug", "resolve", str(path)]):
        assert cli.main(argv) == 1
        err = capsys.readouterr().err
        assert "\x1b" not in err and "\x07" not in err and "\x9b" not in err, err
        assert "gunline: plugin 'toy.bad' failed in resolve_hit: Escape: \\x1b]0;PWNED\\x07\\x9b2J" in err
        if "--debug" not in argv:
            assert err.count("\n") == 1
    assert err.count("Traceback") == 2  # --debug shows the tracebacks (the plugin's, the fault's), escaped


def test_a_hook_that_never_returns_is_abandoned_and_named(tmp_path, monkeypatch, capsys):
    def resolve_hit():
        while True:
            pass

    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(resolve_hit=resolve_hit))
    path = tmp_path / "stuck.toml"
    path.write_text(TOY_FILE)
    assert cli.main(["--hook-timeout", "0.3", "resolve", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == ("gunline: plugin 'toy.bad' failed in resolve_hit: no answer after 0.3 s, abandoned (a hook "
                   "that never returns? the limit is GUNLINE_HOOK_TIMEOUT or gunline --hook-timeout SECONDS "
                   "before the command; 0 for none)\n")


def test_the_limit_is_read_from_the_environment(tmp_path, monkeypatch, capsys):
    def resolve_hit():
        while True:
            pass

    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(resolve_hit=resolve_hit))
    monkeypatch.setenv("GUNLINE_HOOK_TIMEOUT", "0.2")
    path = tmp_path / "stuck.toml"
    path.write_text(TOY_FILE)
    assert cli.main(["odds", str(path)]) == 1
    assert "failed in resolve_hit: no answer after 0.2 s" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(hostile.HOSTILE))
def test_a_plugins_exception_text_reaches_the_terminal_escaped(tmp_path, monkeypatch, capsys, name):
    text = hostile.HOSTILE[name]

    def resolve_hit():
        raise ValueError(text)

    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(resolve_hit=resolve_hit))
    path = tmp_path / "raises.toml"
    path.write_text(TOY_FILE)
    assert cli.main(["resolve", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("gunline: plugin 'toy.bad' failed in resolve_hit: ValueError: ")
    assert err.count("\n") == 1 and hostile.raw_in(err) == []


class _Unreadable(Exception):
    def __str__(self):
        raise RuntimeError("its __str__ fails too")


class _Endless(Exception):
    def __str__(self):
        return "\x1b[31m" + "x" * 3_000_000


@pytest.mark.parametrize("error, says", [
    (_Unreadable, "_Unreadable: (its message could not be read)"),
    (_Endless, "_Endless: \\x1b[31mxxx"),
])
def test_an_exception_that_cannot_say_what_it_is_or_says_megabytes_is_still_the_plugins(tmp_path, monkeypatch,
                                                                                         capsys, error, says):
    """The fault is the plugin's whatever its exception does when it is read: a
    ``__str__`` that raises was let out in place of it, an internal error blamed on
    nobody; a message of megabytes is cut, its length said."""

    def resolve_hit():
        raise error()

    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(resolve_hit=resolve_hit))
    path = tmp_path / "raises.toml"
    path.write_text(TOY_FILE)
    assert cli.main(["resolve", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gunline: plugin 'toy.bad' failed in resolve_hit: {says}"), err[:200]
    assert err.count("\n") == 1 and len(err) < 1200 and "internal error" not in err and hostile.raw_in(err) == []


# -- the conformance suite fails impure plugins ---------------------------------------------------
def impure(name: str):
    spec = importlib.util.spec_from_file_location(f"impure_{name}", HERE / "impure" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def impure_case(name: str):
    from gunline.scenario import load_attack

    module = impure(name)
    registry = Registry()
    registry.add("toy", module)
    return module, registry, load_attack(registry, ROOT / "core" / "tests" / "toy_examples" / "double.toml")


SEEDS = list(range(6))


@pytest.mark.parametrize(
    "plugin, fails",
    [
        ("own_random", {"dice shown", "memory", "process"}),
        ("keeps_state", {"memory"}),
        ("shows_unrolled", {"dice shown"}),
    ],
)
def test_a_plugin_whose_chains_do_not_come_from_its_dice_fails_the_purity_checks(plugin, fails):
    from gunline.testing import ConformanceError
    from gunline.testing.purity import chains_by_seed, check_another_process, check_dice_shown, check_no_memory

    module, registry, attack = impure_case(plugin)
    files = [ROOT / "core" / "tests" / "toy_examples" / "double.toml"]
    checks = {
        "dice shown": lambda: check_dice_shown(registry, attack, SEEDS),
        "memory": lambda: check_no_memory(registry, attack, SEEDS),
        "process": lambda: check_another_process(
            {"toy": module}, files, SEEDS[:3], chains_by_seed(registry, files, SEEDS[:3])
        ),
    }
    failed = set()
    for what, check in checks.items():
        if what == "process" and what not in fails:
            continue  # a stateful plugin may or may not differ there: not what it is caught by
        try:
            check()
        except ConformanceError as exc:
            failed.add(what)
            assert "dice" in str(exc)
    assert failed == fails


def test_the_suite_itself_fails_a_plugin_with_its_own_random():
    """The checks are tests of every RulesetConformance, run on each example."""
    from gunline.testing import ConformanceError, RulesetConformance

    class TestOwnRandom(RulesetConformance):
        ruleset = "toy"
        plugins = {"toy": impure("own_random")}

    suite = TestOwnRandom()
    cases = TestOwnRandom.conformance_cases(with_variants=True)
    assert [c.path.name for c in cases] == ["double.toml", "single.toml"]
    for test in (suite.test_chains_show_only_dice_rolled, suite.test_same_dice_same_chain_whatever_ran_before):
        for case in cases:
            with pytest.raises(ConformanceError):
                test(case)
    with pytest.raises(ConformanceError, match="another process gave another chain"):
        suite.test_same_dice_same_chain_in_another_process()


def test_a_plugin_that_trips_on_another_s_undeclared_status_is_not_the_one_blamed(tmp_path, monkeypatch, capsys):
    """toy.bad's hit leaves a status the ruleset does not declare; a later hook of
    another plugin crashes on it. The plugin named is toy.bad, which broke the
    contract first, not the one that tripped over it."""
    registry = toy_registry(resolve_hit=_hit(target_state={"status": "vaporised"}))
    reader = types.ModuleType("toy_reader")
    severity = {"unharmed": 0, "wounded": 1, "dead": 2}

    def resolve_wound(target, state):
        severity[state.targets[target.name]["status"]]  # a table of the declared statuses
        return Step(kind="wound", value=0)

    reader.gunline_variant = hookimpl(lambda: Variant(name="toy.reader", ruleset="toy", api=2))
    reader.resolve_wound = hookimpl(specname="resolve_wound")(resolve_wound)
    registry.add("toy.reader", reader)
    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: registry)
    path = tmp_path / "trip.toml"
    path.write_text(TOY_FILE.replace('["toy.bad"]', '["toy.bad", "toy.reader"]'))
    for argv in (["resolve", str(path), "--seed", "3"], ["resolve", str(path), "--dice", "6,6,6,6"]):
        assert cli.main(argv) == 1
        err = capsys.readouterr().err
        assert err.startswith("gunline: plugin 'toy.bad' failed in resolve_hit: "), err
        assert "'vaporised', which the ruleset 'toy' does not declare" in err


@pytest.mark.parametrize("name", ["Necromunda", "necromundа", "necromunda ", "necro_munda", "a.b.c"])
def test_a_name_that_could_pass_for_another_is_refused_at_load(name):
    from gunline.contract import check_declaration

    toy = importlib.util.module_from_spec(importlib.util.spec_from_file_location("toy_names", TOY_PATH))
    toy.__spec__.loader.exec_module(toy)
    declared = toy.gunline_ruleset()
    with pytest.raises(TypeError, match="lower-case ASCII letters, digits and hyphens"):
        check_declaration(msgspec.structs.replace(declared, name=name))
    check_declaration(msgspec.structs.replace(declared, name="necro-munda"))


def test_a_plugin_s_warning_reaches_the_terminal_escaped(tmp_path, monkeypatch, capsys):
    import warnings

    def resolve_hit(dice):
        warnings.warn("\x1b]0;PWNED\x07 careful", UserWarning, stacklevel=1)
        dice.roll(6, "to hit")
        return Step(kind="hit", value=1)

    monkeypatch.setattr(cli, "_registry", lambda ruleset=None: toy_registry(resolve_hit=resolve_hit))
    path = tmp_path / "warns.toml"
    path.write_text(TOY_FILE)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        assert cli.main(["resolve", str(path), "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert "gunline: warning: UserWarning: \\x1b]0;PWNED\\x07 careful" in err and "\x1b" not in err


AGNOSTIC = '''
from gunline import Modifier, Variant, hookimpl

@hookimpl
def gunline_variant():
    return Variant(name="steady-hands", ruleset=None, description="+1 to every pool", api=2)

@hookimpl
def modify_pool(attack):
    return [Modifier(label="steady hands", value=1)]
'''


def test_a_rule_agnostic_variant_is_found_though_it_is_no_rulesets_entry_point(installed, capsys):
    """A command loads the scenario's ruleset's entry points first; a variant named
    for no ruleset is not among them, and is still found (every plugin is loaded
    when the first ones do not make the attack)."""
    installed("gunline-steady", "1.0", {"impostor_steady": AGNOSTIC}, {"steady-hands": "impostor_steady"})
    assert cli.main(["resolve", str(LASGUN), "--variant", "steady-hands", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "steady hands" in out and "steady-hands" in out
    assert cli.main(["odds", str(LASGUN), "--variant", "steady-hands", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variants"] == ["steady-hands"]


# -- what a plugin prints, and its line breaks --------------------------------------------------
LOUD_VARIANT = '''
import sys
from gunline import Modifier, Variant, hookimpl

print("LOUD AT IMPORT \\x1b[31mred\\x1b[0m")
sys.stderr.write("\\x1b]0;retitled\\x07\\n")

@hookimpl
def gunline_variant():
    return Variant(name="necromunda.loud", ruleset="necromunda", description="prints", api=2)

@hookimpl
def modify_pool(attack, target):
    print("LOUD IN A HOOK \\x9b2J")
    return [Modifier(label="loud\\noutcome:\\n  Goliath: out of action (FAKE)", value=1)]
'''


def test_what_a_plugin_prints_goes_to_stderr_escaped_and_json_stays_json(installed):
    """A plugin's ``print`` (at import, in a hook) and its writes to stderr neither
    corrupt ``--json`` on stdout nor reach the terminal raw: they go to stderr with
    their control characters escaped."""
    installed("gunline-loud", "1.0", {"loud_variant": LOUD_VARIANT}, {"necromunda.loud": "loud_variant"})
    for args in (["resolve", str(LASGUN), "--seed", "3", "--variant", "necromunda.loud", "--json"],
                 ["odds", str(LASGUN), "--variant", "necromunda.loud", "--json"],
                 ["plugins", "--json"]):
        done = gunline(*args, path=installed.folder)
        assert done.returncode == 0, done.stderr
        json.loads(done.stdout)  # nothing but the document
        assert "LOUD AT IMPORT \\x1b[31mred\\x1b[0m" in done.stderr
        assert "\\x1b]0;retitled\\x07" in done.stderr
        assert "\x1b" not in done.stderr and "\x9b" not in done.stderr and "\x07" not in done.stderr
    assert "LOUD IN A HOOK \\x9b2J" in done.stderr or args[0] == "plugins"


def test_a_line_break_in_a_plugins_text_cannot_make_a_line_of_its_own(installed):
    """A modifier label (or step text, outcome, description) holding line breaks is
    shown on its own line with the breaks escaped: it cannot print a line that
    reads as the chain's outcome."""
    installed("gunline-loud", "1.0", {"loud_variant": LOUD_VARIANT}, {"necromunda.loud": "loud_variant"})
    done = gunline("resolve", str(LASGUN), "--seed", "3", "--variant", "necromunda.loud", path=installed.folder)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("outcome:") == 1
    assert not [line for line in lines if "FAKE" in line and "\\noutcome:\\n" not in line]
    assert [line for line in lines if "+1 loud\\noutcome:\\n  Goliath: out of action (FAKE)  (necromunda.loud)" in line]


def test_a_description_of_several_lines_is_indented_under_its_plugin_and_an_error_is_one_line():
    """Every line of a plugin's description starts under it, where no plugin's own
    line starts (each starts at the margin); a broken plugin's error is one line."""
    from gunline.models import PluginInfo
    from gunline.render import plugins_text

    infos = [
        PluginInfo(name="evil", kind="ruleset", distribution="gunline-evil", version="1",
                   description="trusted\nruleset  necromunda  (gunline-necromunda 9.9.9)\n\x1b[2J", hooks=["x"]),
        PluginInfo(name="bad", kind="broken", distribution="gunline-bad", version="1",
                   error="ValueError: no\nruleset  wod  (gunline-wod 9.9.9)"),
    ]
    lines = plugins_text(infos).splitlines()
    at_margin = [line for line in lines if not line.startswith(" ")]
    assert at_margin[:2] == ["ruleset  evil  (gunline-evil 1)", "BROKEN   bad  (gunline-bad 1)"]
    assert "         ruleset  necromunda  (gunline-necromunda 9.9.9)" in lines
    assert "         \\x1b[2J" in lines
    assert "         error: ValueError: no\\nruleset  wod  (gunline-wod 9.9.9)" in lines


def test_a_variant_whose_import_never_ends_is_listed_broken_and_stops_nothing(installed):
    """One variant asleep in its import (no exception reaches it) costs the limit
    once; the listing shows it broken and everything else, and an attack that does
    not use it resolves."""
    installed("gunline-sleepy", "1.0", {"sleepy_variant": "import time\ntime.sleep(600)\n"},
              {"necromunda.sleepy": "sleepy_variant"})
    listing = gunline("--hook-timeout", "1", "plugins", path=installed.folder)
    assert listing.returncode == 0, listing.stderr
    assert "BROKEN   necromunda.sleepy  (gunline-sleepy 1.0)" in listing.stdout
    assert "its import did not finish in 1 s and was abandoned" in listing.stdout
    assert [line for line in listing.stdout.splitlines() if line.startswith("ruleset ")]
    done = gunline("--hook-timeout", "1", "resolve", str(LASGUN), "--seed", "7", path=installed.folder)
    assert done.returncode == 0 and "outcome:" in done.stdout, done.stderr


def test_the_conformance_suite_fails_a_distribution_with_a_broken_entry_point(installed):
    """A ruleset's own tests hear of a variant it publishes that does not load."""
    from gunline.plugins import discover
    from gunline.testing.checks import ConformanceError, check_distribution_loads

    toy = TOY_PATH.read_text(encoding="utf-8")
    installed("gunline-toyset", "1.0", {"toyset_rules": toy, "toyset_bad": "import no_such_module_here\n"},
              {"toy": "toyset_rules", "toy.bad": "toyset_bad"})
    registry = discover()
    with pytest.raises(ConformanceError, match=r"1 entry point\(s\) of gunline-toyset did not load: toy\.bad: "
                                               r"ModuleNotFoundError: No module named 'no_such_module_here'"):
        check_distribution_loads(registry, "toy")
    check_distribution_loads(registry, "necromunda")  # another distribution's breakage is not its own


@pytest.mark.parametrize("var, value", [("GUNLINE_LOAD_PLUGINS", ""), ("GUNLINE_LOAD_PLUGINS", "wod"),
                                        ("GUNLINE_BLOCK_PLUGINS", "gunline-necromunda")])
def test_a_ruleset_kept_out_by_a_variable_says_which(capsys, monkeypatch, var, value):
    """Not "unknown ruleset; installed: none installed": the GM set a variable last
    week and is told which, with its value."""
    monkeypatch.delenv("GUNLINE_LOAD_PLUGINS", raising=False)
    monkeypatch.delenv("GUNLINE_BLOCK_PLUGINS", raising=False)
    monkeypatch.setenv(var, value)
    assert cli.main(["resolve", str(LASGUN)]) == 2
    assert capsys.readouterr().err.endswith(
        f"ruleset: 'necromunda' is installed but not loaded: {var}={value!r} keeps it out\n")
