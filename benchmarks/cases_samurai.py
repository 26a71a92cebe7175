"""Throughput cases for ``throughput.py``: the samurai ruleset's seed example (the
ninja's two shots, the bushido master's return fire, the wound tests on both sides)
and a unit returning fire together (examples/samurai/), through the full stack.

    uv run python benchmarks/throughput.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gunline.scenario import read_document

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "samurai"

CASES: list[dict[str, Any]] = [
    {"name": f"samurai {stem.replace('_', ' ')}", "doc": read_document(EXAMPLES / f"{stem}.toml"), "direct": None}
    for stem in ("ninja_and_bushido_master", "unit_returns_fire")
]
