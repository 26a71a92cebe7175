"""A value outside a ``Literal`` field's choices is reported with the choices, in the
order the Struct declares them (msgspec's own message names none)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
import pytest

from gunline import BadInput
from gunline.scenario import convert


class Inner(msgspec.Struct, kw_only=True):
    band: Literal["short", "medium", "long"] = "short"
    count: Annotated[int, msgspec.Meta(ge=0)] = 0


class Outer(msgspec.Struct, kw_only=True):
    kind: Literal["b", "a"] | None = None
    inner: Inner | None = None
    items: list[Inner] = []


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "z"}, "f.toml: x.kind: expected one of: b, a, got 'z'"),
        ({"inner": {"band": "far"}}, "f.toml: x.inner.band: expected one of: short, medium, long, got 'far'"),
        ({"items": [{}, {"band": 3}]}, "f.toml: x.items[1].band: expected str, got int 3"),
        ({"items": [{}, {"band": "x"}]}, "f.toml: x.items[1].band: expected one of: short, medium, long, got 'x'"),
        ({"inner": {"count": -1}}, "f.toml: x.inner.count: expected int >= 0, got -1"),
    ],
)
def test_literal_choices_are_listed(data, message):
    with pytest.raises(BadInput) as info:
        convert(data, Outer, "f.toml", "x")
    assert str(info.value) == message
