"""docs/plugins.md's tutorial, followed as a newcomer would, block by block, in a copy
of the checkout and a home outside the workspace: every command as printed, every
listing written or applied where it says, every output shown found in what the
command printed. An index offering a decoy gunline is put first throughout, and the
publishing goes to an index that takes uploads.

What a block means:

- ```sh: commands, one a line; a ``cd`` holds for the commands after it, and
  ``uv run gunline`` alone opens the app (in a terminal, quit once it shows a valid
  scenario of the ruleset);
- ```text: lines that the commands of the block before it print (spaces aside);
- ```python starting ``# file: PATH``: a new file; ``# in PATH``: an edit of it, each
  import from a module replacing the file's import from that module, each function
  replacing the one of its name, a new function going in before the next one replaced;
- ```toml starting ``# in FILE, under [TABLE]``: lines added at the end of that table.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from userland import section

pytestmark = pytest.mark.user

DOCS = (Path(__file__).resolve().parents[1] / "docs" / "plugins.md").read_text(encoding="utf-8")
TUTORIAL = section(DOCS, "Tutorial: from the scaffold to a release")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", TUTORIAL, re.S)


def words(text: str) -> str:
    return " ".join(text.split())


def _key(node: ast.stmt) -> tuple[str, str] | None:
    if isinstance(node, ast.ImportFrom):
        return ("from", node.module or "")
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return ("def", node.name)
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return ("=", node.targets[0].id)
    return None


def _span(node: ast.stmt) -> tuple[int, int]:
    decorators = getattr(node, "decorator_list", None)
    return (decorators[0].lineno if decorators else node.lineno) - 1, node.end_lineno


def apply_edit(path: Path, listing: str) -> None:
    """An ``# in FILE`` listing, done as the tutorial's words say (see the module)."""
    lines = path.read_text().splitlines(keepends=True)
    existing = {_key(n): _span(n) for n in ast.parse("".join(lines)).body if _key(n)}
    listed = listing.splitlines(keepends=True)
    edits, pending = [], []
    for node in ast.parse(listing).body:
        start, end = _span(node)
        text = "".join(listed[start:end])
        if _key(node) in existing:
            edits.append((*existing[_key(node)], "\n\n".join([*pending, text])))
            pending = []
        else:
            pending.append(text)
    assert edits, f"the listing for {path} replaces nothing there"
    for start, end, text in sorted(edits, reverse=True):
        lines[start:end] = [text]
    if pending:
        lines.append("\n\n" + "\n\n".join(pending))
    path.write_text("".join(lines))
    ast.parse(path.read_text())


def add_to_table(path: Path, table: str, listing: str) -> None:
    """Lines added at the end of ``[table]`` in a TOML file."""
    lines = path.read_text().splitlines(keepends=True)
    at = lines.index(f"[{table}]\n") + 1
    while at < len(lines) and lines[at].strip() and not lines[at].startswith("["):
        at += 1
    added = [line for line in listing.splitlines(keepends=True) if not line.startswith("# in ")]
    lines[at:at] = added
    path.write_text("".join(lines))


def is_the_app(command: str) -> bool:
    return command.split("#")[0].split() == ["uv", "run", "gunline"]


def test_the_tutorial_runs_as_written(checkout, fresh_user, decoy_index, upload_index):
    env = {"UV_INDEX": decoy_index, "UV_PUBLISH_URL": upload_index.url, "UV_PUBLISH_TOKEN": "a-token"}
    cwd, printed, done = checkout, "", []
    for kind, body in BLOCKS:
        first = body.splitlines()[0] if body.strip() else ""
        if kind == "sh":
            printed = ""
            for command in (line for line in body.splitlines() if line.strip()):
                if command.startswith("cd "):
                    where = command[3:].strip()
                    cwd = fresh_user.home / where[2:] if where.startswith("~/") else cwd / where
                elif is_the_app(command):
                    shown = fresh_user.app(command, cwd=cwd, want="valid scenario", **env)
                    assert "space-raiders" in shown
                else:
                    printed += fresh_user.run(command, cwd=cwd, **env)
                done.append(command)
        elif kind == "text":
            shown = [words(line) for line in printed.splitlines()]
            for line in (words(line) for line in body.splitlines() if line.strip()):
                assert any(line in out for out in shown), f"{line!r} is not in what was printed:\n{printed}"
        elif kind == "python" and first.startswith("# file: ") and "/" in first:
            path = cwd / first.removeprefix("# file: ").strip()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body)
        elif kind == "python" and first.startswith("# in "):
            apply_edit(cwd / first.removeprefix("# in ").strip(), body)
        elif kind == "toml" and first.startswith("# in "):
            file, table = re.fullmatch(r"# in (\S+), under \[(.+)\]", first).groups()
            add_to_table(cwd / file, table, body)
        elif kind == "toml":  # a part of the project as the scaffold wrote it: it must be there
            project = (cwd / "pyproject.toml").read_text()
            for line in (line for line in body.splitlines() if line.strip() and not line.startswith("#")):
                assert line in project, f"{line!r} is not in the project's pyproject.toml"
        else:  # every block of the tutorial is run or checked: none is passed over
            raise AssertionError(f"a {kind or 'plain'} block the tutorial test cannot run: {first!r}")
    assert done[0] == "uv run gunline new-plugin space-raiders --dir ~/src"
    assert {"uv run gunline", "uv build", "uv publish"} <= {c.split("#")[0].strip() for c in done}
    assert cwd == fresh_user.home / "src" / "gunline-space-raiders"
    assert sorted((name, filetype) for name, _, filetype, *_ in upload_index.uploads) == [
        ("gunline-space-raiders", "bdist_wheel"), ("gunline-space-raiders", "sdist"),
    ]
    entry_points = (cwd / "pyproject.toml").read_text().split("[project.entry-points.gunline]\n")[1].split("\n\n")[0]
    assert entry_points.splitlines() == [
        'space-raiders = "gunline_space_raiders.ruleset"',
        '"space-raiders.steady-aim" = "gunline_space_raiders.steady_aim"',
    ]


def test_an_edit_replaces_what_it_names_and_adds_the_rest(tmp_path):
    path = tmp_path / "rules.py"
    path.write_text("from a import b\n\n\n@deco\ndef f():\n    return 1\n\n\ndef g():\n    return 2\n")
    apply_edit(path, "# in rules.py\nfrom a import b, c\n\n\ndef new():\n    return 0\n\n\ndef g():\n    return 3\n")
    assert path.read_text() == (
        "from a import b, c\n\n\n@deco\ndef f():\n    return 1\n\n\ndef new():\n    return 0\n\n\n"
        "def g():\n    return 3\n"
    )


def test_the_keys_the_tutorial_names_do_what_it_says():
    from gunline_tui.screens.main import ACTIONS

    tutorial = section(DOCS, "Tutorial: from the scaffold to a release")
    step = tutorial[tutorial.index("### 5. See it in the app"):tutorial.index("### 6.")]
    keys = {key: action for key, action, _label, _help in ACTIONS}
    said = {"F7": "variants", "Ctrl+R": "resolve", "Ctrl+T": "dice", "F1": "help"}
    for key, action in said.items():
        assert f"`{key}`" in step, key
        assert keys[key.lower()] == action, (key, keys.get(key.lower()))
