"""Throughput case for ``throughput.py``: the Fallout 3-bullet burst at a ghoul
(examples/fallout/three_bullet_burst.toml): a pool of three d100s, then damage and a
critical d100 for every bullet that hit, 3 rounds spent. Measured through the full
stack beside the bare pluggy chain (the Necromunda case also has direct calls of its
rules, the measure of the engine's own cost).

    uv run python benchmarks/throughput.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gunline.scenario import read_document

SCENARIO = Path(__file__).resolve().parents[1] / "examples" / "fallout" / "three_bullet_burst.toml"

CASES: list[dict[str, Any]] = [
    {"name": "fallout 3-bullet burst, one ghoul", "doc": read_document(SCENARIO), "direct": None},
]
