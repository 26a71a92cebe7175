"""gunline's plugin manager finds a module's hooks as pluggy does, by a quicker look
(``plugins._Manager``): the same hooks, with the same options, from every plugin."""

from __future__ import annotations

import types

import pluggy
import pytest

from gunline import hookimpl
from gunline.entry_points import group
from gunline.hookspecs import GunlineSpec
from gunline.plugins import new_manager


def _pluggy() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("gunline")
    pm.add_hookspecs(GunlineSpec)
    return pm


def _found(pm: pluggy.PluginManager, plugin: object) -> dict[str, object]:
    """Every name of ``plugin`` with the options each manager reads off it."""
    return {name: pm.parse_hookimpl_opts(plugin, name) for name in dir(plugin)}


def _installed_modules() -> list[types.ModuleType]:
    modules = []
    for entry in group("gunline"):
        loaded = entry.load()
        if isinstance(loaded, types.ModuleType):
            modules.append(loaded)
    return modules


def test_every_installed_plugin_gives_pluggys_hooks():
    modules = _installed_modules()
    assert len(modules) >= 4  # the four rulesets at least
    ours, theirs = new_manager(), _pluggy()
    for module in modules:
        found = _found(ours, module)
        assert found == _found(theirs, module), module.__name__
        assert any(opts is not None for opts in found.values()), module.__name__


class _Holder:
    @hookimpl
    def describe_outcome(self, attack, target, state):
        return "bound"


def _made_module() -> types.ModuleType:
    """A module with every kind of thing a namespace may hold beside hooks."""
    module = types.ModuleType("odd_plugin")

    @hookimpl(tryfirst=True)
    def modify_pool(attack, target, state):
        return []

    @hookimpl
    def spend_ammo(attack, state, dice):
        return []

    module.modify_pool = modify_pool
    module.spend_ammo = staticmethod(spend_ammo)  # kept wrapped in the namespace
    module.describe_outcome = _Holder().describe_outcome  # a bound method
    module.not_a_hook = lambda: None
    module.marked_oddly = types.SimpleNamespace()
    module.plain_function_marked_wrong = lambda: None
    module.plain_function_marked_wrong.gunline_impl = "not options"  # type: ignore[attr-defined]
    module.CONSTANT = 3
    module.types = types
    module.Holder = _Holder
    return module


def test_a_module_holding_everything_gives_pluggys_hooks():
    module = _made_module()
    found = _found(new_manager(), module)
    assert found == _found(_pluggy(), module)
    assert found["modify_pool"]["tryfirst"] is True
    assert found["describe_outcome"] is not None
    assert found["plain_function_marked_wrong"] is None


@pytest.mark.parametrize("plugin", [_Holder(), _Holder])
def test_other_plugins_are_left_to_pluggy(plugin):
    assert _found(new_manager(), plugin) == _found(_pluggy(), plugin)


def test_a_rule_function_is_made_the_hook_itself_on_a_copy():
    from gunline import as_hook

    def resolve(attack, target, pool, state, dice, extra=3):
        """The rule."""
        return [attack, extra]

    hook = as_hook(resolve)
    assert hook is not resolve and hook.__code__ is resolve.__code__
    assert hook("A", "T", "P", "S", "D") == ["A", 3] and hook.__doc__ == "The rule."
    assert getattr(resolve, "gunline_impl", None) is None  # the rule's own function stays plain
    module = types.ModuleType("uses_the_rule")
    module.resolve_hit = hook
    module.also = resolve
    found = _found(new_manager(), module)
    assert found["resolve_hit"] is not None and found["also"] is None
    assert as_hook(resolve, tryfirst=True).gunline_impl["tryfirst"] is True
    with pytest.raises(TypeError, match="expected a function"):
        as_hook(len)


def test_a_decorated_rule_keeps_its_parameters_as_a_hook():
    import functools

    from gunline import as_hook

    def logged(rule):
        @functools.wraps(rule)
        def wrapper(*args, **kwargs):
            return rule(*args, **kwargs)

        return wrapper

    @logged
    def describe_outcome(attack, target, state):
        return f"{target}: fine"

    module = types.ModuleType("decorated_rule")
    module.describe_outcome = as_hook(describe_outcome)
    pm = new_manager()
    pm.register(module)
    impl = pm.hook.describe_outcome.get_hookimpls()[0]
    assert impl.argnames == ("attack", "target", "state")
    assert pm.hook.describe_outcome(attack="A", target="Goliath", state="S") == "Goliath: fine"
