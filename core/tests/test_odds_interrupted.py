"""Ctrl+C while the odds are sampled on several processes: the terminal sends it to
the whole process group (and ``uv run`` passes it on once more), workers included. The
command says it was interrupted, in one line, exits 130, and leaves no worker behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "necromunda" / "heavy-bolter-sustained-fire.toml"


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or not os.path.isdir("/proc"),
                    reason="sampling forks its workers; the group is read from /proc")
def test_ctrl_c_to_the_process_group_ends_the_command_and_its_workers():
    env = {k: v for k, v in os.environ.items() if not k.startswith("GUNLINE_")}
    command = [sys.executable, "-c", "from gunline.console import run; run()", "odds", str(EXAMPLE),
               "--samples", "1000000", "--jobs", "2", "--seed", "1"]
    child = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        workers: list[int] = []
        for _ in range(400):  # the first chunk is drawn in the command's process, then two workers
            workers = [pid for pid in _group(child.pid) if pid != child.pid]
            if len(workers) == 2 or child.poll() is not None:
                break
            time.sleep(0.05)
        assert child.poll() is None, child.stderr.read()
        assert len(workers) == 2, "no worker processes"
        time.sleep(0.3)  # both at work
        os.killpg(child.pid, signal.SIGINT)
        os.kill(child.pid, signal.SIGINT)  # as uv passes it on to the command
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130
    assert err.decode().splitlines() == ["gunline: interrupted"]
    assert out == b""
    time.sleep(0.5)
    assert [pid for pid in workers if pid in _group(child.pid)] == [], "workers left behind"


def _group(pgid: int) -> list[int]:
    """The live processes of a process group (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name: state, ppid, pgrp, ...
        if fields[0] != "Z" and int(fields[2]) == pgid:
            found.append(int(entry))
    return found
