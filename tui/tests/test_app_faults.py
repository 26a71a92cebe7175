"""A plugin that fails inside the app: named in a notice, the app runs on, and the
plugin can be disabled for the session (the chain is then resolved without it)."""

from __future__ import annotations

import types

import pytest

from gunline import Variant, hookimpl
from gunline.errors import BadInput
from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import ConfirmDialog, TextScreen
from gunline_tui.testing import run_async, screen_text, set_field, settle

DOC = {
    "ruleset": "toy",
    "variants": ["toy.broken"],
    "mode": "single",
    "shooter": {"name": "Ada", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Bo"}],
}


def broken_variant(registry, **hooks):
    mod = types.ModuleType("toy_broken")
    mod.gunline_variant = hookimpl(lambda: Variant(name="toy.broken", ruleset="toy", api=2))
    for name, fn in hooks.items():
        setattr(mod, name, hookimpl(fn))
    registry.add("toy.broken", mod)
    return registry


def raises(target):
    raise ZeroDivisionError("a house rule divided by zero")


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@run_async
async def test_a_variant_that_raises_is_named_and_disabled_with_the_app_running(toy_registry):
    registry = broken_variant(toy_registry, modify_pool=raises)
    app = make_app(registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.chain is None  # nothing could be resolved with it
        assert any("toy.broken" in n and "modify_pool" in n for n in notices(app))
        assert isinstance(app.screen, ConfirmDialog)
        assert "Disable the variant toy.broken" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert app.is_running and "toy.broken" not in registry.plugins
        assert app.main.draft.doc["variants"] == []
        assert app.main.chain is not None and app.main.chain.variants == []
        assert "toy.broken disabled" in screen_text(app)


def wrong_type(target):
    return "minus one"  # a modifier list was expected


@run_async
async def test_a_variant_of_the_wrong_type_kept_on_is_offered_once_and_the_app_runs_on(toy_registry):
    registry = broken_variant(toy_registry, modify_pool=wrong_type)
    app = make_app(registry, doc=DOC)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")  # Enter out of habit keeps it
        await settle(pilot)
        assert "toy.broken" in registry.plugins
        await set_field(pilot, "shooter.skill", "5")  # another edit: the error again, no second question
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
        assert "plugin 'toy.broken' failed in modify_pool" in app.main.problem
        assert app.main.draft.doc["shooter"]["skill"] == 5
        assert app.is_running


@run_async
async def test_the_plugins_page_says_which_variables_are_in_force(wod_registry):
    app = make_app(wod_registry, doc={"ruleset": "wod"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        assert "GUNLINE_LOAD_PLUGINS" in screen_text(app)  # set by the wod_registry fixture


def test_a_plugin_whose_import_never_ends_delays_the_app_by_the_limit_alone(tmp_path, monkeypatch):
    """The app's discovery is watched like a command's: a plugin asleep in its
    import is listed broken after the limit (the notice at the first frame names
    it), and the app is built with every other plugin."""
    import time
    from importlib.metadata import EntryPoint

    import gunline.plugins

    (tmp_path / "sleepy_in_app.py").write_text("import time\ntime.sleep(600)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(gunline.plugins, "_UNFINISHED", {})
    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    found = gunline.plugins.discover
    sleepy = EntryPoint(name="wod.sleepy", value="sleepy_in_app", group="gunline")
    wod = EntryPoint(name="wod", value="gunline_wod.ruleset", group="gunline")
    monkeypatch.setattr(gunline.plugins, "discover", lambda: found([sleepy, wod]))
    t0 = time.monotonic()
    app = make_app(hook_timeout=0.3)
    assert time.monotonic() - t0 < 10
    assert [b.name for b in app.registry.broken] == ["wod.sleepy"]
    assert list(app.registry.rulesets) == ["wod"]


def test_a_file_or_draft_the_form_cannot_lay_out_is_refused_and_kept(tmp_path, monkeypatch, toy_registry):
    """``targets = ["Goliath"]`` (a value where a table goes) crashed the app and,
    through the draft, every start after it. The file is refused with one line (the
    app does not open: see test_app_shapes); a
    draft of that shape is moved aside, kept, and said so; the app opens."""
    from gunline import drafts
    from gunline_tui.app import _opening

    monkeypatch.setenv("GUNLINE_HOME", str(tmp_path / "home"))
    odd = tmp_path / "typo.toml"
    odd.write_text('ruleset = "toy"\ntargets = ["Goliath"]\n[shooter]\nname = "A"\n[weapon]\nname = "pistol"\n')
    with pytest.raises(BadInput) as refused:
        _opening(toy_registry, str(odd))
    assert str(refused.value) == f"{odd}: targets[0]: expected a [[targets]] table, got a string"

    drafts.save_draft({"ruleset": "toy", "shooter": 5, "targets": []})
    kept = drafts.draft_path().read_text()
    doc, file, notice, restored = _opening(toy_registry, None)
    assert not restored and drafts.shape_problem(doc) is None  # the example, not the draft
    aside = drafts.draft_path().with_name("draft.toml.unusable")
    assert notice == f"✗ draft: shooter: expected a table ([shooter]), got an integer; kept as {aside}"
    assert aside.read_text() == kept and not drafts.draft_path().exists()


@run_async
async def test_opening_a_file_the_form_cannot_lay_out_says_why_and_keeps_the_scenario(tmp_path, toy_registry):
    app = make_app(toy_registry, doc=dict(DOC, variants=[]))
    odd = tmp_path / "typo.toml"
    odd.write_text('ruleset = "toy"\ntargets = ["Goliath"]\n[shooter]\nname = "A"\n[weapon]\nname = "pistol"\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.main.draft.doc
        doc, problem = app.main._readable(str(odd))
        assert doc is None and problem == f"{odd}: targets[0]: expected a [[targets]] table, got a string"
        assert app.main.draft.doc == before


class _Own(BaseException):
    """A plugin's own exception that is no Exception."""


def touchy_toy(error: BaseException | None = None):
    """The toy ruleset, whose shooter's own check (``__post_init__``) raises ``error``
    (a BaseException of its own by default) for a shooter named Bad."""
    import msgspec

    from gunline import Registry

    from .conftest import load_toy

    toy = load_toy()

    class Shooter(toy.Shooter):
        def __post_init__(self):
            if self.name == "Bad":
                raise error or _Own("out of here")

    declared = toy.gunline_ruleset()
    toy.gunline_ruleset = hookimpl(lambda: msgspec.structs.replace(declared, shooter=Shooter))
    registry = Registry()
    registry.add("toy", toy)
    return registry


@run_async
async def test_a_keyboard_interrupt_out_of_a_rulesets_own_check_is_its_fault_not_the_apps_end():
    """Ctrl+C is a key in the app, and a SIGINT goes to its handler: a
    KeyboardInterrupt raised in the app's thread by a plugin's code ended the app."""
    from gunline.errors import _interrupt_is_a_key

    doc = {**DOC, "variants": [], "shooter": {"name": "Ann", "skill": 4}}
    app = make_app(touchy_toy(KeyboardInterrupt("plugin's own")), doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.main.chain is not None
        await set_field(pilot, "shooter.name", "Bad")
        await settle(pilot)
        assert app.is_running
        assert app.main.problem.startswith("plugin 'toy' failed in its Shooter Struct: KeyboardInterrupt")
        await set_field(pilot, "shooter.name", "Ann")
        await settle(pilot)
        assert app.main.problem is None and app.main.chain is not None
    from gunline import errors

    assert errors._interrupt_is_a_key == _interrupt_is_a_key == 0  # the app gone, a Ctrl+C is the user's again


@run_async
async def test_a_ruleset_whose_own_check_raises_is_named_and_the_gm_edits_on():
    """The app opened on a blank screen and stayed so (the check raised out of the
    event loop); a PluginFailed from it then ended the app with a traceback."""
    doc = {**DOC, "variants": [], "shooter": {"name": "Bad", "skill": 4}}
    app = make_app(touchy_toy(), doc=doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.is_running and app.main.chain is None
        assert app.main.problem.startswith("plugin 'toy' failed in its Shooter Struct: _Own: out of here (at ")
        assert "to refuse a value, a __post_init__ raises ValueError" in app.main.problem
        await set_field(pilot, "shooter.name", "Ann")
        await settle(pilot)
        assert app.main.problem is None and app.main.chain is not None
        assert app.main.draft.doc["shooter"]["name"] == "Ann"
