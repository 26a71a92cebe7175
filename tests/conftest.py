"""Fixtures for the tests that do what a user is told to do, outside the workspace.

A user of gunline gets a checkout (or a folder of wheels built from one), never a
package index release: there is none. These tests run the commands the README, the
plugin docs and ``gunline new-plugin`` print, as printed, in temporary folders, with
a home, a uv tool folder and a gunline data folder of their own (uv's cache is
shared, so they cost seconds, not downloads). They are marked ``user``: the README's
``uv run pytest`` runs them; ``-m "not user"`` leaves them out while developing.

To show that gunline is never fetched from a package index, ``decoy_index`` serves
an index that offers ``gunline`` and ``gunline-tui`` 99.0, whose import fails saying
so; where a command must take gunline from a checkout or a folder of wheels, it runs
with that index put first (``UV_INDEX``), and a gunline fetched from an index is a
failure no test can miss.
"""

from __future__ import annotations

import email.parser
import email.policy
import hashlib
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the helpers of these tests: userland.py

from userland import FreshUser, decoy_wheel, installing  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: What is not part of a checkout (made by tools, or ignored by git).
NOT_IN_A_CHECKOUT = shutil.ignore_patterns(
    ".git", ".venv", "dist", "build", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "*.egg-info"
)


@pytest.fixture(scope="session")
def uv() -> str:
    found = os.environ.get("UV") or shutil.which("uv")
    if found is None or not (ROOT / "core" / "pyproject.toml").is_file():
        pytest.skip("needs uv and gunline's source tree (run from a checkout with uv run pytest)")
    return found


@pytest.fixture(scope="session")
def uv_cache(uv) -> str:
    """uv's cache as this machine has it: the fresh homes share it."""
    return subprocess.run([uv, "cache", "dir"], capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture(scope="session")
def checkout(tmp_path_factory) -> Path:
    """A copy of this checkout as a clone would have it (with the changes not yet
    committed, without what git ignores), outside the workspace: what a user's
    checkout is."""
    copy = tmp_path_factory.mktemp("clone") / "gunline"
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, timeout=60,
    ) if shutil.which("git") else None
    if listed is None or listed.returncode != 0:  # not a git checkout: leave out what tools make
        shutil.copytree(ROOT, copy, ignore=NOT_IN_A_CHECKOUT, symlinks=True)
        return copy
    for name in filter(None, listed.stdout.decode().split("\0")):
        source, target = ROOT / name, copy / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted, not yet committed
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, target)
    return copy


@pytest.fixture(scope="session")
def make_user(uv_cache):
    """A user with a home of their own under a folder: ``make_user(folder)``."""
    return lambda base: FreshUser(base, uv_cache)


@pytest.fixture
def fresh_user(tmp_path, make_user) -> FreshUser:
    return make_user(tmp_path)


@pytest.fixture(scope="session")
def built(checkout, make_user, tmp_path_factory) -> Path:
    """The README's build command (every distribution, wheels and sdists, into
    dist/), run once per session in the copy of the checkout."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    build = installing(readme)["build"]
    assert build.strip() == "uv build --all-packages -o dist/", build
    make_user(tmp_path_factory.mktemp("builder")).run(build, cwd=checkout)
    return checkout / "dist"


@pytest.fixture(scope="session")
def decoy_index(tmp_path_factory):
    """The URL of a simple package index (PEP 503) offering gunline and gunline-tui
    99.0, and nothing else (uv then looks for everything else on its default index)."""
    root = tmp_path_factory.mktemp("decoy-index")
    for distribution, package in (("gunline", "gunline"), ("gunline-tui", "gunline_tui")):
        project = root / distribution
        project.mkdir()
        wheel = decoy_wheel(project, distribution, package)
        (project / "index.html").write_text(f'<html><body><a href="{wheel.name}">{wheel.name}</a></body></html>\n')

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def upload_index():
    """A package index that takes uploads (the legacy API ``uv publish`` speaks), at
    ``.url``; ``.uploads`` lists each file received: (name, version, filetype,
    filename, sha256 of the bytes received)."""
    received: list[tuple[str, str, str, str, str]] = []

    class Uploads(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            head = f"Content-Type: {self.headers['Content-Type']}\r\n\r\n".encode()
            form = email.parser.BytesParser(policy=email.policy.default).parsebytes(head + body)
            fields, file = {}, None
            for part in form.iter_parts():
                name = part.get_param("name", header="content-disposition")
                if part.get_filename():
                    file = (part.get_filename(), hashlib.sha256(part.get_payload(decode=True)).hexdigest())
                else:
                    fields[name] = part.get_content()
            if file is not None and self.headers.get("Authorization"):
                received.append((fields.get("name"), fields.get("version"), fields.get("filetype"), *file))
                self.send_response(200)
            else:
                self.send_response(403)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Uploads)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield SimpleNamespace(url=f"http://127.0.0.1:{server.server_address[1]}/legacy/", uploads=received)
    server.shutdown()
    server.server_close()
