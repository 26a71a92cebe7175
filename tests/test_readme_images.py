"""The README's screenshots are the app's snapshots: each one it shows exists, and is
one a snapshot test keeps (so it shows the app as it is)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_screenshot_in_the_readme_is_a_kept_snapshot():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", readme)
    assert len(shown) >= 4
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tui" / "tests").glob("test_*.py"))
    for path in shown:
        assert (ROOT / path).is_file(), path
        assert path.startswith("tui/tests/snapshots/"), path
        stem = Path(path).stem
        name = stem.split("-")[0]
        assert name in tests, f"{path}: no snapshot test keeps it"
