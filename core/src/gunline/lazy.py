"""Names a package exports, imported when first used (PEP 562).

``gunline --help`` and ``gunline resolve`` must start about as fast as Python with
pluggy and msgspec; a package ``__init__`` that imported every submodule would make
every command pay for the odds engine, the journal and multiprocessing. A package
lists where each public name lives; ``from gunline.odds import compute_odds`` still
works, and type checkers read the real imports kept under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, where: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, whose name ``n`` lives in
    the submodule ``where[n]`` (relative, such as ``".api"``). A name is imported
    once, then kept in the package's namespace like an eager import."""

    def __getattr__(name: str) -> Any:
        try:
            module = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
