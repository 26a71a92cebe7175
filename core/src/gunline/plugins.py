"""Finding plugins, loading them one at a time, and stacking them per ruleset.

pluggy's own ``load_setuptools_entrypoints`` stops at the first plugin that fails to
import; a GM with one broken third-party ruleset would lose them all. So each entry
point is loaded and validated on its own, inside ``try``, and a failure is kept as
data (name and error) for ``gunline plugins`` and the TUI's plugins screen.

Environment variables choose plugins without uninstalling any:
``GUNLINE_LOAD_PLUGINS`` (comma-separated names: load only these; empty: none) and
``GUNLINE_BLOCK_PLUGINS`` (names never to load). A name is an entry-point name
(``wod``, ``wod.9-again``) or a distribution name (``gunline-wod``: all its entry
points). ``gunline plugins`` says which variables are in force and what they blocked.

A name is owned by one plugin. When two entry points declare the same ruleset or
variant name, neither is used, whichever loaded first: both are listed (with their
distributions and versions) and an attack under that name is refused with one line
saying what to add to ``GUNLINE_BLOCK_PLUGINS`` to use the other. A plugin that
shadows another is never allowed to take its place silently.
"""

from __future__ import annotations

import os
import re
import types
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import msgspec
import pluggy

from . import entry_points as installed
from .compat import IncompatiblePlugin, check_api
from .contract import check_declaration
from .errors import Abandoned, BadInput, GunlineError, described, not_a_plugins, quoted
from .hookspecs import REQUIRED_RULESET_HOOKS, GunlineSpec
from .models import HOOKSPEC_VERSION, PluginInfo, Ruleset, Variant

if TYPE_CHECKING:
    from .stack import RulesStack

ENTRY_POINT_GROUP = "gunline"
ENV_LOAD = "GUNLINE_LOAD_PLUGINS"
ENV_BLOCK = "GUNLINE_BLOCK_PLUGINS"

hookimpl = pluggy.HookimplMarker("gunline")

_Rule = TypeVar("_Rule", bound=Callable[..., Any])


def as_hook(rule: _Rule, **options: Any) -> _Rule:
    """A rule function as the hook implementation itself, with no call forwarding
    to it on every chain: ``resolve_hit = as_hook(hits.resolve)`` in the module an
    entry point names, instead of a marked function that calls ``hits.resolve``.

    Its parameters are the hook's, by name (a parameter with a default is not the
    hook's). ``options`` are ``hookimpl``'s (``tryfirst=True``...). The mark goes on
    a copy of the function (the same code, module, defaults and closure), so that
    the rule's module keeps a plain function: another plugin that imports it to call
    it is not given a hook it did not ask for.
    """
    if not isinstance(rule, types.FunctionType):
        raise TypeError(f"as_hook: expected a function, got {type(rule).__name__}")
    copy = types.FunctionType(rule.__code__, rule.__globals__, rule.__name__, rule.__defaults__, rule.__closure__)
    copy.__kwdefaults__ = rule.__kwdefaults__
    copy.__doc__ = rule.__doc__
    copy.__qualname__ = rule.__qualname__
    copy.__annotations__ = dict(rule.__annotations__)
    # what the function carries (``__wrapped__`` of a decorated rule, which pluggy's
    # reading of the parameters follows), less a mark of its own
    copy.__dict__.update({k: v for k, v in rule.__dict__.items() if k != "gunline_impl"})
    marked = hookimpl(**options)(copy) if options else hookimpl(copy)
    return cast(_Rule, marked)

#: The oldest hook contract this gunline still runs plugins for. Raised only when a
#: contract change cannot be bridged (docs/plugins.md, "Compatibility").
OLDEST_SUPPORTED_API = 2


class _Manager(pluggy.PluginManager):
    """pluggy's manager, finding a module's hooks by a look in the module's namespace.

    pluggy looks every name a plugin has up with ``inspect.getattr_static``, so that
    no property is run to see whether it is a hook. A module's names are its
    namespace's, with no descriptor to run: reading them from the namespace gives
    pluggy's answer for each (a plain function's options; nothing for a class, a
    module, a constant) in a fraction of the time, about a millisecond of every
    command's start. A method, a classmethod or a staticmethod kept in a module, and
    any plugin that is not a plain module, are left to pluggy.
    """

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        if type(plugin) is types.ModuleType:
            value = plugin.__dict__.get(name)
            if isinstance(value, types.FunctionType):
                opts = getattr(value, "gunline_impl", None)
                return opts if isinstance(opts, dict) else None
            if not isinstance(value, (types.MethodType, classmethod, staticmethod)):
                return None
        return super().parse_hookimpl_opts(plugin, name)


def new_manager() -> pluggy.PluginManager:
    """A plugin manager that knows gunline's hookspecs."""
    pm = _Manager("gunline")
    pm.add_hookspecs(GunlineSpec)
    return pm


class Plugin:
    """A plugin that loaded and validated: a ruleset or a variant.

    (A plain class, as :class:`Registry`: importing ``dataclasses`` and generating
    their methods was a few percent of every command's start.)"""

    __slots__ = ("declaration", "distribution", "entry_point", "hooks", "name", "obj", "version")

    def __init__(
        self,
        name: str,
        obj: Any,
        declaration: Ruleset | Variant,
        hooks: list[str],
        distribution: str = "",
        version: str = "",
        entry_point: str = "",
    ) -> None:
        self.name, self.obj, self.declaration, self.hooks = name, obj, declaration, hooks
        self.distribution, self.version, self.entry_point = distribution, version, entry_point

    def __repr__(self) -> str:
        return f"Plugin({self.name!r}, entry_point={self.entry_point!r}, distribution={self.distribution!r})"

    @property
    def package(self) -> str:
        """The top-level package of the plugin's object: whose message catalogues
        word its keys and texts (:mod:`gunline.language`)."""
        obj = self.obj
        module = obj.__name__ if isinstance(obj, types.ModuleType) else type(obj).__module__
        return str(module).split(".")[0]

    @property
    def is_ruleset(self) -> bool:
        return isinstance(self.declaration, Ruleset)

    def info(self) -> PluginInfo:
        decl = self.declaration
        return PluginInfo(
            name=self.name,
            kind="ruleset" if self.is_ruleset else "variant",
            distribution=self.distribution,
            version=self.version,
            ruleset=decl.name if isinstance(decl, Ruleset) else decl.ruleset,
            description=decl.description,
            hooks=self.hooks,
            actions=sorted(decl.actions),
        )


def _names_from_env(var: str) -> set[str] | None:
    raw = os.environ.get(var)
    if raw is None:
        return None
    return {n.strip() for n in raw.split(",") if n.strip()}


_canonical = installed.canonical


def _named(names: set[str], entry_point: str, distribution: str) -> str | None:
    """The name in ``names`` that selects this entry point, if any: its entry-point
    name, its distribution's (all of the distribution's entry points), or the two as
    ``distribution:entry-point`` (this one alone, where another distribution has an
    entry point of the same name)."""
    if entry_point in names:
        return entry_point
    if distribution:
        wanted = _canonical(distribution)
        for name in names:
            dist, one, ep = name.partition(":")
            if _canonical(dist.strip()) == wanted and (not one or ep.strip() == entry_point):
                return name
    return None


def _inspect(name: str, obj: Any, pm: pluggy.PluginManager) -> tuple[Ruleset | Variant, list[str]]:
    """Register ``obj`` in the scratch manager ``pm`` to validate it and read its
    declaration; it leaves ``pm`` as it found it (one manager serves every plugin:
    reading the hookspecs again for each was a tenth of a command's start).

    Raises with a message that says what is wrong with the plugin.
    """
    try:
        pm.register(obj, name=name)
        try:
            return _declared(obj, pm)
        finally:
            if pm.is_registered(obj):
                pm.unregister(obj)
    except pluggy.PluginValidationError as exc:
        raise TypeError(_validation_words(str(exc), obj)) from None


#: gunline's hooks, by name (what a plugin's function is called to be one).
HOOK_NAMES = tuple(sorted(n for n in vars(GunlineSpec) if not n.startswith("_")))


def _static(obj: Any, name: str) -> Any:
    """``obj.name`` as pluggy finds it, with no property or ``__getattr__`` run."""
    if type(obj) is types.ModuleType:
        return obj.__dict__.get(name)
    import inspect  # not at every command's start: a plugin is nearly always a module

    try:
        return inspect.getattr_static(obj, name)
    except AttributeError:
        return None


def _unmarked(obj: Any, hooks: list[str]) -> list[str]:
    """The functions of ``obj`` named as gunline's hooks but not marked as hooks:
    pluggy passes them over without a word, so a ruleset or a variant without its
    ``@hookimpl`` loaded, passed ``plugins --check``, and its rule was never run."""
    return [n for n in HOOK_NAMES if n not in hooks
            and isinstance(_static(obj, n), (types.FunctionType, staticmethod, classmethod))]


_UNKNOWN_HOOK = re.compile(r"unknown hook '([^']+)'")
_NOT_IN_SPEC = re.compile(r"for hook '([^']+)'.*Argument\(s\) \{(.*)\} are declared", re.S)


def _validation_words(text: str, obj: Any) -> str:
    """What pluggy's refusal of a plugin means, in a plugin author's terms: which
    function, which hook, and what to do. Pluggy's own words name its internals."""
    unknown = _UNKNOWN_HOOK.search(text)
    if unknown:
        name = unknown.group(1)
        real = getattr(_static(obj, name), "__name__", name)
        if real != name and real in HOOK_NAMES:
            return (f"{name!r} is the hook function {real!r} (marked @hookimpl) under another name: a marked "
                    f"function is a hook by the name it has in the plugin. Call it through its module "
                    f"(from . import rules; rules.{real}(...)) or mark a copy of a plain function with as_hook")
        import difflib

        close = difflib.get_close_matches(name, HOOK_NAMES, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        return (f"{name!r} is marked @hookimpl but gunline has no hook of that name; {hint}"
                f"its hooks: {', '.join(HOOK_NAMES)}")
    extra = _NOT_IN_SPEC.search(text)
    if extra:
        import inspect

        hook = extra.group(1)
        spec = getattr(GunlineSpec, hook, None)
        takes = [p for p in inspect.signature(spec).parameters if p != "self"] if spec else []
        return (f"hook {hook!r} takes no parameter {extra.group(2)}: its parameters are {', '.join(takes)} "
                "(any of them, by name)")
    return " ".join(text.split())


def _declared(obj: Any, pm: pluggy.PluginManager) -> tuple[Ruleset | Variant, list[str]]:
    pm.check_pending()
    hooks = sorted(h.name for h in pm.get_hookcallers(obj) or [])
    try:
        ruleset = pm.hook.gunline_ruleset()
        variant = pm.hook.gunline_variant()
    except TypeError as exc:
        if str(exc) == "Missing required argument 'api'":  # msgspec, for Ruleset(...) without api=
            raise IncompatiblePlugin(None, OLDEST_SUPPORTED_API, HOOKSPEC_VERSION) from None
        raise
    decl = ruleset if ruleset is not None else variant
    if decl is None:
        raise TypeError("declares neither gunline_ruleset nor gunline_variant")
    if ruleset is not None and variant is not None:
        raise TypeError("declares both a ruleset and a variant; publish them as two entry points")
    if not isinstance(decl, (Ruleset, Variant)):
        raise TypeError(
            f"gunline_{'ruleset' if ruleset is not None else 'variant'} returned "
            f"{type(decl).__name__}, expected gunline.{'Ruleset' if ruleset is not None else 'Variant'}"
        )
    check_declaration(decl)
    check_api(decl.api, OLDEST_SUPPORTED_API, HOOKSPEC_VERSION)
    unmarked = _unmarked(obj, hooks)
    if unmarked:
        names = ", ".join(unmarked)
        raise TypeError(f"{names}: named as gunline's hook{'s' if len(unmarked) > 1 else ''} but not marked "
                        "@hookimpl, so never called; mark it (from gunline import hookimpl), or rename it")
    if isinstance(decl, Ruleset):
        missing = [h for h in REQUIRED_RULESET_HOOKS if h not in hooks]
        if missing:
            raise TypeError(f"ruleset {decl.name!r} lacks required hooks: {', '.join(missing)}")
    elif decl.ruleset is not None and not decl.name.startswith(decl.ruleset + "."):
        prefix = decl.name.split(".", 1)[0] if "." in decl.name else None
        if prefix:  # which of the two is the slip is the author's to say: both are named
            raise TypeError(f"variant {decl.name!r} declares ruleset={decl.ruleset!r}, but its name is of "
                            f"{prefix!r}: a variant's name is its ruleset's, a dot and its own; correct "
                            f"one of the two")
        raise TypeError(f"variant name {decl.name!r} must start with {decl.ruleset + '.'!r}")
    return decl, hooks


class Registry:
    """Every plugin found, loaded or broken, and the stacks built from them."""

    def __init__(self) -> None:
        self.plugins: dict[str, Plugin] = {}
        self.broken: list[PluginInfo] = []
        self.blocked: list[str] = []
        #: For each blocked entry point, the variable that blocked it.
        self.blocked_by: dict[str, str] = {}
        #: The plugin-choosing variables set when discovering, with their values.
        self.env: dict[str, str] = {}
        #: Names in those variables that no installed plugin or distribution has.
        self.unmatched: dict[str, list[str]] = {}
        #: Names declared by more than one plugin: none of them is used (see
        #: :meth:`conflict`).
        self.conflicts: dict[str, list[Plugin]] = {}
        #: How many entry points of the group have each name (to tell whether
        #: blocking one by its entry-point name blocks it alone).
        self.entry_point_names: dict[str, int] = {}
        self._stacks: dict[tuple[str, tuple[str, ...]], RulesStack] = {}

    # -- filling it ------------------------------------------------------------------
    def add(self, name: str, obj: Any, distribution: str = "", version: str = "") -> Plugin:
        """Validate and add one plugin object (a module or an instance).

        Raises ``TypeError``/``pluggy.PluginValidationError`` if it is not a valid
        gunline plugin; nothing is added then. Tests and embedding programs use this
        to register a plugin without installing it.
        """
        try:
            decl, hooks = _inspect(name, obj, new_manager())
        except IncompatiblePlugin as exc:
            raise exc.of(name, distribution, version) from None
        if decl.name in self.plugins:
            raise TypeError(f"another plugin already declared the name {decl.name!r}")
        plugin = Plugin(decl.name, obj, decl, hooks, distribution, version, name)
        self.plugins[decl.name] = plugin
        self._stacks.clear()
        return plugin

    def add_broken(self, name: str, error: str, distribution: str = "", version: str = "") -> None:
        self.broken.append(
            PluginInfo(name=name, kind="broken", distribution=distribution, version=version, error=error)
        )

    def remove(self, name: str) -> None:
        """Forget a plugin (the TUI's "disable" on a misbehaving plugin)."""
        self.plugins.pop(name, None)
        self._stacks.clear()

    # -- reading it ------------------------------------------------------------------
    @property
    def rulesets(self) -> dict[str, Plugin]:
        return {n: p for n, p in self.plugins.items() if p.is_ruleset}

    def variants_for(self, ruleset: str) -> dict[str, Plugin]:
        """Variants that may be enabled under ``ruleset`` (its own and rule-agnostic)."""
        return {
            n: p
            for n, p in self.plugins.items()
            if isinstance(p.declaration, Variant) and p.declaration.ruleset in (ruleset, None)
        }

    def conflict(self, name: str) -> str | None:
        """Why ``name`` is not used when several plugins declare it, with what to block
        to choose one; ``None`` when it is not in conflict."""
        claims = self.conflicts.get(name)
        if not claims:
            return None
        kinds = sorted({"ruleset" if p.is_ruleset else "variant" for p in claims})
        who = [_claimant(p) for p in claims]
        choices = []
        for p in claims:
            others = ",".join(self._selector(o, claims) for o in claims if o is not p)
            choices.append(f"{ENV_BLOCK}={others} uses {p.distribution or p.entry_point}'s")
        return (
            f"{' and '.join(kinds)} {name!r} is declared by {len(claims)} plugins: {', '.join(who)}; "
            f"{'neither' if len(claims) == 2 else 'none'} is used until one is chosen: {'; '.join(choices)} "
            f"(add to {ENV_BLOCK} if it is set)"
        )

    def _selector(self, plugin: Plugin, claims: list[Plugin]) -> str:
        """What names ``plugin`` alone in ``GUNLINE_BLOCK_PLUGINS``: its entry-point
        name when no other entry point has it; else ``distribution:entry-point``
        (its distribution's name alone would block the distribution's every plugin:
        a variant's impostor is often published under the variant's own entry-point
        name, and blocking ``gunline-wod`` to drop the real one would drop its ruleset)."""
        if plugin.entry_point and self.entry_point_names.get(plugin.entry_point, 1) == 1:
            return plugin.entry_point
        if plugin.distribution and plugin.entry_point:
            return f"{plugin.distribution}:{plugin.entry_point}"
        return plugin.distribution or plugin.entry_point

    def ruleset(self, name: str) -> Ruleset:
        plugin = self.rulesets.get(name)
        if plugin is None:
            conflict = self.conflict(name)
            if conflict is not None:
                raise BadInput(f"ruleset: {conflict}")
            broken = [b for b in self.broken if b.name == name]
            if broken:  # installed, but it failed to load: say why, in its own words
                raise BadInput(f"ruleset: {quoted(name)} did not load: {broken[0].error}")
            if name in self.blocked:  # installed, and a variable the GM set keeps it out
                by = self.blocked_by.get(name, f"{ENV_LOAD} / {ENV_BLOCK}")
                raise BadInput(f"ruleset: {quoted(name)} is installed but not loaded: {by}={self.env.get(by, '')!r} "
                               "keeps it out")
            known = ", ".join(sorted(self.rulesets)) or "none installed"
            raise BadInput(f"ruleset: unknown ruleset {quoted(name)}; installed: {known}{self.orphaned(name)}")
        return plugin.declaration  # type: ignore[return-value]

    def orphaned(self, ruleset: str) -> str:
        """A hint where variants of ``ruleset`` are installed but the ruleset is not:
        its distribution most likely lacks the ruleset's entry point (the usual
        slip of a plugin author, which the plain "unknown ruleset" did not point at)."""
        mine = sorted((p for p in self.plugins.values()
                       if isinstance(p.declaration, Variant) and p.declaration.ruleset == ruleset),
                      key=lambda p: p.name)
        if not mine:
            return ""
        dists = sorted({p.distribution for p in mine if p.distribution})
        where = " and ".join(dists) or "their distribution"
        return (f" (the variants {', '.join(p.name for p in mine)} of {quoted(ruleset)} are installed, from {where}, "
                f"but no ruleset of that name: does {where} declare it under [project.entry-points.gunline] "
                f"({ruleset} = \"<module>\") and was it installed again since?)")

    def check_variants(self, ruleset: str, variants: Iterable[str]) -> tuple[str, ...]:
        """Validate variant names for ``ruleset``; returns them without duplicates."""
        allowed = self.variants_for(ruleset)
        out: list[str] = []
        for v in variants:
            if v not in allowed:
                conflict = self.conflict(v)
                if conflict is not None:
                    raise BadInput(f"variants: {conflict}")
                if v in self.plugins:
                    other = self.plugins[v].declaration
                    why = (
                        f"{quoted(v)} is a variant of {other.ruleset!r}, not {quoted(ruleset)}"
                        if isinstance(other, Variant)
                        else f"{quoted(v)} is a ruleset, not a variant"
                    )
                elif any(b.name == v for b in self.broken):
                    error = next(b.error for b in self.broken if b.name == v)
                    why = f"variant {quoted(v)} failed to load ({error}); see 'gunline plugins'"
                else:
                    known = ", ".join(sorted(allowed)) or "none installed"
                    why = f"unknown variant {quoted(v)}; variants of {ruleset}: {known}"
                raise BadInput(f"variants: {why}")
            if v not in out:
                out.append(v)
        return tuple(out)

    def stack(self, ruleset: str, variants: Iterable[str] = ()) -> RulesStack:
        """The rules stack for ``ruleset`` with ``variants`` enabled (cached).

        Building a stack is cheap, so switching a variant while the app runs is just
        asking for another one.
        """
        from .stack import RulesStack

        variants = self.check_variants(ruleset, variants)
        self.ruleset(ruleset)
        key = (ruleset, variants)
        stack = self._stacks.get(key)
        if stack is None:
            stack = RulesStack(self.plugins[ruleset], [self.plugins[v] for v in variants])
            self._stacks[key] = stack
        return stack

    def packages(self, ruleset: str, variants: Iterable[str] = ()) -> tuple[str, ...]:
        """Whose catalogues word the kinds and statuses of a chain of ``ruleset`` with
        ``variants`` (:attr:`RulesStack.packages`); none where they are not installed
        now (a chain from an old journal): the keys are then shown as they are."""
        try:
            return self.stack(ruleset, variants).packages
        except GunlineError:
            return ()

    def infos(self) -> list[PluginInfo]:
        """Everything ``gunline plugins`` lists: loaded plugins and those in conflict
        (by name), then broken ones."""
        plugins = [*self.plugins.values(), *(p for claims in self.conflicts.values() for p in claims)]
        plugins.sort(key=lambda p: (p.name, _canonical(p.distribution), p.entry_point))
        rulesets = self.rulesets
        infos = [p.info() for p in plugins]
        for i, info in enumerate(infos):  # a variant listed as if it could be used, when it cannot
            if info.kind == "variant" and info.ruleset is not None and info.ruleset not in rulesets:
                infos[i] = msgspec.structs.replace(info, ruleset_missing=True)
        return infos + list(self.broken)

    def conflicts_data(self) -> dict[str, dict[str, Any]]:
        """The conflicts as ``gunline plugins --json`` gives them."""
        return {
            name: {
                "claims": [
                    {"kind": "ruleset" if p.is_ruleset else "variant", "distribution": p.distribution,
                     "version": p.version, "entry_point": p.entry_point}
                    for p in claims
                ],
                "message": self.conflict(name),
            }
            for name, claims in sorted(self.conflicts.items())
        }


def _claimant(plugin: Plugin) -> str:
    """A plugin as a conflict names it: distribution, version, entry point."""
    dist = f"{plugin.distribution} {plugin.version}".strip() or "no distribution"
    return f"{dist} (entry point {plugin.entry_point or plugin.name!r})"


def _misnamed(plugin: Plugin, owner: Plugin) -> str:
    """Why a plugin that claims a name under an entry point named for something else
    is not used (see :func:`discover`)."""
    kind = "ruleset" if plugin.is_ruleset else "variant"
    return (
        f"declares the {kind} {plugin.name!r} under the entry point {plugin.entry_point!r}, "
        f"but {_claimant(owner)} publishes {plugin.name!r} under its own name; an entry point "
        f"carries the name of what it declares, so this one is not used"
    )


def _dist_of(ep: Any, known: dict[int, tuple[str, str]]) -> tuple[str, str]:
    """The distribution (name, version) that published ``ep``, read once per
    distribution into ``known``: from gunline's own reader of entry points
    (:mod:`gunline.entry_points`) or from an ``importlib.metadata.EntryPoint``."""
    if isinstance(ep, installed.EntryPoint):
        return ep.distribution, ep.version
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "", ""
    if id(dist) not in known:
        path = getattr(dist, "_path", None)  # a folder: its METADATA's head is enough
        if isinstance(path, (str, os.PathLike)) and os.path.isdir(path):
            known[id(dist)] = installed.name_and_version(str(path))
        else:
            known[id(dist)] = (dist.metadata["Name"] or "", dist.version or "")
    return known[id(dist)]


def namespace(name: str) -> str:
    """The ruleset a plugin's or an entry point's name belongs to: ``necromunda`` for
    ``necromunda`` and ``necromunda.d6-ammo-roll`` alike."""
    return name.partition(".")[0]


#: Entry points whose import this process gave up waiting for (see
#: :func:`gunline.watch.run`), by name and value, with the limit it ran past. Their
#: module's import lock is still held by the thread that never finished, so a second
#: import would wait for ever: from then on every discovery lists them as broken.
_UNFINISHED: dict[tuple[str, str], float] = {}


def unfinished(entry_point: Any, limit: float) -> bool:
    """Record that loading ``entry_point`` ran past ``limit`` seconds and was
    abandoned; False if it was recorded before."""
    key = (str(getattr(entry_point, "name", "")), str(getattr(entry_point, "value", "")))
    if key in _UNFINISHED:
        return False
    _UNFINISHED[key] = limit
    return True


def discover(entry_points: Iterable[Any] | None = None, *, ruleset: str | None = None) -> Registry:
    """Load every plugin of the ``gunline`` entry-point group, one at a time.

    A plugin that fails to import, fails validation or declares nothing usable is
    recorded in ``Registry.broken`` with its error and the others load as usual. A
    name declared by two or more plugins goes to ``Registry.conflicts``, unused.

    An entry point carries the name of what it declares (``necromunda``,
    ``necromunda.d6-ammo-roll``), which is what lets ``ruleset`` load one ruleset's
    entry points alone (a command on one scenario needs no other game's code, and
    importing and checking every plugin was most of its start). Of the plugins that
    claim a name, those published under an entry point of the name's own ruleset
    (:func:`namespace`) are the ones that count: a claim from an entry point named for
    something else is not used and is listed as broken, saying whose name it took.
    So a name settles the same way whether its ruleset's entry points were loaded
    alone or with all the others. With ``ruleset``, only the names of that ruleset
    are kept; a name that is not among them (a rule-agnostic variant, a plugin
    published under another entry point) needs a full discovery, and the commands
    fall back to one (:func:`gunline.cli.scenario_attack`).
    """
    registry = Registry()
    registry.env = {var: os.environ[var] for var in (ENV_LOAD, ENV_BLOCK) if var in os.environ}
    only = _names_from_env(ENV_LOAD)
    block = _names_from_env(ENV_BLOCK) or set()
    used: set[str] = set()
    if entry_points is None:
        entry_points = installed.group(ENTRY_POINT_GROUP)
    if entry_points is None:  # distributions gunline's reader cannot see
        from importlib import metadata

        entry_points = metadata.entry_points(group=ENTRY_POINT_GROUP)
    known: dict[int, tuple[str, str]] = {}
    entry_points = sorted(entry_points, key=lambda e: (e.name, _dist_of(e, known)))
    for ep in entry_points:
        registry.entry_point_names[ep.name] = registry.entry_point_names.get(ep.name, 0) + 1
    claims: dict[str, list[Plugin]] = {}
    scratch = new_manager()
    for ep in entry_points:
        dist, version = _dist_of(ep, known)
        blocked_as = _named(block, ep.name, dist)
        loaded_as = _named(only, ep.name, dist) if only is not None else None
        used.update(n for n in (blocked_as, loaded_as) if n)
        if blocked_as or (only is not None and loaded_as is None):
            registry.blocked.append(ep.name)
            registry.blocked_by[ep.name] = ENV_BLOCK if blocked_as else ENV_LOAD
            continue
        if ruleset is not None and namespace(ep.name) != ruleset:
            continue
        given_up = _UNFINISHED.get((ep.name, ep.value)) if _UNFINISHED else None
        if given_up is not None:
            registry.add_broken(ep.name, f"its import did not finish in {given_up:g} s and was abandoned "
                                "(the limit is GUNLINE_HOOK_TIMEOUT or gunline --hook-timeout SECONDS)", dist, version)
            continue
        try:
            obj = ep.load()
            decl, hooks = _inspect(ep.name, obj, scratch)
        except IncompatiblePlugin as exc:  # its own line says it all
            registry.add_broken(ep.name, str(exc.of(ep.name, dist, version)), dist, version)
            continue
        except Abandoned:  # a worker given up on: its end, not the plugin's fault
            raise
        except BaseException as exc:  # a stranger's plugin may raise anything: exit, its own BaseException
            not_a_plugins(exc)  # a Ctrl+C goes on up
            registry.add_broken(ep.name, described(exc), dist, version)
            continue
        claims.setdefault(decl.name, []).append(Plugin(decl.name, obj, decl, hooks, dist, version, ep.name))
    for name, plugins in claims.items():
        if ruleset is not None and namespace(name) != ruleset:
            continue
        own = [p for p in plugins if namespace(p.entry_point) == namespace(name)]
        if own and len(own) < len(plugins):
            for p in plugins:
                if p not in own:
                    registry.add_broken(p.entry_point, _misnamed(p, own[0]), p.distribution, p.version)
            plugins = own
        if len(plugins) == 1:
            registry.plugins[name] = plugins[0]
        else:
            registry.conflicts[name] = plugins
    for var, names in ((ENV_LOAD, only or set()), (ENV_BLOCK, block)):
        if names - used:
            registry.unmatched[var] = sorted(names - used)
    return registry
