"""Faults contained: a plugin that fails to import, raises inside a hook, or returns
the wrong type is named in one message (CLI exit 1) and the other rulesets keep
working. Every plugin here is broken on purpose."""

from __future__ import annotations

import importlib.util
import sys
import types
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from gunline import ChainState, Modifier, PluginFailed, Registry, Step, Variant, discover, hookimpl
from gunline.cli import main
from gunline.runner import run
from gunline.scenario import build_attack

TOY_PATH = Path(__file__).parents[1] / "core" / "tests" / "toy_ruleset.py"
DOC = {
    "ruleset": "toy",
    "shooter": {"name": "Ann", "skill": 2},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo", "wounds": 2}],
}


def load_toy():
    spec = importlib.util.spec_from_file_location("toy_ruleset_reliability", TOY_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bad_variant(hook: str, fn) -> types.ModuleType:
    """A variant of the toy ruleset whose ``hook`` is ``fn`` (asked before the toy's)."""
    mod = types.ModuleType("toy_bad")

    @hookimpl
    def gunline_variant():
        return Variant(name="toy.bad", ruleset="toy", api=2)

    mod.gunline_variant = gunline_variant
    setattr(mod, hook, hookimpl(specname=hook)(fn))
    return mod


def registry_with(*extra: types.ModuleType) -> Registry:
    reg = Registry()
    reg.add("toy", load_toy())
    for i, mod in enumerate(extra):
        reg.add(f"extra{i}", mod)
    return reg


def _raise(*args, **kwargs):
    raise ZeroDivisionError("division by zero in a house rule")


def _returns(value):
    def hook(attack):
        return value

    return hook


# (hook, implementation): each raises or returns what the hook's contract forbids.
FAULTS = {
    "start_state raises": ("start_state", lambda attack: _raise()),
    "start_state returns a dict": ("start_state", _returns({"weapon": {}})),
    "start_state weapon is a list": (
        "start_state",
        _returns(ChainState(shooter={"name": "Ann"}, weapon=[1], targets={"Bo": {"status": "unharmed"}})),
    ),
    "start_state target state is a string": (
        "start_state",
        _returns(ChainState(shooter={"name": "Ann"}, weapon={"rounds_left": 3}, targets={"Bo": "fine"})),
    ),
    "check_attack raises": ("check_attack", lambda attack, state: _raise()),
    "check_attack returns an int": ("check_attack", lambda attack, state: 3),
    "begin_attack returns a string": ("begin_attack", lambda attack: "shots"),
    "begin_attack step kind is an int": ("begin_attack", lambda attack: [Step(kind=5)]),
    "modify_pool raises": ("modify_pool", lambda target: _raise()),
    "modify_pool returns a dict": ("modify_pool", lambda target: {"label": "x", "value": 1}),
    "modify_pool value is a string": ("modify_pool", lambda target: [Modifier(label="x", value="+1")]),
    "build_pool returns an int": ("build_pool", lambda attack: 4),
    "build_pool value is a list": ("build_pool", lambda attack: Step(kind="pool", value=[4])),
    "resolve_hit raises": ("resolve_hit", lambda attack: _raise()),
    "resolve_hit returns a list of ints": ("resolve_hit", lambda attack: [1, 2]),
    "resolve_hit has no hit step": ("resolve_hit", lambda attack: Step(kind="scatter")),
    "resolve_hit value is a string": ("resolve_hit", lambda attack: Step(kind="hit", value="1")),
    "resolve_hit target_state is a list": (
        "resolve_hit",
        lambda attack: Step(kind="hit", value=0, target_state=[("status", "pinned")]),
    ),
    "resolve_hit rolls hold a dict": ("resolve_hit", lambda attack: Step(kind="hit", value=0, rolls=[{"d": 6}])),
    "resolve_wound raises": ("resolve_wound", lambda attack: _raise()),
    "resolve_wound returns a tuple": ("resolve_wound", lambda attack: (Step(kind="wound", value=1),)),
    "resolve_wound target_state is a string": (
        "resolve_wound",
        lambda attack: Step(kind="wound", value=1, target_state="dead"),
    ),
    "spend_ammo raises": ("spend_ammo", lambda attack: _raise()),
    "spend_ammo returns None-like dict": ("spend_ammo", _returns({"rounds_left": 0})),
    "spend_ammo weapon_state is a number": ("spend_ammo", lambda attack: Step(kind="ammo", value=1, weapon_state=5)),
    "spend_ammo shooter_state is a string": ("spend_ammo", lambda attack: Step(kind="ammo", shooter_state="ok")),
    "describe_outcome raises": ("describe_outcome", lambda attack: _raise()),
    "describe_outcome returns a list": ("describe_outcome", lambda attack: ["Bo", "hit"]),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_misbehaving_hook_is_named_and_the_base_ruleset_keeps_working(fault):
    hook, fn = FAULTS[fault]
    reg = registry_with(bad_variant(hook, fn))
    attack = build_attack(reg, {**DOC, "variants": ["toy.bad"]})
    with pytest.raises(PluginFailed) as info:
        run(reg, attack, faces=[6, 6, 6, 6])
    assert info.value.plugin == "toy.bad", str(info.value)
    assert info.value.hook == hook
    assert "\n" not in str(info.value)
    # The same registry still resolves the ruleset without the broken variant.
    chain, _ = run(reg, build_attack(reg, DOC), faces=[6])
    assert chain.targets["Bo"]["wounds_left"] == 1


def test_a_ruleset_missing_a_required_result_is_named():
    """A ruleset whose build_pool returns None leaves the engine nothing to roll
    against: the ruleset is named, not an empty plugin name."""
    toy = load_toy()
    broken = types.ModuleType("toy_none")
    for name in ("gunline_ruleset", "resolve_hit", "spend_ammo", "start_state"):
        setattr(broken, name, getattr(toy, name))
    broken.build_pool = hookimpl(specname="build_pool")(lambda attack: None)
    reg = Registry()
    reg.add("toy", broken)
    with pytest.raises(PluginFailed) as info:
        run(reg, build_attack(reg, DOC), faces=[6])
    assert info.value.plugin == "toy" and info.value.hook == "build_pool"


BROKEN_SOURCES = {
    "gl_rel_syntax": "def oops(:\n",
    "gl_rel_import": "import gunline_no_such_dependency\n",
    "gl_rel_raises": "raise RuntimeError('config file missing')\n",
    "gl_rel_decl": "from gunline import hookimpl\n@hookimpl\ndef gunline_ruleset():\n    return {'name': 'x'}\n",
    "gl_rel_hookraises": (
        "from gunline import hookimpl\n@hookimpl\ndef gunline_variant():\n    raise KeyError('name')\n"
    ),
    "gl_rel_nomodes": (
        "import msgspec\nfrom gunline import hookimpl, Ruleset\n"
        "class S(msgspec.Struct):\n    name: str\n"
        "@hookimpl\ndef gunline_ruleset():\n"
        "    return Ruleset(name='nomodes', title='x', shooter=S, weapon=S, target=S, modes=(), statuses=(), api=2)\n"
        "@hookimpl\ndef build_pool(): pass\n@hookimpl\ndef resolve_hit(): pass\n@hookimpl\ndef spend_ammo(): pass\n"
    ),
    "gl_rel_notstruct": (
        "from gunline import hookimpl, Ruleset\n"
        "@hookimpl\ndef gunline_ruleset():\n"
        "    return Ruleset(name='notstruct', title='x', shooter=dict, weapon=int, target='T', api=2)\n"
        "@hookimpl\ndef build_pool(): pass\n@hookimpl\ndef resolve_hit(): pass\n@hookimpl\ndef spend_ammo(): pass\n"
    ),
}


@pytest.fixture
def broken_entry_points(tmp_path, monkeypatch):
    for module, source in BROKEN_SOURCES.items():
        (tmp_path / f"{module}.py").write_text(source)
    (tmp_path / "gl_rel_toy.py").write_text(TOY_PATH.read_text())
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in [*BROKEN_SOURCES, "gl_rel_toy"]:
        sys.modules.pop(module, None)
    return [EntryPoint(name=m, value=m, group="gunline") for m in [*BROKEN_SOURCES, "gl_rel_toy"]]


def test_plugins_that_fail_to_load_are_named_and_the_rest_load(broken_entry_points):
    reg = discover(broken_entry_points)
    assert set(reg.rulesets) == {"toy"}
    errors = {b.name: b.error for b in reg.broken}
    assert set(errors) == set(BROKEN_SOURCES)
    assert errors["gl_rel_syntax"].startswith("SyntaxError")
    assert "gunline_no_such_dependency" in errors["gl_rel_import"]
    assert "config file missing" in errors["gl_rel_raises"]
    assert "expected gunline.Ruleset" in errors["gl_rel_decl"]
    assert errors["gl_rel_hookraises"].startswith("KeyError")
    assert "modes" in errors["gl_rel_nomodes"]
    assert "shooter" in errors["gl_rel_notstruct"]
    assert all("\n" not in e for e in errors.values())
    chain, _ = run(reg, build_attack(reg, DOC), faces=[6])
    assert chain.targets["Bo"]["status"] == "wounded"


def test_cli_names_a_broken_plugin_in_one_line_with_exit_1(tmp_path, monkeypatch, capsys):
    raising = bad_variant("resolve_hit", lambda attack: _raise())
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry_with(raising))
    path = tmp_path / "s.toml"
    path.write_text(
        'ruleset = "toy"\nvariants = ["toy.bad"]\n[shooter]\nname = "Ann"\n[weapon]\nname = "pistol"\n'
        '[[targets]]\nname = "Bo"\n'
    )
    assert main(["resolve", str(path), "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "'toy.bad'" in err and "resolve_hit" in err and "ZeroDivisionError" in err
    # Without the variant, the same file resolves.
    path.write_text(path.read_text().replace('["toy.bad"]', "[]"))
    assert main(["resolve", str(path), "--seed", "1"]) == 0


def test_cli_lists_broken_plugins_with_their_error(broken_entry_points, monkeypatch, capsys):
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: discover(broken_entry_points))
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    for module in BROKEN_SOURCES:
        assert f"BROKEN   {module}" in out
    assert "ruleset  toy" in out


# -- a BaseException of a plugin's own -------------------------------------------------------------
BASE_SOURCES = {
    "gl_base_interrupt": "raise KeyboardInterrupt\n",
    "gl_base_generator_exit": "raise GeneratorExit('closed')\n",
    "gl_base_own": "class Escape(BaseException):\n    pass\n\nraise Escape('out of here')\n",
}


@pytest.fixture
def base_entry_points(tmp_path, monkeypatch):
    for module, source in BASE_SOURCES.items():
        (tmp_path / f"{module}.py").write_text(source)
    (tmp_path / "gl_rel_toy.py").write_text(TOY_PATH.read_text())
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in [*BASE_SOURCES, "gl_rel_toy"]:
        sys.modules.pop(module, None)
    return [EntryPoint(name=m, value=m, group="gunline") for m in [*BASE_SOURCES, "gl_rel_toy"]]


def test_a_plugin_raising_a_base_exception_at_import_is_listed_broken_and_stops_nothing(
    base_entry_points, monkeypatch, capsys
):
    """Its KeyboardInterrupt stopped every command, the app and ``gunline plugins``
    itself as if the user had pressed Ctrl+C; a GeneratorExit or a BaseException of
    its own was an internal error. The commands load plugins in a worker thread, where
    no Ctrl+C arrives: what one raises there is its own."""
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: discover(base_entry_points))
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "ruleset  toy" in out
    for module, error in [("gl_base_interrupt", "KeyboardInterrupt"),
                          ("gl_base_generator_exit", "GeneratorExit: closed"), ("gl_base_own", "Escape: out of here")]:
        assert f"BROKEN   {module}  " in out and f"error: {error}\n" in out
    assert main(["plugins", "--check", "gl_base_own"]) == 1
    assert "'gl_base_own': did not load: Escape: out of here\n" in capsys.readouterr().err


def test_a_ctrl_c_while_plugins_load_in_the_main_thread_still_stops():
    entry_point = EntryPoint(name="gl_ctrl_c", value="gl_ctrl_c", group="gunline")
    sys.modules["gl_ctrl_c"] = types.ModuleType("gl_ctrl_c")  # loaded: the import raises nothing itself
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(EntryPoint, "load", lambda self: _interrupt())
            with pytest.raises(KeyboardInterrupt):
                discover([entry_point])
    finally:
        del sys.modules["gl_ctrl_c"]


def _interrupt():
    raise KeyboardInterrupt


class _Escape(BaseException):
    pass


def _generator_exit(attack):
    raise GeneratorExit("closed")


def _own(attack):
    raise _Escape("out of here")


def _keyboard(attack):
    raise KeyboardInterrupt


@pytest.mark.parametrize("fn, says", [(_generator_exit, "GeneratorExit: closed"), (_own, "_Escape: out of here"),
                                      (_keyboard, "KeyboardInterrupt")])
def test_a_hook_raising_a_base_exception_is_named_with_its_plugin(tmp_path, monkeypatch, capsys, fn, says):
    """An internal error blamed on nobody, or "interrupted" (exit 130) as if the GM
    had pressed Ctrl+C: now the plugin and its hook, exit 1."""
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry_with(bad_variant("resolve_hit", fn)))
    path = tmp_path / "s.toml"
    path.write_text('ruleset = "toy"\nvariants = ["toy.bad"]\n[shooter]\nname = "Ann"\n[weapon]\nname = "pistol"\n'
                    '[[targets]]\nname = "Bo"\n')
    for command in (["resolve", str(path), "--seed", "1"], ["odds", str(path)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"gunline: plugin 'toy.bad' failed in resolve_hit: {says}"), err


def test_a_ctrl_c_in_a_hook_called_in_the_main_thread_still_stops():
    reg = registry_with(bad_variant("resolve_hit", _keyboard))
    with pytest.raises(KeyboardInterrupt):
        run(reg, build_attack(reg, {**DOC, "variants": ["toy.bad"]}), faces=[6])


def _touchy_toy(error: BaseException) -> Registry:
    """The toy ruleset whose shooter's own check raises ``error`` for a shooter named Bad."""
    import msgspec

    toy = load_toy()

    class Shooter(toy.Shooter):
        def __post_init__(self):
            if self.name == "Bad":
                raise error

    declared = toy.gunline_ruleset()
    toy.gunline_ruleset = hookimpl(lambda: msgspec.structs.replace(declared, shooter=Shooter))
    reg = Registry()
    reg.add("toy", toy)
    return reg


@pytest.mark.parametrize("error, says", [(_Escape("out of here"), "_Escape: out of here"),
                                         (SystemExit("bye"), "SystemExit: bye"),
                                         (KeyError("skill"), "KeyError: 'skill'")])
def test_a_ruleset_s_own_check_that_raises_is_named_with_what_to_raise(tmp_path, monkeypatch, capsys, error, says):
    """A ``__post_init__`` that raised anything but ValueError or TypeError was an
    internal error blamed on nobody (and hung the app)."""
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: _touchy_toy(error))
    path = tmp_path / "s.toml"
    path.write_text('ruleset = "toy"\n[shooter]\nname = "Bad"\n[weapon]\nname = "pistol"\n[[targets]]\nname = "Bo"\n')
    for command in (["validate", str(path)], ["resolve", str(path)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"gunline: plugin 'toy' failed in its Shooter Struct: {says} (at tests/"), err
        assert err.endswith("; to refuse a value, a __post_init__ raises ValueError\n") and err.count("\n") == 1
    path.write_text(path.read_text().replace("Bad", "Ann"))
    assert main(["validate", str(path)]) == 0
