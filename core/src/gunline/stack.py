"""A rules stack: one ruleset, its enabled variants, called as one set of hooks.

The stack registers the plugins in a pluggy ``PluginManager`` (base first, variants
after, so a variant is asked first) and then *compiles* each hook into a plain list
of ``(plugin name, function, argument names)`` in pluggy's call order. Calling that
list directly is several times faster than going through pluggy for every hook of
every attack, and it lets the engine attribute each result to the plugin that gave
it and name the plugin when one raises. A hook that has a pluggy wrapper among its
implementations is called through pluggy itself, so wrappers keep their semantics.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import pluggy

from .dice.requests import DiceInterrupt
from .errors import PluginFailed
from .models import Ruleset
from .plugins import Plugin, new_manager


class _CompiledHook:
    __slots__ = ("name", "impls", "caller", "firstresult")

    def __init__(self, pm: pluggy.PluginManager, name: str) -> None:
        caller = getattr(pm.hook, name)
        impls = caller.get_hookimpls()
        self.name = name
        self.firstresult = bool(caller.spec and caller.spec.opts.get("firstresult"))
        wrapped = any(i.wrapper or i.hookwrapper for i in impls)
        self.caller = caller if wrapped else None
        #: (plugin name, function, arguments): ``arguments(kwargs)`` is the tuple the
        #: function takes (its own argument names, in its order).
        self.impls = [
            (i.plugin_name, i.function, _arguments(tuple(i.argnames)))
            for i in reversed(impls)
            if not (i.wrapper or i.hookwrapper)
        ]


def _arguments(argnames: tuple[str, ...]):
    """A function from a call's keyword arguments to an implementation's positional
    ones; ``itemgetter`` does it in C (this runs for every hook of every attack)."""
    if len(argnames) > 1:
        return itemgetter(*argnames)
    if argnames:
        name = argnames[0]
        return lambda kwargs: (kwargs[name],)
    return lambda kwargs: ()


class RulesStack:
    """The hooks of one ruleset with a given set of variants enabled."""

    def __init__(self, base: Plugin, variants: list[Plugin]) -> None:
        self.base = base
        self.variants = tuple(v.name for v in variants)
        self.ruleset: Ruleset = base.declaration  # type: ignore[assignment]
        self.pm = new_manager()
        for plugin in [base, *variants]:
            self.pm.register(plugin.obj, name=plugin.name)
        self.pm.check_pending()
        self._hooks = {
            name: _CompiledHook(self.pm, name)
            for name in self.pm.hook.__dict__
            if not name.startswith("_")
        }
        #: Hooks with exactly one implementation and no wrapper (most of them, most
        #: of the time): :meth:`first` calls it without the general loop.
        self._single = {
            name: compiled.impls[0]
            for name, compiled in self._hooks.items()
            if compiled.caller is None and len(compiled.impls) == 1
        }

    @property
    def name(self) -> str:
        return self.ruleset.name

    def first(self, hook: str, **kwargs: Any) -> tuple[Any, str]:
        """Call a first-result hook; return ``(result, plugin name)`` or ``(None, "")``."""
        single = self._single.get(hook)
        if single is not None:
            plugin, fn, arguments = single
            try:
                result = fn(*arguments(kwargs))
            except DiceInterrupt:
                raise
            except Exception as exc:
                raise PluginFailed(plugin, hook, _describe(exc)) from exc
            return (None, "") if result is None else (result, plugin)
        compiled = self._hooks[hook]
        if compiled.caller is not None:
            try:
                return compiled.caller(**kwargs), self.ruleset.name
            except DiceInterrupt:
                raise
            except Exception as exc:
                raise PluginFailed(self._blame(compiled, exc), hook, _describe(exc)) from exc
        for plugin, fn, arguments in compiled.impls:
            try:
                result = fn(*arguments(kwargs))
            except DiceInterrupt:
                raise
            except Exception as exc:
                raise PluginFailed(plugin, hook, _describe(exc)) from exc
            if result is not None:
                return result, plugin
        return None, ""

    def each(self, hook: str, **kwargs: Any) -> list[tuple[Any, str]]:
        """Call a collect-all hook; return ``(result, plugin name)`` for each non-None."""
        compiled = self._hooks[hook]
        out = []
        if compiled.caller is not None:
            try:
                results = compiled.caller(**kwargs)
            except DiceInterrupt:
                raise
            except Exception as exc:
                raise PluginFailed(self._blame(compiled, exc), hook, _describe(exc)) from exc
            return [(r, "") for r in results]
        for plugin, fn, arguments in compiled.impls:
            try:
                result = fn(*arguments(kwargs))
            except DiceInterrupt:
                raise
            except Exception as exc:
                raise PluginFailed(plugin, hook, _describe(exc)) from exc
            if result is not None:
                out.append((result, plugin))
        return out

    def implemented(self, hook: str) -> bool:
        compiled = self._hooks[hook]
        return bool(compiled.impls) or compiled.caller is not None

    def _blame(self, compiled: _CompiledHook, exc: BaseException) -> str:
        """Name the plugin whose code raised, from the traceback's modules."""
        tb = exc.__traceback__
        modules = {}
        for name, plugin in self.pm.list_name_plugin():
            modules[getattr(plugin, "__name__", type(plugin).__module__)] = name
        blamed = self.ruleset.name
        while tb is not None:
            mod = tb.tb_frame.f_globals.get("__name__", "")
            for prefix, name in modules.items():
                if mod == prefix or mod.startswith(prefix + "."):
                    blamed = name
            tb = tb.tb_next
        return blamed


def _describe(exc: BaseException) -> str:
    text = str(exc).strip().replace("\n", " ")
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
