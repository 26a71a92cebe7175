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
    # a slip in ``ruleset=`` was blamed on the name
    with pytest.raises(TypeError, match=r"^variant 'raid.steady' declares ruleset='raider', but its name is of "
                                        r"'raid': a variant's name is its ruleset's, a dot and its own; correct one"):
        Registry().add("x", _variant_module(name="raid.steady", ruleset="raider"))


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


# -- one ruleset's entry points alone settle its names as all of them do ----------------
CLAIMS = {
    # entry point: (declares ruleset or variant, its name, for ruleset)
    "toy": ("ruleset", "toy", None),
    "toy.lucky": ("variant", "toy.lucky", "toy"),
    "toy.twin": ("variant", "toy.lucky", "toy"),  # a real conflict: both named for toy
    "toy.stray": ("variant", "other.stray", "other"),  # into another ruleset's names
    "toy.anywhere": ("variant", "anywhere", None),  # a rule-agnostic variant
    "aaa-impostor": ("ruleset", "toy", None),  # claims toy under another entry point
    "shadow": ("variant", "toy.sharp", "toy"),  # toy's name, but no toy entry point has it
    "other": ("ruleset", "other", None),
    "other.plain": ("variant", "other.plain", "other"),
}


def _claim_source(kind: str, name: str, ruleset: str | None) -> str:
    if kind == "variant":
        return (
            "from gunline import Variant, hookimpl\n@hookimpl\ndef gunline_variant():\n"
            f"    return Variant(name={name!r}, ruleset={ruleset!r}, api=2)\n"
        )
    return (
        "import msgspec\nimport toy_ruleset\nfrom toy_ruleset import *\nfrom gunline import hookimpl\n"
        "@hookimpl\ndef gunline_ruleset():\n"
        f"    return msgspec.structs.replace(toy_ruleset.gunline_ruleset(), name={name!r})\n"
    )


def test_one_rulesets_entry_points_settle_its_names_as_all_entry_points_do(tmp_path, monkeypatch):
    """``discover(ruleset=...)`` loads only the entry points named for that ruleset;
    for every name of that ruleset it must give what a full discovery gives (the
    same plugin, the same conflict), and leave the other names out."""
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    modules = {f"gl_claim_{i}": _claim_source(*claim) for i, claim in enumerate(CLAIMS.values())}
    for module, source in modules.items():
        (tmp_path / f"{module}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [EntryPoint(name=ep, value=module, group="gunline") for ep, module in zip(CLAIMS, modules)]
    monkeypatch.delenv(ENV_LOAD, raising=False)
    monkeypatch.delenv(ENV_BLOCK, raising=False)
    try:
        whole = discover(eps)
        assert whole.plugins["toy"].entry_point == "toy"  # the impostor's claim does not count
        assert "aaa-impostor" in {b.name for b in whole.broken}
        assert [p.entry_point for p in whole.conflicts["toy.lucky"]] == ["toy.lucky", "toy.twin"]
        assert whole.plugins["toy.sharp"].entry_point == "shadow"  # the only claim: used
        assert whole.plugins["anywhere"].entry_point == "toy.anywhere"
        for ruleset in ("toy", "other"):
            part = discover(eps, ruleset=ruleset)
            assert {n: p.entry_point for n, p in part.plugins.items()} == {
                n: p.entry_point for n, p in whole.plugins.items()
                if n.partition(".")[0] == ruleset and p.entry_point.partition(".")[0] == ruleset
            }
            assert set(part.conflicts) == {n for n in whole.conflicts if n.partition(".")[0] == ruleset}
            # a name the partial discovery lacks is one no entry point of that ruleset publishes
            for name in {n for n in whole.plugins if n.partition(".")[0] == ruleset} - set(part.plugins):
                assert whole.plugins[name].entry_point.partition(".")[0] != ruleset
    finally:
        for module in modules:
            sys.modules.pop(module, None)


def test_a_function_named_as_a_hook_but_not_marked_is_refused_by_name():
    """pluggy passes over a function without its mark: the variant loaded, passed
    ``plugins --check``, and its rule never ran."""
    mod = _variant_module()

    def modify_pool(attack, target):  # no @hookimpl
        return None

    mod.modify_pool = modify_pool
    with pytest.raises(TypeError, match=r"^modify_pool: named as gunline's hook but not marked @hookimpl, so never"):
        Registry().add("toy.lucky", mod)
    mod.modify_pool = hookimpl(modify_pool)
    assert "modify_pool" in Registry().add("toy.lucky", mod).hooks


def test_a_marked_hook_imported_under_another_name_says_what_it_is():
    """``from .ruleset import resolve_wound as base_resolve_wound`` in a variant:
    pluggy's "unknown hook 'base_resolve_wound'" did not say the import carried the mark."""
    def resolve_wound(attack, target, state, dice):
        return None

    mod = _variant_module()
    mod.base_resolve_wound = hookimpl(resolve_wound)
    with pytest.raises(TypeError) as err:
        Registry().add("toy.lucky", mod)
    assert str(err.value).startswith("'base_resolve_wound' is the hook function 'resolve_wound' (marked @hookimpl)"
                                     " under another name")


def test_a_misspelt_hook_and_a_parameter_no_hook_has_are_named_with_what_there_is():
    mod = _variant_module(modfy_pool=lambda attack, target: None)
    with pytest.raises(TypeError, match=r"'modfy_pool' is marked @hookimpl but gunline has no hook of that name; "
                                        r"did you mean 'modify_pool'\? its hooks: begin_attack, build_pool"):
        Registry().add("toy.lucky", mod)

    def modify_pool(attack, target, modifier):
        return None

    with pytest.raises(TypeError, match=r"^hook 'modify_pool' takes no parameter 'modifier': its parameters are "
                                        r"attack, target, state \(any of them, by name\)$"):
        Registry().add("toy.lucky", _variant_module(modify_pool=modify_pool))


def test_a_ruleset_whose_variants_are_installed_without_it_points_at_its_entry_point():
    """The ruleset's line gone from the distribution's entry points: "unknown ruleset
    'raid'; installed: none installed" with its variant loaded, and nothing said of
    where to look."""
    from gunline.plugin_check import problems

    registry = Registry()
    registry.add("raid.steady", _variant_module(name="raid.steady", ruleset="raid"), distribution="gunline-raid")
    with pytest.raises(BadInput) as err:
        registry.stack("raid")
    hint = ("(the variants raid.steady of 'raid' are installed, from gunline-raid, but no ruleset of that name: "
            "does gunline-raid declare it under [project.entry-points.gunline] (raid = \"<module>\")")
    assert hint in str(err.value)
    assert any(hint in p for p in problems(registry, ["raid"]))
    with pytest.raises(BadInput) as err:
        registry.stack("other")
    assert "installed: none installed" in str(err.value) and "variants" not in str(err.value)
