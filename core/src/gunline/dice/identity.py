"""When two reads, bodies or folds compute the same thing, found without being told.

A rule builds its reads and its repeated bodies afresh on every call (a lambda over
this target's armour, a partial over this weapon's damage). Hooks are pure, so two
such callables made from the same code over equal values behave alike; :func:`key`
gives them equal keys, and the odds then reuse what they worked out for the first
one (a bullet's damage classes, a die's readings) instead of working it out again.
Nothing in a ruleset names these keys.

Captured values are compared by value: hashable ones as they are (with their type,
since ``1``, ``1.0`` and ``True`` are equal and a rule may tell them apart), the
others (a scenario Struct that is not frozen, a list, a dict) by their MessagePack
encoding. A callable that captures something that can be neither gets no key: the
odds are worked out for it afresh, which is slower and just as exact.

A key is built without hashing anything: the dictionary it is looked up in hashes
it, once, in C. A key that turns out unhashable there (a tuple holding a list) is
treated as no key: the lookup's ``TypeError`` sends the caller down the uncached way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any

import msgspec

#: How deep :func:`key` follows callables captured by callables.
_DEPTH = 8

_encode = msgspec.msgpack.Encoder().encode
#: Types whose values are compared by their encoding (they cannot be hashed).
_ENCODED = (dict, list, set, bytearray)


def key(obj: Any) -> Hashable | None:
    """A key equal for callables (or values) that compute the same thing, or
    ``None`` when that cannot be told."""
    return _key(obj, _DEPTH)


def _key(obj: Any, depth: int) -> Hashable | None:
    kind = type(obj)
    if kind is FunctionType:
        return _function(obj, depth) if depth > 0 else None
    handler = _HANDLERS.get(kind)
    if handler is not None:
        return handler(obj, depth) if depth > 0 else None
    if kind in _ENCODED or (isinstance(obj, msgspec.Struct) and not kind.__struct_config__.frozen):
        try:
            return (kind, _encode(obj))
        except (TypeError, msgspec.EncodeError):
            return None
    return (kind, obj)


def _function(obj: FunctionType, depth: int) -> Hashable | None:
    cells = obj.__closure__
    defaults = obj.__defaults__
    if not cells and not defaults and not obj.__kwdefaults__:
        return (obj.__code__, id(obj.__globals__))
    parts: list[Hashable] = [obj.__code__, id(obj.__globals__)]
    for cell in cells or ():
        try:
            content = cell.cell_contents
        except ValueError:  # a cell not filled yet
            return None
        part = _key(content, depth - 1)
        if part is None:
            return None
        parts.append(part)
    for default in defaults or ():
        part = _key(default, depth - 1)
        if part is None:
            return None
        parts.append(part)
    if obj.__kwdefaults__:
        part = _key(tuple(sorted(obj.__kwdefaults__.items())), depth - 1)
        if part is None:
            return None
        parts.append(part)
    return tuple(parts)


def _partial(obj: partial[Any], depth: int) -> Hashable | None:
    func = _key(obj.func, depth - 1)
    args = _tuple(obj.args, depth)
    kwargs = _tuple(tuple(sorted(obj.keywords.items())), depth) if obj.keywords else ()
    if func is None or args is None or kwargs is None:
        return None
    return ("partial", func, args, kwargs)


def _method(obj: MethodType, depth: int) -> Hashable | None:
    func = _key(obj.__func__, depth - 1)
    owner = _key(obj.__self__, depth - 1)
    if func is None or owner is None:
        return None
    return ("method", func, owner)


def _tuple(obj: tuple[Any, ...], depth: int) -> Hashable | None:
    items = []
    for item in obj:
        part = _key(item, depth - 1)
        if part is None:
            return None
        items.append(part)
    return ("tuple", *items)


def _builtin(obj: BuiltinFunctionType, depth: int) -> Hashable:
    return ("builtin", obj)


_HANDLERS: dict[type, Callable[[Any, int], Hashable | None]] = {
    partial: _partial,
    MethodType: _method,
    tuple: _tuple,
    BuiltinFunctionType: _builtin,
}
