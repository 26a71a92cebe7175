"""Fixtures for every test of the workspace.

The suite runs in parallel (pytest-xdist, several worker processes) and in no fixed
order, so no test may share gunline's per-user data with another test, with the shell
that started pytest, or with the person running it: the draft and the default
encounter journal live in a data directory of the test's own. Nor do results depend
on the shell's choice of plugins or hook time limit: a test that wants one of
gunline's variables sets it itself (monkeypatch).
"""

from __future__ import annotations

import itertools
import os

import pytest

#: The variables gunline reads, dropped before the tests are collected (test modules
#: discover the installed plugins as they are imported).
GUNLINE_VARIABLES = (
    "GUNLINE_HOME",
    "GUNLINE_JOURNAL",
    "GUNLINE_LOAD_PLUGINS",
    "GUNLINE_BLOCK_PLUGINS",
    "GUNLINE_HOOK_TIMEOUT",
)

_HOMES = itertools.count()


def pytest_configure(config):
    for name in GUNLINE_VARIABLES:
        os.environ.pop(name, None)


@pytest.fixture(autouse=True)
def home(tmp_path_factory, monkeypatch):
    """``GUNLINE_HOME``: a data directory of this test's own, under the worker's
    temporary directory, created only when gunline writes there (making a folder for
    each of the thousands of tests would cost seconds). The default journal lives
    there too; a test of a journal may name its own with ``GUNLINE_JOURNAL``."""
    number = str(next(_HOMES))
    path = tmp_path_factory.getbasetemp() / "homes" / number
    monkeypatch.setenv("GUNLINE_HOME", str(path))
    # where drafts go when the data folder cannot take them: the test's own too
    # (never the user's temporary or runtime folder)
    temp = tmp_path_factory.getbasetemp() / "temps" / number

    def temp_root():
        temp.mkdir(parents=True, exist_ok=True)
        return temp

    monkeypatch.setattr("gunline.draftfallback.temp_root", temp_root)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    return path
