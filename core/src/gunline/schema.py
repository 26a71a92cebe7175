"""A ruleset's Structs described as form fields, for programs that build scenarios.

The TUI (or any other front end) must not carry code per ruleset: it asks this module
what a Struct holds — each field's name, type, bounds, choices, default, nested
Structs — and builds its form from the answer. The answer comes from
``msgspec.inspect.type_info``, so the constraints a ruleset writes once in its
annotations (``Annotated[int, msgspec.Meta(ge=1, le=10)]``) drive file validation
and forms alike.
"""

from __future__ import annotations

import functools
import re
import tomllib
import typing
from typing import Any, Literal

import msgspec
import msgspec.inspect as mi

from .language import N_

#: The kinds in words, for the catalogue (:meth:`FieldSpec.hint` words them).
KIND_WORDS = (N_("int"), N_("float"), N_("str"), N_("bool"), N_("struct"), N_("list"), N_("table"), N_("any"))

#: msgspec type-info classes mapped to the kind of form field that edits them.
_KINDS: dict[type, str] = {
    mi.IntType: "int",
    mi.FloatType: "float",
    mi.StrType: "str",
    mi.BoolType: "bool",
    mi.LiteralType: "choice",
    mi.StructType: "struct",
    mi.ListType: "list",
    mi.TupleType: "list",
    mi.VarTupleType: "list",
    mi.DictType: "table",
}


class FieldSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One field of a Struct, as a form shows it.

    ``kind`` is ``int``, ``float``, ``str``, ``bool``, ``choice`` (a Literal:
    ``choices`` lists the values), ``struct`` (``children`` are its fields), ``list``,
    ``table`` or ``any``. ``ge``/``le`` are inclusive bounds (an integer ``gt=0`` is
    reported as ``ge=1``). ``optional`` means ``None`` is allowed (the field may be
    left empty). ``path`` is the field path the scenario's error messages use
    (``targets[0].armor``).
    """

    name: str
    path: str
    kind: str
    required: bool
    has_default: bool = False
    default: Any = None
    optional: bool = False
    ge: float | None = None
    le: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    choices: tuple[Any, ...] = ()
    description: str = ""
    #: The field's name in the game's words (``msgspec.Meta(title=...)``): what a
    #: form labels it. Empty when the ruleset gives none (see :attr:`label`).
    title: str = ""
    children: tuple[FieldSpec, ...] = ()

    @property
    def label(self) -> str:
        """What a form calls the field: its title, else its name with the
        underscores read as spaces (``save_mod`` → ``save mod``)."""
        return self.title or self.name.replace("_", " ")

    def hint(self) -> str:
        """The type and bounds in a few characters: ``int 1–10``, ``a|b|c`` (the
        type in the language in use; a choice's values as they are typed)."""
        from .language import _, term

        kind = term(self.kind)
        if self.kind == "choice":
            text = "|".join(str(c) for c in self.choices)
        elif self.kind in ("int", "float"):
            lo = _num(self.ge)
            hi = _num(self.le)
            if lo is not None and hi is not None:
                text = f"{kind} {lo}–{hi}"
            elif lo is not None:
                text = f"{kind} ≥{lo}"
            elif hi is not None:
                text = f"{kind} ≤{hi}"
            else:
                text = kind
        else:
            text = kind
        return text + (_(" or empty") if self.optional else "")


def _num(value: float | None) -> str | None:
    if value is None:
        return None
    return str(int(value)) if float(value).is_integer() else str(value)


def _unwrap(t: Any) -> tuple[Any, str, str]:
    """Strip ``Metadata`` wrappers; return the inner type, its description and its
    title (the outermost given wins: a field's own words over its type alias's)."""
    description = title = ""
    while isinstance(t, mi.Metadata):
        extra = t.extra_json_schema or {}
        description = description or extra.get("description", "")
        title = title or extra.get("title", "")
        t = t.type
    return t, description, title


def _bounds(t: Any) -> tuple[float | None, float | None]:
    ge = getattr(t, "ge", None)
    le = getattr(t, "le", None)
    gt = getattr(t, "gt", None)
    lt = getattr(t, "lt", None)
    step = 1 if isinstance(t, mi.IntType) else 0
    if gt is not None:
        ge = gt + step if step else gt
    if lt is not None:
        le = lt - step if step else lt
    return ge, le


def _literal_values(annotation: Any) -> tuple[Any, ...]:
    """Literal values in the order the ruleset wrote them (msgspec's own type info
    sorts them, and a form should offer them as the rules list them)."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return tuple(typing.get_args(annotation))
    if origin is typing.Annotated:
        return _literal_values(typing.get_args(annotation)[0])
    out: tuple[Any, ...] = ()
    for arg in typing.get_args(annotation) if origin is not None else ():
        out += _literal_values(arg)
    return out


def _spec_of(name: str, path: str, t: Any, required: bool, default: Any, annotation: Any = None) -> FieldSpec:
    t, description, title = _unwrap(t)
    optional = False
    if isinstance(t, mi.UnionType):
        unwrapped = [_unwrap(m) for m in t.types]
        members = [m for m, _, _ in unwrapped]
        # ``Annotated[int, Meta(description=...)] | None``: the member's words
        description = description or next((d for _, d, _ in unwrapped if d), "")
        title = title or next((w for _, _, w in unwrapped if w), "")
        optional = any(isinstance(m, mi.NoneType) for m in members)
        rest = [m for m in members if not isinstance(m, mi.NoneType)]
        literals = [m for m in rest if isinstance(m, mi.LiteralType)]
        if len(rest) == 1:
            t = rest[0]
        elif rest and len(literals) == len(rest):
            t = mi.LiteralType(values=tuple(v for lit in literals for v in lit.values))
        else:
            t = mi.AnyType()
    kind = _KINDS.get(type(t), "any")
    ge, le = _bounds(t)
    has_default = default is not msgspec.NODEFAULT
    children: tuple[FieldSpec, ...] = ()
    if kind == "struct":
        children = describe(t.cls, path)
    return FieldSpec(
        name=name,
        path=path,
        kind=kind,
        required=required,
        has_default=has_default,
        default=default if has_default else None,
        optional=optional,
        ge=ge,
        le=le,
        min_length=getattr(t, "min_length", None),
        max_length=getattr(t, "max_length", None),
        choices=(_literal_values(annotation) or tuple(t.values)) if kind == "choice" else (),
        description=description,
        title=title,
        children=children,
    )


@functools.lru_cache(maxsize=256)
def _struct_info(struct: type) -> tuple[mi.StructType, dict[str, Any]]:
    """msgspec's view of ``struct`` and its fields' annotations by encoded name, once
    per Struct: both evaluate every annotation anew when asked, and the app asks at
    every rebuild of its form, per target."""
    info = mi.type_info(struct)
    if not isinstance(info, mi.StructType):
        raise TypeError(f"{struct!r} is not a msgspec Struct")
    return info, {f.encode_name: f.type for f in msgspec.structs.fields(struct)}


def describe(struct: type, prefix: str = "") -> tuple[FieldSpec, ...]:
    """The fields of ``struct`` in declaration order; ``prefix`` is prepended to each
    path (``describe(Target, "targets[2]")``)."""
    info, annotations = _struct_info(struct)
    out = []
    for f in info.fields:
        default = f.default
        if default is msgspec.NODEFAULT and f.default_factory is not msgspec.NODEFAULT:
            default = f.default_factory()
        path = f"{prefix}.{f.encode_name}" if prefix else f.encode_name
        out.append(_spec_of(f.encode_name, path, f.type, f.required, default, annotations.get(f.encode_name)))
    return tuple(out)


def parse_value(spec: FieldSpec, text: str) -> Any:
    """Turn what a person typed into the value a scenario document holds.

    Empty text means "not given" (``None``: leave the key out, so the default applies,
    or the required-field message appears). Text that is not a number for a number
    field is kept as a string, so that validation reports it in the same words as a
    scenario file with a string there.
    """
    text = text.strip()
    if text == "":
        return None
    if spec.kind in ("table", "list", "any") and text[:1] in ("{", "["):
        # a table or a list of tables, written as TOML writes it inline
        try:
            from .tomltext import loads

            return loads(f"value = {text}")["value"]
        except tomllib.TOMLDecodeError:
            return text
    if spec.kind == "int":
        try:
            return int(text)
        except ValueError:
            # a fraction is a number, and validation should say so ("expected int, got
            # float 3.5"), not that it is text
            return _number_or_text(text)
    if spec.kind == "float":
        if _PLAIN_INT.fullmatch(text):
            return int(text)  # a whole number stays one in the file (18, not 18.0)
        return _number_or_text(text)
    if spec.kind == "bool":
        # a word that is neither stays text for validation to name, never a quiet "no"
        return _FLAG_WORDS.get(text.lower(), text)
    if spec.kind == "any":  # a union such as ``int | Literal["D6"]``: a number if it is one
        # written as a plain number: a sign or a leading zero belongs to the text
        # ("+6", Fallout's damage over the ammunition's dice, is not the number 6)
        return int(text) if _PLAIN_INT.fullmatch(text) else text
    return text


_PLAIN_INT = re.compile(r"-?(0|[1-9][0-9]*)")
_FLAG_WORDS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}


def _number_or_text(text: str) -> Any:
    """``text`` as a float where it is written as one with digits (``3.5``, ``1e3``),
    else as it was typed (``nan`` and ``inf`` are words here)."""
    try:
        return float(text) if any(c.isdigit() for c in text) else text
    except ValueError:
        return text


def format_value(value: Any) -> str:
    """A document value as the text a form field shows: tables and lists of them as
    TOML writes them inline (``{ tracks = "legs" }``), read back by :func:`parse_value`."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_structured(value):
        from .tomlwrite import inline

        return inline(value)
    return str(value)


def is_structured(value: Any) -> bool:
    """A table, or a list that holds tables or lists: edited as one TOML value."""
    if isinstance(value, dict):
        return True
    return isinstance(value, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) for v in value)
