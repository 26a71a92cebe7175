"""``gunline serve`` and ``gunline players`` on the command line: what they refuse,
word for word, before anything is served; and Textual is imported only when one of
them runs. (The page itself, in a browser: test_players_browser.py.)"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gunline.cli import main
from gunline.journal import Journal

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def journal(tmp_path) -> Path:
    path = tmp_path / "j.db"
    with Journal(path):
        pass
    return path


def test_a_port_out_of_range_is_refused(capsys, journal):
    assert run(capsys, "serve", "--encounter", "pit", "--journal", journal, "--port", "70000") == (
        2, "", "gunline: serve: argument --port: expected a port number from 1 to 65535, got '70000' (see --help)\n"
    )


def test_a_journal_not_there_is_refused_and_not_made(capsys, tmp_path):
    path = tmp_path / "none.db"
    code, out, err = run(capsys, "serve", "--encounter", "pit", "--journal", path)
    assert (code, out) == (2, "")
    assert err == (f"gunline: journal {path}: no journal there yet; commit an attack with "
                   "'gunline resolve FILE --encounter NAME'\n")
    assert not path.exists()


def test_a_port_in_use_is_refused_in_one_line(capsys, journal):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "serve", "--encounter", "pit", "--journal", journal, "--port", port)
    assert (code, out) == (2, "")
    assert err == f"gunline: --host/--port: cannot listen on 127.0.0.1:{port}: Address already in use\n"


@pytest.mark.parametrize("host", ["", "a b", "bad\x1bhost"])
def test_a_host_that_is_no_address_is_refused(capsys, journal, host):
    code, out, err = run(capsys, "serve", "--encounter", "pit", "--journal", journal, "--host", host)
    assert (code, out) == (2, "")
    assert err.startswith("gunline: --host: expected an address to listen on, e.g. 127.0.0.1 or 0.0.0.0, got ")
    assert err.count("\n") == 1 and "\x1b" not in err


def test_a_bad_encounter_name_is_refused(capsys, journal):
    assert run(capsys, "players", "--encounter", " ", "--journal", journal) == (
        2, "", "gunline: encounter: expected a name, e.g. --encounter 'pit fight'\n"
    )


def test_the_server_runs_this_pythons_players_view(tmp_path):
    from gunline_tui.serving import players_command

    line = players_command("pit fight", tmp_path / "my journal.db")
    assert line == (f"{sys.executable} -m gunline.cli players --encounter 'pit fight' "
                    f"--journal '{tmp_path / 'my journal.db'}' --lang en")
    # the players see the language the server was started in
    from gunline.language import speaking

    with speaking("ru"):
        assert players_command("pit fight", tmp_path / "j.db").endswith(" --lang ru")


@pytest.mark.parametrize("argv", [["serve", "--help"], ["players", "--help"]])
def test_help_imports_no_textual(argv):
    program = (
        "import sys\nfrom gunline.cli import main\ntry:\n    main(" + repr(argv) + ")\nexcept SystemExit:\n"
        "    pass\nprint('\\n'.join('loaded ' + m for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout
    assert f"usage: gunline {argv[0]} [-h] --encounter NAME" in out
    loaded = [line.removeprefix("loaded ") for line in out.splitlines() if line.startswith("loaded ")]
    assert "gunline.serve" in loaded
    assert [m for m in loaded if m.startswith(("textual", "gunline_tui", "aiohttp"))] == []
