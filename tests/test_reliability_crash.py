"""Nothing lost: a process killed (SIGKILL) or hung up on (SIGHUP, a dropped SSH
session) in the middle of a commit leaves the journal consistent with every earlier
commit in it; two processes on one journal take turns and see each other's commits;
an atomic write leaves the old file or the new one, never a mix."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gunline.journal import Journal, problems

TOY_PATH = Path(__file__).parents[1] / "core" / "tests" / "toy_ruleset.py"

#: A child process: commits toy attacks to a journal, printing each entry id once
#: its commit has returned. With --pause-after N, the commit after the Nth stops
#: in the middle of its transaction (state rows and entry written, not committed),
#: prints MIDDLE and waits to be killed.
CHILD = textwrap.dedent(
    """
    import importlib.util, sys, time
    from gunline import Registry
    from gunline.journal import Journal
    from gunline.journal import store
    from gunline.scenario import build_attack

    toy_path, journal_path = sys.argv[1], sys.argv[2]
    count, pause_after, rounds = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    spec = importlib.util.spec_from_file_location("toy_ruleset", toy_path)
    toy = importlib.util.module_from_spec(spec); spec.loader.exec_module(toy)
    registry = Registry(); registry.add("toy", toy)
    doc = {"ruleset": "toy", "shooter": {"name": "Ann"}, "weapon": {"name": "rifle", "rounds": rounds},
           "targets": [{"name": "Bo", "wounds": 10000}]}
    attack = build_attack(registry, doc)
    done = 0
    original = store.Store._append
    def append(self, *args, **kwargs):
        entry_id = original(self, *args, **kwargs)
        if pause_after >= 0 and done == pause_after:
            print("MIDDLE", flush=True)
            time.sleep(60)
        return entry_id
    store.Store._append = append
    with Journal(journal_path) as journal:
        for i in range(count):
            chain, _, entry = journal.resolve("siege", registry, attack, doc, seed=i)
            done += 1
            print(entry.id, chain.weapon["rounds_left"], flush=True)
    """
)


def _signals_as_by_default() -> None:
    """In the child, before exec: a shell that ran the tests in the background (or
    under nohup) had its children ignore SIGHUP and SIGINT; the child must not."""
    for sig in (signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, signal.SIG_DFL)


@pytest.fixture
def child(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    journal = tmp_path / "j.db"

    def start(count=1000, pause_after=-1, rounds=100000):
        return subprocess.Popen(
            [sys.executable, str(script), str(TOY_PATH), str(journal), str(count), str(pause_after), str(rounds)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=_signals_as_by_default,
        )

    start.journal = journal
    return start


def _lines_until_middle(proc) -> list[str]:
    lines = []
    for line in proc.stdout:
        if line.strip() == "MIDDLE":
            return lines
        lines.append(line.split())
    raise AssertionError(f"child ended before the middle of a commit: {proc.stderr.read()}")


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGHUP])
def test_killed_in_the_middle_of_a_commit_loses_only_that_commit(child, sig):
    proc = child(count=10, pause_after=3, rounds=50)
    committed = _lines_until_middle(proc)
    os.kill(proc.pid, sig)
    proc.wait(timeout=10)
    assert proc.returncode == -sig
    with Journal(child.journal) as journal:
        assert problems(journal) == []
        entries = journal.entries("siege")
        assert [str(e.id) for e in entries] == [c[0] for c in committed] == ["1", "2", "3"]
        # Each commit spent one round from the state the previous one left.
        assert journal.state("siege").weapons["Ann"]["rifle"]["rounds_left"] == 47
        # The journal goes on from there.
        assert journal.undo("siege").undoes == 3
    assert not Path(str(child.journal) + "-journal").exists()


def test_killed_at_random_moments_every_reported_commit_is_there(child):
    rng = random.Random(20261202)
    reported: set[int] = set()
    for _ in range(4):
        proc = child()
        first = proc.stdout.readline()  # it is committing now
        time.sleep(rng.random() * 0.3)
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate(timeout=10)
        reported |= {int(line.split()[0]) for line in (first + out).splitlines() if line.strip()}
        with Journal(child.journal) as journal:
            assert problems(journal) == []
            ids = [e.id for e in journal.entries("siege")]
            assert reported <= set(ids)
            assert ids == list(range(1, len(ids) + 1))
            left = journal.state("siege").weapons["Ann"]["rifle"]["rounds_left"]
            assert left == 100000 - len(ids)


def test_processes_on_one_journal_take_turns_and_see_each_other(child):
    """Three at once, on a journal none of them has created yet."""
    procs = [child(count=10, rounds=1000) for _ in range(3)]
    outputs = [p.communicate(timeout=120) for p in procs]
    for proc, (_, err) in zip(procs, outputs):
        assert proc.returncode == 0, err
    with Journal(child.journal) as journal:
        assert problems(journal) == []
        assert len(journal.entries("siege")) == 30
        # No lost update: 30 rounds spent in all, whoever fired them.
        assert journal.state("siege").weapons["Ann"]["rifle"]["rounds_left"] == 970
    seen = sorted(int(line.split()[1]) for out, _ in outputs for line in out.splitlines())
    assert seen == list(range(970, 1000))


ATOMIC_CHILD = textwrap.dedent(
    """
    import sys
    from gunline.journal import write_atomic
    path = sys.argv[1]
    print("ready", flush=True)
    i = 0
    while True:
        write_atomic(path, ("ab"[i % 2] * 200000 + "\\n"))
        i += 1
    """
)


def test_atomic_write_killed_at_random_leaves_a_whole_file(tmp_path):
    from gunline.journal import write_atomic

    target = tmp_path / "draft.toml"
    write_atomic(target, "a" * 200000 + "\n")
    script = tmp_path / "writer.py"
    script.write_text(ATOMIC_CHILD)
    rng = random.Random(7)
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, str(script), str(target)], stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.05 + rng.random() * 0.2)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        text = target.read_text()
        assert text in ("a" * 200000 + "\n", "b" * 200000 + "\n")
