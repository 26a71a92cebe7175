"""Throughput case for ``throughput.py``: a World of Darkness long burst at four
targets (the seed's third example, examples/wod/four-targets-long-burst.toml): four
pools of 4, 5, 5 and 8 dice, 10-again, damage on the Health track, 20 rounds spent.
Measured through the full stack beside the bare pluggy chain.

    uv run python benchmarks/throughput.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gunline.scenario import read_document

SCENARIO = Path(__file__).resolve().parents[1] / "examples" / "wod" / "four-targets-long-burst.toml"

CASES: list[dict[str, Any]] = [
    {"name": "wod long burst, four targets", "doc": read_document(SCENARIO), "direct": None},
]
