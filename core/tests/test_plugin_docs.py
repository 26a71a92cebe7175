"""docs/plugins.md: every hook is documented with its arguments, its worked example
and variant examples run and give what the text says, and the compatibility messages
it quotes are the ones gunline gives."""

import importlib.util
import re
import types
from pathlib import Path

import pytest

from gunline import HOOKSPEC_VERSION, Registry, Variant, hookimpl
from gunline.compat import IncompatiblePlugin
from gunline.plugins import OLDEST_SUPPORTED_API, new_manager
from gunline.testing import chain_for, registry_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"
TEXT = DOCS.read_text(encoding="utf-8") if DOCS.is_file() else ""

pytestmark = pytest.mark.skipif(not TEXT, reason="docs/plugins.md is not in this tree")


def hook_signatures():
    pm = new_manager()
    return {
        name: f"{name}({', '.join(caller.spec.argnames)})"
        for name, caller in vars(pm.hook).items()
        if not name.startswith("_")
    }


@pytest.mark.parametrize("hook", sorted(hook_signatures()))
def test_every_hook_has_a_section_headed_by_its_signature(hook):
    heading = f"### {hook_signatures()[hook]}"
    assert heading in TEXT.splitlines(), f"docs/plugins.md lacks the heading {heading!r}"


def test_no_section_documents_a_hook_that_does_not_exist():
    documented = re.findall(r"^### (\w+)\(", TEXT, re.M)
    assert set(documented) == set(hook_signatures())


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    """The ``# file:`` listings of the docs, imported as modules."""
    folder = tmp_path_factory.mktemp("docs_examples")
    blocks = re.findall(r"```python\n# file: (\w+)\.py\n(.*?)```", TEXT, re.S)
    assert {name for name, _ in blocks} >= {"duel", "duel_point_blank", "duel_veterans", "duel_flesh_wounds"}
    modules = {}
    for name, code in blocks:
        path = folder / f"{name}.py"
        path.write_text(code)
        spec = importlib.util.spec_from_file_location(f"docs_{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules[name] = module
    return modules


@pytest.fixture
def registry(examples):
    return registry_of(*examples.values())


RIFLE_AT_RAIDER_IN_COVER = {
    "ruleset": "duel",
    "shooter": {"name": "Ash", "skill": 4},
    "weapon": {"name": "rifle"},
    "targets": [{"name": "Raider", "cover": True}],
}


def test_the_worked_example_hits_on_a_five(registry):
    chain = chain_for(RIFLE_AT_RAIDER_IN_COVER, dice=[5], registry=registry)
    assert chain.steps[0].value == 4  # 7 - 4 = 3, cover: 4+
    assert chain.targets["Raider"] == {"status": "wounded", "wounds_left": 1}
    assert chain.weapon["rounds_left"] == 4


def test_the_worked_example_misses_on_a_three(registry):
    chain = chain_for(RIFLE_AT_RAIDER_IN_COVER, dice=[3], registry=registry)
    assert [s.kind for s in chain.steps] == ["pool", "hit", "ammo"]


def test_point_blank_adds_a_modifier_named_after_it(registry):
    chain = chain_for(RIFLE_AT_RAIDER_IN_COVER, dice=[3], variants=["duel.point-blank"], registry=registry)
    pool = chain.steps[0]
    assert pool.value == 3  # 7 - 4 - (-1 cover) - (+1 point blank)
    assert ("point blank", 1, "duel.point-blank") in [(m.label, m.value, m.source) for m in pool.modifiers]
    assert chain.steps[1].value == 1


def test_veterans_override_only_when_the_rule_applies(registry):
    veteran = {**RIFLE_AT_RAIDER_IN_COVER, "shooter": {"name": "Old Ash", "skill": 5}}
    assert chain_for(veteran, dice=[2], registry=registry).steps[0].value == 3  # 7 - 5, cover: 3+
    assert chain_for(veteran, dice=[2], variants=["duel.veterans"], registry=registry).steps[0].value == 2
    # skill 4 is no veteran: the variant defers and the ruleset's pool stands.
    plain = chain_for(RIFLE_AT_RAIDER_IN_COVER, dice=[3], variants=["duel.veterans"], registry=registry)
    assert plain.steps[0].value == 4 and plain.steps[0].source == "duel"


def test_flesh_wounds_wraps_the_wound_step(registry):
    burst = {
        "ruleset": "duel", "mode": "burst",
        "shooter": {"name": "Ash"}, "weapon": {"name": "smg"}, "targets": [{"name": "Raider"}],
    }
    assert chain_for(burst, dice=[6, 6, 6], registry=registry).targets["Raider"]["status"] == "down"
    wrapped = chain_for(burst, dice=[6, 6, 6], variants=["duel.flesh-wounds"], registry=registry)
    assert wrapped.targets["Raider"] == {"status": "wounded", "wounds_left": 1}
    assert [s.value for s in wrapped.steps if s.kind == "wound"] == [2]


def _variant_declaring(api):
    mod = types.ModuleType(f"api_{api}")

    @hookimpl
    def gunline_variant():
        return Variant(name="duel.someday", ruleset="duel", api=api)

    mod.gunline_variant = gunline_variant
    return mod


def _refusal(api, version):
    """What gunline says of gunline-duel ``version`` declaring ``api``, as the docs
    name it (plugin 'duel')."""
    with pytest.raises(IncompatiblePlugin) as exc:
        Registry().add("duel", _variant_declaring(api), "gunline-duel", version)
    return str(exc.value)


def test_the_docs_say_which_contracts_this_gunline_runs():
    runs = f"contract {HOOKSPEC_VERSION}" if OLDEST_SUPPORTED_API == HOOKSPEC_VERSION else (
        f"contracts {OLDEST_SUPPORTED_API} to {HOOKSPEC_VERSION}"
    )
    assert f"`gunline.HOOKSPEC_VERSION` (now {HOOKSPEC_VERSION})" in TEXT
    assert f"This gunline runs hook\n{runs};" in TEXT


def test_a_plugin_for_a_newer_contract_gets_the_message_the_docs_quote():
    message = _refusal(HOOKSPEC_VERSION + 1, "1.4.0")
    assert message.startswith(f"plugin 'duel' (gunline-duel 1.4.0) is written for hook contract {HOOKSPEC_VERSION + 1}")
    assert f"`{message}`" in TEXT


def test_a_plugin_for_a_retired_contract_gets_the_message_the_docs_quote():
    message = _refusal(OLDEST_SUPPORTED_API - 1, "0.9.0")
    assert "which this gunline no longer runs" in message
    assert f"`{message}`" in TEXT


def test_a_plugin_that_declares_no_contract_gets_the_message_the_docs_quote():
    message = _refusal(None, "0.9.0")
    assert "does not declare the hook contract" in message and f"add api={HOOKSPEC_VERSION}" in message
    assert f"`{message}`" in TEXT


def test_the_incompatible_plugin_is_listed_as_broken_with_that_message(tmp_path, monkeypatch, capsys):
    from importlib.metadata import EntryPoint

    from gunline import cli

    (tmp_path / "gl_future_variant.py").write_text(
        "from gunline import Variant, hookimpl\n"
        "@hookimpl\n"
        f"def gunline_variant():\n    return Variant(name='x.future', ruleset='x', api={HOOKSPEC_VERSION + 1})\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [EntryPoint(name="x.future", value="gl_future_variant", group="gunline")]
    monkeypatch.setattr("gunline.entry_points.group", lambda group: eps)
    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "BROKEN   x.future" in out
    assert f"written for hook contract {HOOKSPEC_VERSION + 1} (api={HOOKSPEC_VERSION + 1})" in out
    assert "upgrade gunline" in out
