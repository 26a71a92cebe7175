"""A rules stack: one ruleset, its enabled variants, called as one set of hooks.

The stack registers the plugins in a pluggy ``PluginManager`` (base first, variants
after, so a variant is asked first) and then *compiles* each hook into a plain list
of ``(plugin name, function, argument names)`` in pluggy's call order. Calling that
list directly is several times faster than going through pluggy for every hook of
every attack, and it lets the engine attribute each result to the plugin that gave
it and name the plugin when one raises. A hook that has a pluggy wrapper among its
implementations is called through pluggy itself, so wrappers keep their semantics.

The engine goes one step further: :attr:`RulesStack.callers` holds, per hook, a
function taking the hookspec's arguments *positionally* (no keyword dict per call),
specialised at compile time for the usual case of one implementation.
"""

from __future__ import annotations

import builtins
import inspect
from collections.abc import Callable
from operator import itemgetter
from types import FunctionType
from typing import Any

import pluggy

from .callers import EACH, FIRST, TEMPLATES
from .dice.requests import DiceInterrupt
from .errors import Abandoned, PluginFailed, described, not_a_plugins, raised_at
from .hookspecs import GunlineSpec
from .models import Action, Ruleset
from .plugins import Plugin, new_manager

#: What a hook call lets through unreported: the dice asking for a face (a GM's typed
#: die), and the end of a worker abandoned. Anything else out of a hook, a
#: BaseException of the plugin's own too, is the plugin's fault, named with it
#: (:func:`gunline.errors.not_a_plugins` lets a Ctrl+C through).
_PASSING = (DiceInterrupt, Abandoned)


class _CompiledHook:
    __slots__ = ("name", "impls", "caller", "firstresult", "argnames", "plain", "positional")

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
        #: The hookspec's argument names: the order of the positional calls.
        self.argnames: tuple[str, ...] = tuple(caller.spec.argnames) if caller.spec else ()
        #: (plugin name, function, its argument names), in call order.
        self.plain = [
            (i.plugin_name, i.function, tuple(i.argnames))
            for i in reversed(impls)
            if not (i.wrapper or i.hookwrapper)
        ]
        #: (plugin name, function taking the hookspec's arguments positionally).
        self.positional = [(p, _positional(f, names, self.argnames)) for p, f, names in self.plain]


def _positional(function: Callable[..., Any], argnames: tuple[str, ...], spec: tuple[str, ...]) -> Callable[..., Any]:
    """``function`` as called with the hookspec's arguments in the hookspec's order:
    itself when it takes exactly those (the usual case), else an adapter that picks
    the ones it names (pluggy lets an implementation take any subset)."""
    if argnames == spec:
        return function
    picks = tuple(spec.index(name) for name in argnames)
    if not picks:
        return lambda *args: function()
    if len(picks) == 1:
        (only,) = picks
        return lambda *args: function(args[only])
    pick = itemgetter(*picks)
    return lambda *args: function(*pick(args))


def _arguments(argnames: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """A function from a call's keyword arguments to an implementation's positional
    ones; ``itemgetter`` does it in C (this runs for every hook of every attack)."""
    if len(argnames) > 1:
        return itemgetter(*argnames)
    if argnames:
        name = argnames[0]
        return lambda kwargs: (kwargs[name],)
    return lambda kwargs: ()


class _Made(dict[str, Any]):
    """hook name -> its caller, made by ``make(name)`` when first asked for."""

    def __init__(self, make: Callable[[str], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, hook: str) -> Any:
        made = self[hook] = self.make(hook)
        return made


class RulesStack:
    """The hooks of one ruleset with a given set of variants enabled."""

    def __init__(self, base: Plugin, variants: list[Plugin]) -> None:
        self.base = base
        self.variants = tuple(v.name for v in variants)
        self._variant_plugins = tuple(variants)
        self.ruleset: Ruleset = base.declaration  # type: ignore[assignment]
        #: The actions between attacks this stack offers: the ruleset's, then each
        #: enabled variant's (a variant's action of the same name replaces it).
        self.actions: dict[str, Action] = dict(self.ruleset.actions)
        for variant in variants:
            self.actions.update(variant.declaration.actions)
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
        #: hook name -> ``call(*args) -> (result, plugin name)``: the hookspec's
        #: arguments in its order, first-result semantics (as :meth:`first`). Each
        #: is made when its hook is first called: a command uses a few of the hooks,
        #: and compiling every caller up front was most of the time of making a stack.
        self.callers = _Made(lambda name: self._first_caller(self._hooks[name]))
        #: hook name -> ``collect(*args) -> [(result, plugin name), ...]`` (as :meth:`each`).
        self.collectors = _Made(lambda name: self._each_caller(self._hooks[name]))

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def packages(self) -> tuple[str, ...]:
        """The top-level packages of the enabled variants, then of the ruleset:
        whose message catalogues word this stack's statuses, kinds and fields
        (:func:`gunline.language.term`), a variant's before the ruleset's."""
        found: list[str] = []
        for plugin in (*self._variant_plugins, self.base):
            if plugin.package not in found:
                found.append(plugin.package)
        return tuple(found)

    def wrapped(self, hook: str) -> bool:
        """Whether a pluggy wrapper is among ``hook``'s implementations (it may
        change what the implementations return)."""
        compiled = self._hooks.get(hook)
        return compiled is not None and compiled.caller is not None

    def first(self, hook: str, **kwargs: Any) -> tuple[Any, str]:
        """Call a first-result hook; return ``(result, plugin name)`` or ``(None, "")``."""
        single = self._single.get(hook)
        if single is not None:
            plugin, fn, arguments = single
            try:
                result = fn(*arguments(kwargs))
            except _PASSING:
                raise
            except BaseException as exc:  # sys.exit, a BaseException of its own: a fault too
                raise PluginFailed(plugin, hook, self._described(plugin, exc)) from exc
            return (None, "") if result is None else (result, plugin)
        compiled = self._hooks[hook]
        if compiled.caller is not None:
            try:
                return compiled.caller(**kwargs), self.ruleset.name
            except _PASSING:
                raise
            except BaseException as exc:
                blamed = self._blame(compiled, exc)
                raise PluginFailed(blamed, hook, self._described(blamed, exc)) from exc
        for plugin, fn, arguments in compiled.impls:
            try:
                result = fn(*arguments(kwargs))
            except _PASSING:
                raise
            except BaseException as exc:
                raise PluginFailed(plugin, hook, self._described(plugin, exc)) from exc
            if result is not None:
                return result, plugin
        return None, ""

    def _first_caller(self, compiled: _CompiledHook) -> Callable[..., tuple[Any, str]]:
        """A positional caller equivalent to :meth:`first` for one hook."""
        hook = compiled.name
        if compiled.caller is not None:
            argnames = compiled.argnames

            def through_pluggy(*args: Any) -> tuple[Any, str]:
                return self.first(hook, **dict(zip(argnames, args)))

            return through_pluggy
        if len(compiled.impls) == 1:
            return _single_caller(compiled, FIRST, self._package_of(compiled.plain[0][0]))
        impls = tuple(compiled.positional)

        def in_turn(*args: Any) -> tuple[Any, str]:
            for plugin, fn in impls:
                try:
                    result = fn(*args)
                except _PASSING:
                    raise
                except BaseException as exc:
                    raise PluginFailed(plugin, hook, self._described(plugin, exc)) from exc
                if result is not None:
                    return result, plugin
            return None, ""

        return in_turn

    def _each_caller(self, compiled: _CompiledHook) -> Callable[..., list[tuple[Any, str]]]:
        """A positional caller equivalent to :meth:`each` for one hook."""
        hook = compiled.name
        if compiled.caller is not None:
            argnames = compiled.argnames

            def through_pluggy(*args: Any) -> list[tuple[Any, str]]:
                return self.each(hook, **dict(zip(argnames, args)))

            return through_pluggy
        if len(compiled.impls) == 1:
            return _single_caller(compiled, EACH, self._package_of(compiled.plain[0][0]))
        impls = tuple(compiled.positional)

        def every(*args: Any) -> list[tuple[Any, str]]:
            out = []
            for plugin, fn in impls:
                try:
                    result = fn(*args)
                except _PASSING:
                    raise
                except BaseException as exc:
                    raise PluginFailed(plugin, hook, self._described(plugin, exc)) from exc
                if result is not None:
                    out.append((result, plugin))
            return out

        return every

    def each(self, hook: str, **kwargs: Any) -> list[tuple[Any, str]]:
        """Call a collect-all hook; return ``(result, plugin name)`` for each non-None."""
        compiled = self._hooks[hook]
        out = []
        if compiled.caller is not None:
            try:
                results = compiled.caller(**kwargs)
            except _PASSING:
                raise
            except BaseException as exc:
                blamed = self._blame(compiled, exc)
                raise PluginFailed(blamed, hook, self._described(blamed, exc)) from exc
            return [(r, "") for r in results]
        for plugin, fn, arguments in compiled.impls:
            try:
                result = fn(*arguments(kwargs))
            except _PASSING:
                raise
            except BaseException as exc:
                raise PluginFailed(plugin, hook, self._described(plugin, exc)) from exc
            if result is not None:
                out.append((result, plugin))
        return out

    def implemented(self, hook: str) -> bool:
        compiled = self._hooks[hook]
        return bool(compiled.impls) or compiled.caller is not None

    def _described(self, plugin: str, exc: BaseException) -> str:
        """What ``plugin``'s exception says (:func:`gunline.errors.described`) and the
        line of the plugin's own code it came from (:func:`gunline.errors.raised_at`):
        "failed in resolve_wound: ValueError: …" left its author to rerun with --debug."""
        not_a_plugins(exc)
        return described(exc) + raised_at(exc, self._package_of(plugin))

    def _package_of(self, plugin: str) -> str | None:
        """The top-level package of the plugin named ``plugin`` in this stack."""
        return next((p.package for p in (self.base, *self._variant_plugins) if p.name == plugin), None)

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


#: The caller of a hook with one implementation, as source: its parameters are the
#: hookspec's, its call passes the names the implementation takes (any subset, any
#: order), so a call costs one plain Python call more than the plugin's own.
_SINGLE_CALLER = """
def single({spec}):
    try:
        _result = _fn({impl})
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return {answer}
"""


def _single_caller(compiled: _CompiledHook, answer: str, package: str | None = None) -> Callable[..., Any]:
    """Compile the caller of ``compiled``'s one implementation; ``answer`` is the
    expression it returns (``_result`` and ``_plugin`` in scope). A fault is described
    with the line of ``package`` (the plugin's) it came from."""
    ((plugin, function, argnames),) = compiled.plain

    def _describe(exc: BaseException) -> str:
        not_a_plugins(exc)
        return described(exc) + raised_at(exc, package)

    scope = {
        "_fn": function, "_plugin": plugin, "_hook": compiled.name, "_describe": _describe,
        "_Passing": _PASSING, "_PluginFailed": PluginFailed, "__builtins__": builtins,
    }
    filename = f"<gunline caller of {compiled.name}>"
    template = TEMPLATES.get((answer, len(argnames))) if tuple(argnames) == tuple(compiled.argnames) else None
    if template is not None:  # the same code, already compiled with the package
        code = template.replace(
            co_filename=filename, co_name="single", co_qualname="single", co_firstlineno=2,
            co_varnames=(*argnames, *template.co_varnames[len(argnames):]),
        )
        return FunctionType(code, scope, "single")
    source = _SINGLE_CALLER.format(spec=", ".join(compiled.argnames), impl=", ".join(argnames), answer=answer)
    exec(compile(source, filename, "exec"), scope)
    single: Callable[..., Any] = scope["single"]
    return single


def callers_of(stack: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The positional first-result and collect-all callers of ``stack``
    (:attr:`RulesStack.callers`, :attr:`RulesStack.collectors`). For any other object
    with ``first``/``each`` (a wrapper that watches every hook call, as the
    conformance checks do) they go through those methods, with keyword arguments."""
    if type(stack) is RulesStack:
        return stack.callers, stack.collectors
    return _keyword_callers(stack.first), _keyword_callers(stack.each)


def _keyword_callers(method: Any) -> _Made:
    """hook name -> positional caller of ``method(hook, **kwargs)``, made on demand."""

    def make(hook: str) -> Callable[..., Any]:
        argnames = _spec_argnames(hook)

        def call(*args: Any) -> Any:
            return method(hook, **dict(zip(argnames, args)))

        return call

    return _Made(make)


def _spec_argnames(hook: str) -> tuple[str, ...]:
    """The hookspec's argument names for ``hook``, in order (``self`` left out)."""
    spec = getattr(GunlineSpec, hook)
    return tuple(name for name in inspect.signature(spec).parameters if name != "self")
