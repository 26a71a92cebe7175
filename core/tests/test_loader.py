"""Loading plugins one at a time, keeping failures as data, stacking variants."""

import types
from importlib.metadata import EntryPoint

import pytest

from gunline import HOOKSPEC_VERSION, BadInput, Registry, Step, Variant, discover, hookimpl
from gunline.plugins import ENV_BLOCK, ENV_LOAD


def _variant_module(name="toy.lucky", ruleset="toy", **hooks):
    mod = types.ModuleType(name.replace(".", "_").replace("-", "_"))

    @hookimpl
    def gunline_variant():
        return Variant(name=name, ruleset=ruleset, description="test variant", api=2)

    mod.gunline_variant = gunline_variant
    for hook_name, fn in hooks.items():
        setattr(mod, hook_name, hookimpl(fn))
    return mod


def _fake_entry_points(tmp_path, monkeypatch, modules: dict[str, str]):
    """Write each module source to a temp dir and return entry points for them."""
    for modname, source in modules.items():
        (tmp_path / f"{modname}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    return [EntryPoint(name=m, value=m, group="gunline") for m in modules]


GOOD_VARIANT = """
from gunline import Variant, hookimpl

@hookimpl
def gunline_variant():
    return Variant(name="toy.good", ruleset="toy", api=2)
"""


def test_broken_plugins_are_kept_as_data_and_others_load(tmp_path, monkeypatch):
    eps = _fake_entry_points(
        tmp_path,
        monkeypatch,
        {
            "gl_good": GOOD_VARIANT,
            "gl_syntax": "def broken(:\n",
            "gl_raises": "raise RuntimeError('no database')\n",
            "gl_empty": "x = 1\n",
            "gl_typo": "from gunline import hookimpl\n@hookimpl\ndef resolve_hitt():\n    pass\n",
        },
    )
    registry = discover(eps)
    assert set(registry.plugins) == {"toy.good"}
    broken = {b.name: b.error for b in registry.broken}
    assert set(broken) == {"gl_syntax", "gl_raises", "gl_empty", "gl_typo"}
    assert broken["gl_syntax"].startswith("SyntaxError")
    assert "no database" in broken["gl_raises"]
    assert "neither gunline_ruleset nor gunline_variant" in broken["gl_empty"]
    assert "resolve_hitt" in broken["gl_typo"]


def test_env_vars_choose_plugins(tmp_path, monkeypatch):
    eps = _fake_entry_points(tmp_path, monkeypatch, {"gl_good2": GOOD_VARIANT.replace("toy.good", "toy.g2")})
    monkeypatch.setenv(ENV_BLOCK, "gl_good2")
    registry = discover(eps)
    assert registry.plugins == {} and registry.blocked == ["gl_good2"]
    monkeypatch.delenv(ENV_BLOCK)
    monkeypatch.setenv(ENV_LOAD, "something_else")
    assert discover(eps).blocked == ["gl_good2"]
    monkeypatch.setenv(ENV_LOAD, "gl_good2")
    assert set(discover(eps).plugins) == {"toy.g2"}


def test_newer_hook_contract_is_refused_with_a_clear_message():
    mod = types.ModuleType("future")

    @hookimpl
    def gunline_variant():
        return Variant(name="toy.future", ruleset="toy", api=HOOKSPEC_VERSION + 1)

    mod.gunline_variant = gunline_variant
    with pytest.raises(TypeError, match=f"written for hook contract {HOOKSPEC_VERSION + 1}.*upgrade gunline"):
        Registry().add("toy.future", mod)


def test_ruleset_without_required_hooks_is_refused(toy):
    mod = types.ModuleType("half")
    mod.gunline_ruleset = toy.gunline_ruleset
    with pytest.raises(TypeError, match="lacks required hooks: build_pool, resolve_hit, spend_ammo"):
        Registry().add("half", mod)


def test_variant_name_must_carry_its_ruleset():
    with pytest.raises(TypeError, match="must start with 'toy.'"):
        Registry().add("x", _variant_module(name="lucky", ruleset="toy"))


def test_unknown_ruleset_and_variant_messages(registry):
    with pytest.raises(BadInput, match="unknown ruleset 'wood'.*installed: toy"):
        registry.stack("wood")
    with pytest.raises(BadInput, match="unknown variant 'toy.nope'; variants of toy: none installed"):
        registry.stack("toy", ["toy.nope"])


def test_variant_overrides_first_result_hook_and_stacks_rebuild(registry, toy):
    def resolve_hit(target):
        return Step(kind="hit", value=1, text="always hits")

    registry.add("toy.sure-shot", _variant_module(name="toy.sure-shot", resolve_hit=resolve_hit))
    base = registry.stack("toy")
    varied = registry.stack("toy", ["toy.sure-shot"])
    assert base is not varied
    assert registry.stack("toy", ["toy.sure-shot"]) is varied  # cached
    result, plugin = varied.first("resolve_hit", attack=None, target=None, pool=None, state=None, dice=None)
    assert plugin == "toy.sure-shot" and result.text == "always hits"
    assert base.first("reload_weapon", attack=None, state=None) == (None, "")


def test_rule_agnostic_variant_is_offered_under_every_ruleset(registry):
    registry.add("cinematic", _variant_module(name="cinematic", ruleset=None))
    assert "cinematic" in registry.variants_for("toy")
    assert registry.stack("toy", ["cinematic"]).variants == ("cinematic",)


def test_variant_of_another_ruleset_is_refused(registry):
    registry.add("other.x", _variant_module(name="other.x", ruleset="other"))
    with pytest.raises(BadInput, match="'other.x' is a variant of 'other', not 'toy'"):
        registry.check_variants("toy", ["other.x"])


def test_a_variant_that_failed_to_load_is_named_as_broken_not_unknown(registry):
    registry.add_broken("toy.flaky", "ImportError: no module named numpy")
    with pytest.raises(BadInput, match=r"variant 'toy.flaky' failed to load \(ImportError: no module named numpy\)"):
        registry.check_variants("toy", ["toy.flaky"])
