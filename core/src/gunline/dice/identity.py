"""When two reads, bodies or folds compute the same thing, found without being told.

A rule builds its reads and its repeated bodies afresh on every call (a lambda over
this target's armour, a partial over this weapon's damage). Hooks are pure, so two
such callables made from the same code over equal values behave alike; :func:`key`
gives them equal keys, and the odds then reuse what they worked out for the first
one (a bullet's damage classes, a die's readings) instead of working it out again.
Nothing in a ruleset names these keys.

Captured values are compared by value: hashable ones as they are, the others (a
scenario Struct that is not frozen, a list, a dict) by their MessagePack encoding. A
callable that captures something that can be neither gets no key: the odds are
worked out for it afresh, which is slower and just as exact.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any

import msgspec

#: How deep :func:`key` follows callables captured by callables.
_DEPTH = 8


def key(obj: Any) -> Hashable | None:
    """A hashable key equal for callables (or values) that compute the same thing,
    or ``None`` when that cannot be told."""
    return _key(obj, _DEPTH)


def _key(obj: Any, depth: int) -> Hashable | None:
    if depth < 0:
        return None
    if isinstance(obj, FunctionType):
        parts: list[Hashable] = [obj.__code__, id(obj.__globals__)]
        for cell in obj.__closure__ or ():
            try:
                content = cell.cell_contents
            except ValueError:  # a cell not filled yet
                return None
            part = _key(content, depth - 1)
            if part is None:
                return None
            parts.append(part)
        for default in (obj.__defaults__ or ()):
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
    if isinstance(obj, partial):
        func = _key(obj.func, depth - 1)
        args = _key(obj.args, depth - 1)
        kwargs = _key(tuple(sorted(obj.keywords.items())), depth - 1)
        if func is None or args is None or kwargs is None:
            return None
        return ("partial", func, args, kwargs)
    if isinstance(obj, MethodType):
        func = _key(obj.__func__, depth - 1)
        owner = _key(obj.__self__, depth - 1)
        if func is None or owner is None:
            return None
        return ("method", func, owner)
    if isinstance(obj, tuple):
        items = []
        for item in obj:
            part = _key(item, depth - 1)
            if part is None:
                return None
            items.append(part)
        return ("tuple", *items)
    if isinstance(obj, BuiltinFunctionType):
        return ("builtin", obj)
    try:
        hash(obj)
    except TypeError:
        # a Struct that is not frozen, a list, a dict: compared by content
        try:
            return (type(obj), _encode(obj))
        except (TypeError, msgspec.EncodeError):
            return None
    # the type too: 1, 1.0 and True are equal, and a rule may tell them apart
    return (type(obj), obj)


_encode = msgspec.msgpack.Encoder().encode
