"""Scenario files: TOML written by people, validated against the ruleset's Structs.

Every error names the file, the field path and what was expected, in one line:
``lasgun.toml: targets[1].toughness: expected int >= 1, got 0``.
"""

from __future__ import annotations

import os
import re
import tomllib
import types
import typing
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from .errors import Abandoned, BadInput, PluginFailed, described, not_a_plugins, quoted, raised_at
from .models import Attack, Ruleset

if TYPE_CHECKING:
    from pathlib import Path

COMMON_KEYS = ("ruleset", "variants", "mode", "shooter", "weapon", "targets", "map")

#: msgspec's error message and the path it names (patterns, not compiled at import:
#: only a faulty file needs them, and ``re`` compiles each once, on first use).
_MSGSPEC_PATH = r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$"
#: A Struct's ``__post_init__`` names the field at fault by starting its message with
#: it (``damage: expected ...``); the error is then reported at that field's path.
_FIELD_FIRST = r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*): (?P<msg>.+)$"


#: The most a scenario file may hold. A scenario is a few kilobytes (a hundred
#: targets, a map, comments); what is larger is no scenario, and a device that never
#: ends (``/dev/zero``, ``/dev/urandom``) would otherwise be read until memory ran out.
MAX_SCENARIO_BYTES = 8 * 1024 * 1024


#: The most targets one attack may have. No game's attack comes near (a burst sweeps
#: a few, a unit is one target of many models); far more would take minutes to
#: resolve and longer to work the odds of, with the GM left waiting.
MAX_TARGETS = 1000


#: The longest name a shooter, weapon, target, roster entry or model on the map may
#: have, in characters. A name is printed wherever its fighter is (every step of the
#: chain, the map's legend, the journal), so a name of megabytes, which a file of
#: :data:`MAX_SCENARIO_BYTES` may hold, would be printed megabytes at a time; no
#: fighter or weapon is called by anything near this long.
MAX_NAME_CHARS = 200


def read_document(path: str | Path) -> dict[str, Any]:
    """Read a scenario file into a plain dict; unreadable or non-TOML files are
    :class:`BadInput` naming the file. A pipe is read (``<(make-scenario)``), at
    most :data:`MAX_SCENARIO_BYTES` of it (see :mod:`gunline.pipes`)."""
    from .pipes import FLAGS, read_at_most

    path = os.fspath(path)  # not pathlib: a few ms of every command's start
    try:
        fd = os.open(path, FLAGS)  # a named pipe nothing writes yet: said, then waited for
        try:
            raw = read_at_most(fd, MAX_SCENARIO_BYTES + 1, path)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file") from None
    except OSError as exc:
        raise BadInput(f"{path}: cannot read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name: no file can have it
        raise BadInput(f"{path}: not a usable file name (it holds a NUL character)") from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise BadInput(f"{path}: more than {MAX_SCENARIO_BYTES // (1024 * 1024)} MB; expected a scenario file "
                       "(TOML, a few kilobytes)")
    try:
        # utf-8-sig: a byte-order mark (Windows editors write one) is no part of the TOML
        text = raw.decode("utf-8-sig")
        if text.count(".") >= _FEW_DOTS:  # else no key there can be too long
            from .tomltext import refuse_overlong_keys

            refuse_overlong_keys(text)
        return tomllib.loads(text)
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not a text file (expected UTF-8 TOML)") from None
    except tomllib.TOMLDecodeError as exc:
        from .tomltext import KeyTooLong, worded

        said = str(exc) if isinstance(exc, KeyTooLong) else "not valid TOML: " + worded(str(exc), text)
        raise BadInput(f"{path}: {said}") from None
    except RecursionError:  # tomllib recurses once per level of nesting
        raise BadInput(f"{path}: not valid TOML: arrays or tables nested too deeply") from None


#: A text with fewer dots than this has no key of too many parts (see
#: :data:`gunline.tomltext.MAX_KEY_PARTS`): read without the check, whose module a
#: command on an ordinary file does not import.
_FEW_DOTS = 100


def _clean(message: str) -> str:
    message = message.replace("`", "")
    return message[:1].lower() + message[1:]


def _printable(text: str) -> str:
    """Keys are written by people and may hold anything TOML allows ("\n" as a
    quoted key): escape what would break the one-line message."""
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: A key in a message is cut after this many characters: a key is whatever the
#: file holds, and a key of a megabyte is not a field anyone is looking for.
MAX_KEY_CHARS = 100


def _key(key: str) -> str:
    """A key as a message names it: whole, or its start and its length."""
    if len(key) <= MAX_KEY_CHARS:
        return key
    return f"{key[:MAX_KEY_CHARS // 2]}… ({len(key):,} characters)"


def _fail(source: str, field: str, message: str) -> BadInput:
    where = f"{source}: " if source else ""
    field, message = _printable(field), _printable(message)
    return BadInput(f"{where}{field}: {message}" if field else f"{where}{message}")


#: Characters shown as a blank (the sanitiser escapes the other kinds of space and
#: line breaks, which then look like nothing else): a space, a no-break space, the
#: typographic spaces and the ideographic space, one or more.
_SPACES = re.compile("[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")


def _alike(name: str) -> str:
    """``name`` as it looks: its spaces as single spaces between its words, in
    Unicode's composed form (NFC), where ``é`` typed as one character and as ``e``
    with a combining accent are one. Two targets whose names differ only so look like
    one in the chain, and a GM cannot tell which is which."""
    words = name if name.isalnum() else _SPACES.sub(" ", name).strip()
    if words.isascii():
        return words
    import unicodedata

    return unicodedata.normalize("NFC", words)


def check_name(name: Any, source: str, field: str) -> None:
    """Refuse a name longer than :data:`MAX_NAME_CHARS`, naming the field and its
    length (never the name itself: it is what must not be printed)."""
    if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
        raise _fail(source, field, f"expected a name of at most {MAX_NAME_CHARS} characters, got {len(name):,}")


def _check_names(doc: dict[str, Any], source: str) -> None:
    """Every name of the document within :data:`MAX_NAME_CHARS`, checked before any
    of them can reach a message: the shooter's, the weapon's, the targets', and those
    of the tables within them (a unit's models, a model reacting in a target's place,
    the weapon it carries), which the rules print as they print the others."""
    for kind in ("shooter", "weapon"):
        _check_names_within(doc.get(kind), source, kind)
    targets = doc.get("targets")
    for i, target in enumerate(targets[:MAX_TARGETS + 1] if isinstance(targets, list) else ()):
        _check_names_within(target, source, f"targets[{i}]")
    field = doc.get("map")
    for key in ("at", "facing"):
        names = field.get(key) if isinstance(field, dict) else None
        for i, name in enumerate(names if isinstance(names, dict) else ()):
            check_name(name, source, f"map.{key}, name {i + 1}")


def _check_names_within(table: Any, source: str, path: str) -> None:
    """The ``name`` of the table at ``path`` and of every table nested in it (in a
    table, or an array of tables), each within :data:`MAX_NAME_CHARS`. Walked with a
    list, not by recursion: a file may nest tables deeper than Python recurses."""
    tables = [(table, path)]
    for node, where in tables:  # the list grows as tables are found in it: in the file's order
        if not isinstance(node, dict):
            continue
        check_name(node.get("name"), source, f"{where}.name")
        for key, value in node.items():
            if isinstance(value, dict):
                tables.append((value, f"{where}.{_key(key)}"))
            elif isinstance(value, list):
                tables += [(v, f"{where}.{_key(key)}[{j}]") for j, v in enumerate(value) if isinstance(v, dict)]


def struct_fields(struct: type) -> tuple[str, ...]:
    """The names a Struct accepts in a file (its encoded field names, in order).

    Read off the class, not through ``msgspec.structs.fields``, which resolves every
    field's type annotation anew on each call: most of the time of building an
    attack, paid again at every edit in the app."""
    names: tuple[str, ...] = getattr(struct, "__struct_encode_fields__")  # noqa: B009
    return names


def convert(data: Any, struct: type, source: str, field: str, ruleset: str = "") -> Any:
    """Validate ``data`` (a table from the file) into ``struct``, a Struct of the
    ruleset named ``ruleset``.

    Unknown keys are reported with the closest known name, whatever the Struct's own
    ``forbid_unknown_fields`` says: a typo must never be silently ignored. A check of
    the ruleset's own (a ``__post_init__``) that raises anything but the
    ``ValueError`` or ``TypeError`` that refuses a value is the ruleset's fault,
    :class:`PluginFailed` naming it and its line.
    """
    if not isinstance(data, dict):
        raise _fail(source, field, f"expected a table, got {_type_name(data)}")
    known = struct_fields(struct)
    for key in data:
        if key not in known:
            raise _unknown_field(source, field, key, known)
    try:
        return msgspec.convert(data, struct)
    except msgspec.ValidationError as exc:
        _refused(exc, data, struct, source, field)
    except Abandoned:  # a worker given up on: its end
        raise
    except BaseException as exc:
        at = raised_at(exc)
        if not at:  # not raised in the ruleset's code: not its fault
            raise
        not_a_plugins(exc)  # a Ctrl+C goes on up
        raise PluginFailed(
            ruleset or struct.__module__.partition(".")[0], f"its {struct.__name__} Struct",
            f"{described(exc)}{at}; to refuse a value, a __post_init__ raises ValueError"
        ) from exc


def _refused(exc: msgspec.ValidationError, data: Any, struct: type, source: str, field: str) -> typing.NoReturn:
    """The :class:`BadInput` of a table its Struct refused, naming the field."""
    match = re.match(_MSGSPEC_PATH, str(exc), re.S)
    assert match is not None, "the pattern matches any message"
    msg, path = match.group("msg"), match.group("path") or ""
    path = _dict_keys(struct, data, path)
    path, msg = _field_named(struct, path, msg)
    full = (field + path) if field else path.lstrip(".")
    unknown = re.fullmatch(r"Object contains unknown field `(.*)`", msg, re.S)
    owner = _strip(_hint_at(struct, path)) if unknown else None
    if unknown and isinstance(owner, type) and issubclass(owner, msgspec.Struct):
        # a table within the table (a unit's model, a reactor's weapon): said as the
        # file's own unknown keys are
        raise _unknown_field(source, full, unknown.group(1), struct_fields(owner)) from None
    missing = re.match(r"Object missing required field `(.*)`", msg)
    if missing:
        full = f"{full}.{missing.group(1)}" if full else missing.group(1)
        msg = "required field is missing"
    return_msg = _clean(msg)
    choices = _literal_choices(struct, path) if msg.startswith("Invalid enum value") else None
    if choices:
        return_msg = f"expected one of: {', '.join(map(str, choices))}"
    # a missing field's path is its parent table: nothing to quote back; a rule's own
    # message (a Struct's __post_init__) that names the value is not given it again
    # ("9 is more than the magazine holds (5), got 9")
    if path and not missing and isinstance(data, dict):
        value = _lookup(data, path)
        own = not msg.startswith(("Expected", "Invalid"))
        if value is not _NOTHING and "got" not in return_msg and not (own and str(value) in msg):
            return_msg += f", got {quoted(value)}"
        elif value is not _NOTHING and not own and isinstance(value, (str, int, float)) \
                and re.fullmatch(r"expected .*, got \w+", return_msg):
            # the value too: "expected float, got str '18'" shows why 18 is not a number
            return_msg += f" {quoted(value)}"
    raise _fail(source, full, return_msg) from None


_NOTHING = object()


def _unknown_field(source: str, field: str, key: str, known: tuple[str, ...]) -> BadInput:
    """``key`` of the table at ``field`` is none of ``known``: said with the closest."""
    import difflib

    close = difflib.get_close_matches(key, known, n=1) if len(key) <= MAX_KEY_CHARS else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return _fail(
        source,
        f"{field}.{_key(key)}" if field else _key(key),
        f"unknown field{hint}; expected one of: {', '.join(known)}",
    )


def _dict_keys(struct: type, data: Any, path: str) -> str:
    """``path`` with each ``[...]`` (msgspec's word for "a value of this table") as
    ``.key``, the key of the first value there that its type refuses, as the file
    names it (``.areas.tracks``); left as it is where none is found."""
    while "[...]" in path:
        head, _, tail = path.partition("[...]")
        table = _lookup(data, head)
        hint = _strip(_hint_at(struct, head))
        if not isinstance(table, dict) or typing.get_origin(hint) is not dict:
            return path
        of = typing.get_args(hint)[1]
        key = next((k for k, v in table.items() if not _fits(v, of)), _NOTHING)
        if not isinstance(key, str):
            return path
        path = f"{head}.{key}{tail}"
    return path


def _fits(value: Any, hint: Any) -> bool:
    try:
        msgspec.convert(value, hint)
    except msgspec.ValidationError:
        return False
    return True


def _field_named(struct: type, path: str, msg: str) -> tuple[str, str]:
    """``(path, msg)``, moved down to the field a ``__post_init__`` message starts
    with when that is a field of the Struct at ``path``."""
    named = re.match(_FIELD_FIRST, msg, re.S)
    if named:
        owner = _strip(_hint_at(struct, path))
        if isinstance(owner, type) and issubclass(owner, msgspec.Struct) and named["key"] in struct_fields(owner):
            return f"{path}.{named['key']}", named["msg"]
    return path, msg


def _hint_at(struct: type, path: str) -> Any:
    """The type annotated at ``path`` (``.weapon``, ``.targets[0]``) of ``struct``,
    or None when the path leaves the Structs."""
    hint: Any = struct
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        hint = _strip(hint)
        if key and isinstance(hint, type) and issubclass(hint, msgspec.Struct):
            hint = next((f.type for f in msgspec.structs.fields(hint) if f.encode_name == key), None)
        elif key and typing.get_origin(hint) is dict:  # a table of names: the type of its values
            hint = typing.get_args(hint)[1]
        elif index and typing.get_origin(hint) in (list, tuple):
            hint = typing.get_args(hint)[0]
        else:
            return None
    return hint


def _literal_choices(struct: type, path: str) -> tuple[Any, ...] | None:
    """The values, in declared order, that a ``Literal`` field at ``path`` accepts
    (msgspec's own message for a wrong one does not list them)."""
    hint = _strip(_hint_at(struct, path))
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        words: list[Any] = []
        others: list[str] = []
        for arg in typing.get_args(hint):
            arg = _strip(arg)
            if typing.get_origin(arg) is typing.Literal:
                words.extend(typing.get_args(arg))
            elif arg is not type(None):
                others.append(f"any {getattr(arg, '__name__', arg)}")
        return (*words, *others) if words else None
    return None


def _strip(hint: Any) -> Any:
    """``Annotated[X, ...]`` and ``X | None`` -> X."""
    while True:
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            hint = typing.get_args(hint)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(args) != 1:
                return hint
            hint = args[0]
        else:
            return hint


def _lookup(data: Any, path: str) -> Any:
    for part in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        key, index = part
        try:
            data = data[key] if key else data[int(index)]
        except (KeyError, IndexError, TypeError):
            return _NOTHING
    return data


def _type_name(value: Any) -> str:
    """A value's TOML type in a GM's words (one definition: the drafts' shape check
    says the same); read on the error path only."""
    from .drafts import toml_kind

    return toml_kind(value)


def merge_weapon(ruleset: Ruleset, data: Any, source: str) -> tuple[dict[str, Any], bool]:
    """The weapon table merged over its catalogue entry; and whether it was found."""
    if not isinstance(data, dict):
        raise _fail(source, "weapon", f"expected a table, got {_type_name(data)}")
    name = data.get("name")
    entry = catalogue_entry(ruleset, name) if isinstance(name, str) else None
    if entry is None:
        return dict(data), False
    return {**entry, **data}, True


def catalogue_entry(ruleset: Ruleset, name: str) -> dict[str, Any] | None:
    """A catalogue profile by name, ignoring case and surrounding space."""
    wanted = name.strip().casefold()
    for key, entry in ruleset.catalogue.items():
        if key.casefold() == wanted:
            return {"name": name, **{k: v for k, v in entry.items() if k != "name"}}
    return None


def build_attack(
    registry: Any,
    doc: dict[str, Any],
    source: str = "",
    extra_variants: Iterable[str] = (),
    roster: Any = None,
) -> Attack:
    """Validate a scenario document into an :class:`Attack` for its ruleset.

    ``extra_variants`` (``--variant``) are enabled on top of the file's own. A
    ``[roster]`` table's entries are filled in from ``roster`` (a journal; by
    default the one ``GUNLINE_JOURNAL`` or the per-user data folder names), see
    :mod:`gunline.roster`.
    """
    ruleset_name = doc.get("ruleset")
    if ruleset_name is None:
        raise _fail(source, "ruleset", "required field is missing (the name of a ruleset, e.g. \"necromunda\")")
    if not isinstance(ruleset_name, str):
        raise _fail(source, "ruleset", f"expected a string, got {_type_name(ruleset_name)}")
    try:
        ruleset = registry.ruleset(ruleset_name)
    except BadInput as exc:
        raise _fail(source, "", str(exc)) from None
    filed: list[tuple[int | None, int | None]] | None = None
    expanded = doc
    if "roster" in doc:
        expanded = expand_roster(doc, ruleset_name, source, roster)
        filed = _filed(doc, expanded)
    if filed is None and "map" in doc and isinstance(expanded.get("targets"), list):
        filed = [(None, j) for j in range(len(expanded["targets"]))]
    if filed is None:  # the targets are the file's, in its order
        return _built(registry, ruleset_name, ruleset, expanded, source, extra_variants, None)
    try:
        return _built(registry, ruleset_name, ruleset, expanded, source, extra_variants, filed)
    except BadInput as exc:
        raise _as_filed(exc, source, filed, doc) from None


def _filed(doc: dict[str, Any], expanded: dict[str, Any]) -> list[tuple[int | None, int | None]] | None:
    """Where each target of ``expanded`` (``doc`` with its roster filled in) comes
    from: ``(k, j)``, the roster's ``targets[k]`` and the file's ``[[targets]]``
    number ``j`` (see :func:`gunline.roster.target_sources`); None when the roster
    names no targets (the file's are as it lists them)."""
    from .roster import target_sources

    refs = doc.get("roster")
    if not isinstance(refs, dict) or "targets" not in refs:
        return None
    inline = doc.get("targets") or []
    sources = target_sources(refs["targets"], inline)
    return sources if len(sources) == len(expanded.get("targets") or []) else None


def _as_filed(exc: BadInput, source: str, filed: list[tuple[int | None, int | None]],
              doc: dict[str, Any]) -> BadInput:
    """``exc`` with the target it names (``targets[2]``, counted in the attack's
    order: a roster's entries first, the map's order) named where the file has it:
    its own ``[[targets]]`` number, or the ``[roster]`` entry that gave the faulty
    field."""
    where = f"{source}: " if source else ""
    found = re.match(re.escape(where) + r"targets\[(\d+)\](.*)\Z", str(exc), re.S)
    if found is None or int(found.group(1)) >= len(filed) or type(exc) is not BadInput:
        return exc
    k, j = filed[int(found.group(1))]
    rest = found.group(2)
    key = re.match(r"\.([^.\[:]+)", rest)
    targets = doc.get("targets")
    inline: list[Any] = targets if isinstance(targets, list) else []
    given = inline[j] if j is not None and j < len(inline) and isinstance(inline[j], dict) else {}
    if j is not None and (k is None or key is None or key.group(1) in given):
        return BadInput(f"{where}targets[{j}]{rest}")
    if k is None:  # pragma: no cover - every target is the file's or the roster's
        return exc
    refs = doc.get("roster")
    names = refs.get("targets") if isinstance(refs, dict) else None
    name = quoted(names[k]) if isinstance(names, list) and k < len(names) else "?"
    instead = f"; a [[targets]] named {name} can give {key.group(1)} instead" \
        if key is not None and key.group(1) != "name" else ""
    return BadInput(f"{where}roster.targets[{k}]{rest} (the roster's target {name}{instead})")


def _built(registry: Any, ruleset_name: str, ruleset: Ruleset, doc: dict[str, Any], source: str,
           extra_variants: Iterable[str], filed: list[tuple[int | None, int | None]] | None) -> Attack:
    """:func:`build_attack` of a document whose roster is filled in; ``filed``,
    where each target comes from, follows the targets when the map orders them."""
    _check_names(doc, source)
    battlefield, measures = None, ()

    variants = doc.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise _fail(source, "variants", "expected an array of variant names")
    try:
        variants = registry.check_variants(ruleset_name, [*variants, *extra_variants])
    except BadInput as exc:
        raise _fail(source, "", str(exc)) from None
    if "map" in doc:
        doc, battlefield, measures, moved = _measured(registry, ruleset, variants, doc, source)
        if moved is not None and filed is not None and len(moved) == len(filed):
            filed[:] = [filed[i] for i in moved]

    mode = doc.get("mode", ruleset.modes[0])
    if mode not in ruleset.modes:
        expected = ", ".join(ruleset.modes)
        if not isinstance(mode, (str, int, float)):  # in TOML's words: a date, not datetime.date(2026, 12, 4)
            raise _fail(source, "mode", f"expected a fire mode of {ruleset.name} (one of: {expected}), "
                                        f"got {_type_name(mode)}")
        raise _fail(source, "mode", f"{quoted(mode)} is not a fire mode of {ruleset.name}; expected one of: {expected}")

    shooter = None
    if "shooter" in doc:
        shooter = convert(doc.get("shooter"), ruleset.shooter, source, "shooter", ruleset.name)
    if shooter is None:
        raise _fail(source, "shooter", "required table is missing")

    if "weapon" not in doc:
        raise _fail(source, "weapon", "required table is missing")
    weapon_data, found = merge_weapon(ruleset, doc["weapon"], source)
    try:
        weapon = convert(weapon_data, ruleset.weapon, source, "weapon", ruleset.name)
    except BadInput as exc:
        if found or "required field is missing" not in str(exc):
            raise
        name = weapon_data.get("name", "")
        raise BadInput(
            f"{exc} ({name!r} is not in the {ruleset.name} catalogue, so give its whole profile; "
            f"catalogue: {', '.join(sorted(ruleset.catalogue)) or 'empty'})"
        ) from None

    raw_targets = doc.get("targets")
    if raw_targets is None:
        raise _fail(source, "targets", "required: at least one [[targets]] table")
    if not isinstance(raw_targets, list) or not raw_targets:
        raise _fail(source, "targets", "expected at least one [[targets]] table")
    if len(raw_targets) > MAX_TARGETS:
        raise _fail(source, "targets", f"expected at most {MAX_TARGETS} targets in one attack, got {len(raw_targets)}")
    targets = tuple(_target(t, ruleset, source, i, battlefield, measures) for i, t in enumerate(raw_targets))
    looks: dict[str, str] = {}  # each name as it looks (see _alike), and whose
    for i, t in enumerate(targets):
        name = getattr(t, "name", None)
        if not isinstance(name, str) or not name.strip():
            raise _fail(source, f"targets[{i}].name", "expected a non-empty name: the chain reports each target by it")
        alike = _alike(name)
        other = looks.get(alike)
        if other == name:
            raise _fail(source, f"targets[{i}].name", f"{name!r} names two targets; names must be unique")
        if other is not None:
            raise _fail(source, f"targets[{i}].name", f"{name!r} looks the same as {other!r}, written with "
                                                      "other characters (spaces, or an accent as a letter of its "
                                                      "own or as a mark added to the letter); names must be unique")
        looks[alike] = name
    _refuse_unmeasured(measures, source)  # what the map lacks beyond the targets

    extra = {k: v for k, v in doc.items() if k not in COMMON_KEYS}
    own = struct_fields(ruleset.settings) if ruleset.settings is not None else ()
    for key in extra:
        if key not in own:
            allowed = (*COMMON_KEYS, *own)
            import difflib

            close = difflib.get_close_matches(key, allowed, n=1) if len(key) <= MAX_KEY_CHARS else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise _fail(source, _key(key), f"unknown top-level key{hint}; expected one of: {', '.join(allowed)}")
    settings = convert(extra, ruleset.settings, source, "", ruleset.name) if ruleset.settings is not None else None

    return Attack(
        ruleset=ruleset_name,
        variants=variants,
        mode=mode,
        shooter=shooter,
        weapon=weapon,
        targets=targets,
        settings=settings,
        map=battlefield,
        measures=measures,
    )


def measured(
    registry: Any, ruleset: Ruleset, variants: Any, doc: dict[str, Any], source: str = ""
) -> tuple[dict[str, Any], Any, tuple[Any, ...]]:
    """The document with what the ruleset reads off its ``[map]`` filled in (the
    ``measure`` hook), the map, and the measures, used or not (see
    :mod:`gunline.battlefield`)."""
    out, battlefield, measures, _ = _measured(registry, ruleset, variants, doc, source)
    return out, battlefield, measures


def _measured(
    registry: Any, ruleset: Ruleset, variants: Any, doc: dict[str, Any], source: str = ""
) -> tuple[dict[str, Any], Any, tuple[Any, ...], list[int] | None]:
    """:func:`measured`, and the targets' order when the rules changed it: the
    document's number of each, in the new order (None: unchanged)."""
    from .battlefield import Battlefield
    from .errors import PluginFailed
    from .models import Measure

    if ruleset.map is None:
        raise _fail(source, "map", f"the {ruleset.name} rules read no map; leave the [map] table out")
    placed = doc["map"].get("at") if isinstance(doc["map"], dict) else None
    for name, where in placed.items() if isinstance(placed, dict) else ():
        if not (isinstance(where, (list, tuple)) and len(where) == 2 and all(_coordinate(v) for v in where)):
            raise _fail(source, f"map.at.{name}", "expected a position [x, y]: two numbers, "
                                                  f"each within ±{MAP_EXTENT:,}")
    facing = doc["map"].get("facing") if isinstance(doc["map"], dict) else None
    for name, degrees in facing.items() if isinstance(facing, dict) else ():
        if not (isinstance(degrees, (int, float)) and not isinstance(degrees, bool) and -360 <= degrees <= 360):
            raise _fail(source, f"map.facing.{name}", "expected degrees: a number from -360 to 360 "
                                                      "(0 east, 90 north)")
    battlefield = convert(_placed_by_name(doc, source), Battlefield, source, "map")
    if battlefield.kind != ruleset.map:
        raise _fail(source, "map.kind", f"{ruleset.name} is played on a map of kind {ruleset.map!r}, "
                                        f"not {battlefield.kind!r}")
    _check_map(battlefield, source)
    stack = registry.stack(ruleset.name, variants)
    result, plugin = stack.first("measure", document=doc, battlefield=battlefield)
    if result is None:
        return doc, battlefield, (), None
    if not isinstance(result, (list, tuple)) or not all(isinstance(m, Measure) for m in result):
        raise PluginFailed(plugin, "measure", f"returned {type(result).__name__}, expected list[Measure]")
    import copy  # only a scenario on a map is copied: not at every command's start

    from .unvalidated import UNMEASURED

    for m in result:
        fault = _measure_fault(doc, m.path, ruleset) if m.used and m.path != "targets" else None
        if fault is not None:
            raise PluginFailed(plugin, "measure", f"returned a measure of {m.path!r}: {fault}")
    out = copy.deepcopy(doc)
    for m in result:
        if m.used and m.path != "targets" and m.value is not UNMEASURED:
            _set(out, m.path, m.value)
    # the order last: the measures' paths index the targets as the file lists them,
    # and are then said as the chain lists them
    order = next((m.value for m in result if m.used and m.path == "targets"), None)
    targets = out.get("targets")
    moved = None
    if isinstance(order, list) and isinstance(targets, list):
        rank = {name: i for i, name in enumerate(order)}
        moved = sorted(range(len(targets)), key=lambda i: rank.get(_target_name(targets[i]), len(rank)))
        out["targets"] = [targets[i] for i in moved]
        now = {old: new for new, old in enumerate(moved)}
        result = [_reindexed(m, now) for m in result]
    return out, battlefield, tuple(result), moved


def _refuse_unmeasured(measures: Any, source: str, under: str = "") -> None:
    """Refuse the first field (under the path ``under``) the ruleset needs off the map
    but the map cannot give (:data:`gunline.unvalidated.UNMEASURED`), as the field
    missing, with why: the rules would otherwise read the field's default, which the
    map was there to replace. Asked where a missing field would be found (a target's
    once the target is read), so that faults met before it are named first."""
    from .unvalidated import UNMEASURED

    lacking = next((m for m in measures if m.used and m.value is UNMEASURED and m.path.startswith(under)), None)
    if lacking is not None:
        raise _fail(source, lacking.path, f"required field is missing ({lacking.text})")


def _placed_by_name(doc: dict[str, Any], source: str) -> Any:
    """The ``[map]`` table with each name in ``at`` and ``facing`` written as the
    shooter's or a target's own name where the two look the same (see :func:`_alike`):
    a name typed in one editor and pasted from another (``é`` as one character or as
    ``e`` and an accent; a space more) is the model the GM sees, not "not placed on the
    map". Two names of one table that look the same are refused, as two targets are."""
    table = doc["map"]
    if not isinstance(table, dict):
        return table
    models: dict[str, str] = {}
    targets = doc.get("targets")
    for model in [doc.get("shooter"), *(targets if isinstance(targets, list) else ())][:MAX_TARGETS + 1]:
        called = model.get("name") if isinstance(model, dict) else None
        if isinstance(called, str):
            models.setdefault(_alike(called), called)
    out = dict(table)
    for key in ("at", "facing"):
        names = table.get(key)
        if not isinstance(names, dict):
            continue
        looks: dict[str, str] = {}
        renamed: dict[str, Any] = {}
        for name, value in names.items():
            alike = _alike(name)
            if alike in looks:
                raise _fail(source, f"map.{key}", f"{name!r} looks the same as {looks[alike]!r}, written with other "
                                                  "characters; each model is placed once")
            looks[alike] = name
            renamed[models.get(alike) or name] = value
        out[key] = renamed
    return out


def _check_map(field: Any, source: str) -> None:
    """What a map's own fields cannot say: a hex between hexes, walls on a hex grid
    (it blocks hexes) or blocked hexes on a plane (it has walls), a facing for
    nobody placed."""
    if field.hex:
        for name, (q, r) in field.at.items():
            if not (float(q).is_integer() and float(r).is_integer()):
                raise _fail(source, f"map.at.{name}", "expected a hex [q, r]: two whole numbers")
        if field.walls:
            raise _fail(source, "map.walls", "a hex map blocks sight with blocked hexes (map.blocked), not walls")
    elif field.blocked:
        raise _fail(source, "map.blocked", f"a map in {field.kind} blocks sight with walls (map.walls), "
                                           "not blocked hexes")
    for name in field.facing if field.at else ():  # (facing first, positions later is fine)
        if name not in field.at:
            raise _fail(source, f"map.facing.{name}", "no model of that name is placed in map.at")


def _target(raw: Any, ruleset: Ruleset, source: str, i: int, battlefield: Any, measures: Any) -> Any:
    """Target ``i`` validated; on a map, an error in a field read off it says so, and
    one in a field the map could have given says the target is not on it."""
    try:
        target = convert(raw, ruleset.target, source, f"targets[{i}]", ruleset.name)
    except BadInput as exc:
        if battlefield is None:
            raise
        message = str(exc)
        read = {m.path for m in measures if m.used}
        field = next((p for p in read if f": {p}: " in f": {message}"), None)
        name = _target_name(raw)
        if field is not None:
            raise BadInput(f"{message} (read off the map: move the model, or type {field.split('.')[-1]})") from None
        if "required field is missing" in message and name is not None and battlefield.where(name) is None:
            raise BadInput(f"{message} ({_printable(name)} is not placed on the map: add him to map.at, "
                           "or type it)") from None
        raise
    _refuse_unmeasured(measures, source, f"targets[{i}].")
    return target


def _target_name(target: Any) -> Any:
    name = target.get("name") if isinstance(target, dict) else None
    return name if isinstance(name, str) else None


def _reindexed(m: Any, now: dict[int, int]) -> Any:
    """``m`` with its path's target index as the targets stand after ordering."""
    found = re.match(r"targets\[(\d+)\]", m.path)
    if found is None or int(found.group(1)) not in now:
        return m
    return msgspec.structs.replace(m, path=f"targets[{now[int(found.group(1))]}]{m.path[found.end():]}")


#: How far from the origin a position on a map may lie (any unit; as
#: ``battlefield.Coordinate``).
MAP_EXTENT = 1_000_000


def _coordinate(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) <= MAP_EXTENT


#: A field's path in a scenario document: ``targets[1].distance``, ``targets[0].models[2].distance``.
_FIELD_PATH = re.compile(r"[^.\[\]]+(?:\[\d+\])*(?:\.[^.\[\]]+(?:\[\d+\])*)*")


def _measure_fault(doc: dict[str, Any], path: str, ruleset: Ruleset) -> str | None:
    """Why a used measure's ``path`` is no field the scenario can have (the plugin's
    fault, not the file's), or None: a path that does not parse, an index past a list
    the file has, a step through a value that is not a table, a field the target,
    shooter, weapon or settings Struct does not declare."""
    if _FIELD_PATH.fullmatch(path) is None:
        return "not a field's path such as targets[1].distance"
    parts = [int(i) if i else k for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)]
    node: Any = doc
    for n, part in enumerate(parts):
        if isinstance(part, int):
            if not isinstance(node, list) or part >= len(node):
                return f"the file has no {_path_of(parts[: n + 1])}"
        elif not isinstance(node, dict):
            return f"{_path_of(parts[:n])} is not a table"
        if n == len(parts) - 1:
            break
        node = node[part] if isinstance(part, int) else node.get(part)
        if node is None:  # a table the file leaves out: filled in, unless it is indexed
            if isinstance(parts[n + 1], int):
                return f"the file has no {_path_of(parts[: n + 2])}"
            break
    owner = {("targets", int): ("the target", ruleset.target), ("shooter",): ("the shooter", ruleset.shooter),
             ("weapon",): ("the weapon", ruleset.weapon)}
    key = ("targets", int) if len(parts) == 3 and parts[0] == "targets" and isinstance(parts[1], int) \
        else tuple(parts[:1]) if len(parts) == 2 else None
    field = parts[-1]
    if key in owner and isinstance(field, str):
        who, struct = owner[key]
        if field not in struct_fields(struct):
            return f"{who} has no field {field!r}"
    elif len(parts) == 1 and isinstance(field, str) and field not in COMMON_KEYS and field != "map":
        if ruleset.settings is None or field not in struct_fields(ruleset.settings):
            return f"the ruleset has no setting {field!r}"
    return None


def _path_of(parts: list[Any]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(parts))


def _set(doc: dict[str, Any], path: str, value: Any) -> None:
    """Set the field at ``path`` (``targets[1].distance``) in a scenario document."""
    node: Any = doc
    parts = [int(i) if i else k for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)]
    for part, following in zip(parts, parts[1:]):
        if isinstance(part, int):
            node = node[part]
        else:
            if not isinstance(node.get(part), (dict, list)):
                node[part] = [] if isinstance(following, int) else {}
            node = node[part]
    node[parts[-1]] = value


def load_attack(registry: Any, path: str | Path, extra_variants: Iterable[str] = (), roster: Any = None) -> Attack:
    """Read and validate a scenario file."""
    return build_attack(registry, read_document(path), str(path), extra_variants, roster)


def expand_roster(doc: dict[str, Any], ruleset: str, source: str = "", roster: Any = None) -> dict[str, Any]:
    """``doc`` with its ``[roster]`` references filled in from ``roster``, or from
    the default journal (opened only to read it) when none is given."""
    from .roster import JournalRoster, expand

    return expand(doc, roster if roster is not None else JournalRoster(), ruleset, source)
