"""The installed ``gunline`` command leaves as a normal exit would, only sooner:
its output, exit code, exit handlers and threads are all there
(``gunline.console``); ``main`` pauses the collector for one-shot commands only."""

from __future__ import annotations

import gc
import multiprocessing
import subprocess
import sys
import textwrap
from importlib.metadata import distribution
from pathlib import Path

import pytest

from gunline import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "necromunda" / "lasgun-long-range.toml"


def _console(argv: list[str], before: str = "", **kwargs) -> subprocess.CompletedProcess[str]:
    """``gunline ARGV`` through the console entry point, after ``before`` ran."""
    code = textwrap.dedent(before) + f"\nimport sys\nsys.argv = {['gunline', *argv]!r}\n" \
        "from gunline.console import run\nrun()\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, **kwargs)


def test_the_installed_command_is_the_console_entry_point():
    scripts = {e.name: e.value for e in distribution("gunline").entry_points if e.group == "console_scripts"}
    assert scripts["gunline"] == "gunline.console:run"


def test_output_and_exit_code_are_those_of_main():
    quick = _console(["resolve", str(EXAMPLE), "--seed", "1", "--json"])
    normal = subprocess.run(
        [sys.executable, "-c", f"import sys; from gunline.cli import main; "
                               f"sys.exit(main(['resolve', {str(EXAMPLE)!r}, '--seed', '1', '--json']))"],
        capture_output=True, text=True, timeout=60,
    )
    assert quick.returncode == normal.returncode == 0
    assert quick.stdout == normal.stdout and quick.stdout.startswith("{")
    assert quick.stderr == normal.stderr == ""


def test_an_error_keeps_its_code_and_message(tmp_path):
    missing = tmp_path / "nowhere.toml"
    proc = _console(["resolve", str(missing)])
    assert proc.returncode == 2
    assert proc.stderr == f"gunline: {missing}: no such file\n"


def test_exit_handlers_run_after_the_output_and_threads_are_waited_for():
    # the thread writes to the descriptor: a print while the command runs goes aside
    # to stderr, as a plugin's would (gunline.output.plugins_aside), and on a busy
    # machine the command can outlast the thread's sleep
    before = """
        import atexit, os, threading, time
        atexit.register(lambda: print("exit handler ran", flush=True))
        def slow():
            time.sleep(0.3)
            os.write(1, b"thread finished\\n")
        threading.Thread(target=slow).start()
    """
    proc = _console(["resolve", str(EXAMPLE), "--seed", "1"], before)
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines[-1] == "exit handler ran"
    assert "thread finished" in lines
    assert lines.index("thread finished") < lines.index("exit handler ran")
    assert any(line.startswith("necromunda") for line in lines)


def test_a_process_pool_left_running_is_stopped_not_waited_for_forever():
    before = """
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(1)
        print(pool.submit(pow, 2, 3).result(), flush=True)
    """
    proc = _console(["--version"], before)
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0] == "8" and proc.stdout.splitlines()[1].startswith("gunline ")


def test_output_longer_than_a_pipe_buffer_arrives_whole():
    """Written to a pipe, stdout is block-buffered: the exit must flush it."""
    proc = _console(["schema", "scenario", "--ruleset", "necromunda"])
    assert proc.returncode == 0
    assert len(proc.stdout) > 8192
    assert proc.stdout.rstrip().endswith("}")


def test_a_reader_gone_away_is_not_an_error():
    code = ("import sys; sys.argv = ['gunline', 'schema', 'scenario', '--ruleset', 'necromunda']\n"
            "from gunline.console import run\nrun()\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader goes away before anything is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err and "internal error" not in err


def test_one_shot_commands_run_with_the_collector_paused(monkeypatch, capsys):
    seen = {}

    def command(args):
        seen["enabled"] = gc.isenabled()
        return 0

    monkeypatch.setitem(cli.COMMANDS, "plugins", command)
    assert gc.isenabled()
    assert cli.main(["plugins"]) == 0
    assert seen["enabled"] is False
    assert gc.isenabled()  # as it was


def test_the_app_runs_with_the_collector(monkeypatch):
    seen = {}

    def app(args):
        seen["enabled"] = gc.isenabled()
        return 0

    monkeypatch.setattr(cli, "cmd_tui", app)
    monkeypatch.setitem(cli.COMMANDS, "tui", app)
    assert cli.main(["tui"]) == 0
    assert seen["enabled"] is True
    assert gc.isenabled()


def test_a_failing_command_leaves_the_collector_as_it_was(monkeypatch, capsys):
    def command(args):
        raise RuntimeError("boom")

    monkeypatch.setitem(cli.COMMANDS, "plugins", command)
    assert cli.main(["plugins"]) == 1
    assert gc.isenabled()
    assert "internal error" in capsys.readouterr().err



STUCK = """
    import multiprocessing, threading, time
    # what a process pool leaves when its worker is ended in the middle of an answer:
    # its own thread reading the rest, which never comes, and (had the pool not been
    # ended) a worker process at work
    threading.Thread(target=threading.Event().wait, name="stuck").start()
    worker = multiprocessing.get_context("fork").Process(target=time.sleep, args=(600,))
    worker.start()
    print(worker.pid, flush=True)
"""


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc").is_dir() or "fork" not in multiprocessing.get_all_start_methods(),
                    reason="forks a child, read from /proc")
def test_an_interrupted_command_ends_its_children_and_does_not_wait_forever_for_its_threads():
    code = textwrap.dedent(STUCK) + "from gunline.console import leave\nleave(130)\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 130
    assert _gone(int(proc.stdout.split()[0]))


@pytest.mark.skipif(not Path("/proc").is_dir() or "fork" not in multiprocessing.get_all_start_methods(),
                    reason="forks a child, read from /proc")
def test_a_command_that_left_its_work_running_does_the_same():
    """A hook past its time: the command exits 2, and the work it left (which a
    timed-out hook abandons, here one that waits) is not waited for."""
    code = textwrap.dedent(STUCK) + textwrap.dedent("""
        from gunline import watch
        def poll():
            raise RuntimeError("stopped while the work runs")
        try:
            watch.run(threading.Event().wait, None, on_poll=poll)
        except RuntimeError:
            pass
        assert watch.left_work()
        from gunline.console import leave
        leave(2)
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2, proc.stderr
    assert _gone(int(proc.stdout.split()[0]))


def test_work_that_ended_is_not_left_running(monkeypatch):
    from gunline import watch

    monkeypatch.setattr(watch, "_left_work", False)  # as a command starts
    assert watch.run(lambda: 7, None) == 7
    assert not watch.left_work()
