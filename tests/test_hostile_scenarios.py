"""Fuzzing scenario decoding, with a fixed seed (hypothesis, derandomized): generated
documents in every installed ruleset's vocabulary and beyond it, with hostile text
in keys and values, and raw bytes that are barely TOML. ``validate`` and ``resolve``
either accept a file (exit 0) or refuse it in one line (exit 2) naming the file;
nothing a terminal would obey is ever printed raw, whatever the file held.

``GUNLINE_FUZZ=N`` tries N random examples per test instead of the fixed ones."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gunline import cli, discover
from gunline.tomlwrite import dumps

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("hostile_strings", HERE / "hostile_strings.py")
hostile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hostile)

FUZZ = int(os.environ.get("GUNLINE_FUZZ", "0"))
#: Examples each test tries (fixed, and the same on every run).
DOCUMENTS, BYTES = 80, 100
SETTINGS = settings(deadline=None, derandomize=not FUZZ, suppress_health_check=list(HealthCheck), database=None)

INSTALLED = discover()
RULESETS = sorted(INSTALLED.rulesets) or ["none"]
#: Words the rulesets use, so that documents get past the first check now and then.
FIELDS = sorted({f for plugin in INSTALLED.rulesets.values()
                 for struct in (plugin.declaration.shooter, plugin.declaration.weapon, plugin.declaration.target)
                 for f in getattr(struct, "__struct_fields__", ())})
WEAPONS = sorted({w for plugin in INSTALLED.rulesets.values() for w in plugin.declaration.catalogue})
MODES = sorted({m for plugin in INSTALLED.rulesets.values() for m in plugin.declaration.modes})

# TOML holds any Unicode scalar value (no lone surrogates)
_text = st.one_of(
    st.sampled_from([t for t in [*hostile.HOSTILE.values(), *hostile.MARKUP.values()] if "\ud800" > max(t)
                     or max(t) > "\udfff"]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
)
_key = st.one_of(st.sampled_from(FIELDS + ["name", "ruleset", "mode"]), _text)
_scalar = st.one_of(st.integers(-10**12, 10**12), st.booleans(), _text, st.floats(allow_nan=True),
                    st.sampled_from(WEAPONS + MODES + RULESETS))
_value = st.recursive(_scalar, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(_key, inner, max_size=3)), max_leaves=8)
_table = st.dictionaries(_key, _value, max_size=5)


@st.composite
def documents(draw):
    doc = {"ruleset": draw(st.one_of(st.sampled_from(RULESETS), _text))}
    if draw(st.booleans()):
        doc["mode"] = draw(st.one_of(st.sampled_from(MODES), _text))
    if draw(st.booleans()):
        doc["variants"] = draw(st.lists(_text, max_size=2))
    doc["shooter"] = {"name": draw(_text), **draw(_table)}
    doc["weapon"] = {"name": draw(st.one_of(st.sampled_from(WEAPONS), _text)), **draw(_table)}
    doc["targets"] = draw(st.lists(st.builds(lambda name, rest: {"name": name, **rest}, _text, _table),
                                   min_size=0, max_size=3))
    doc.update(draw(st.dictionaries(_key, _value, max_size=2)))
    return doc


def _run(argv: list[str]) -> tuple[int, str, str]:
    """The command, with the plugins found once (discovery is not what is fuzzed)."""
    out, err = io.StringIO(), io.StringIO()
    found, cli._registry = cli._registry, lambda ruleset=None: INSTALLED
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
    finally:
        cli._registry = found
    return code, out.getvalue(), err.getvalue()


def _accepted_or_one_line(path: Path, argv: list[str]) -> None:
    code, out, err = _run([argv[0], str(path), *argv[1:]])
    assert code in (0, 2), err
    assert "Traceback" not in err and "internal error" not in err, err
    assert hostile.raw_in(out) == [] and hostile.raw_in(err) == [], (out, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("gunline: "), err


@settings(SETTINGS, max_examples=FUZZ or DOCUMENTS)
@given(doc=documents())
def test_generated_documents_are_accepted_or_refused_in_one_line(doc):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_text(dumps(doc), encoding="utf-8")
        _accepted_or_one_line(path, ["validate"])
        _accepted_or_one_line(path, ["resolve", "--seed", "5"])


_FRAGMENTS = [b'ruleset = "wod"\n', b"[shooter]\n", b"[[targets]]\n", b'name = "', b"\x1b[2J", b"\x9b", b"\xc2\x9b",
              b"\xe2\x80\xae", b"\x00", b"\xff\xfe", b"= ", b'"""', b"[", b"]]\n", b"\\u001b", b"\r", b"\t"]


@settings(SETTINGS, max_examples=FUZZ or BYTES)
@given(parts=st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.binary(max_size=6)), max_size=14))
def test_bytes_that_are_barely_toml_are_refused_in_one_line(parts):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_bytes(b"".join(parts))
        _accepted_or_one_line(path, ["validate"])


def test_a_file_that_never_ends_or_is_too_large_is_refused_in_one_line(tmp_path, capsys):
    """A device that never ends (``/dev/zero``) or a file larger than any scenario is
    refused after reading a bounded amount, in one line naming it; a scenario piped
    in (``<(...)``) is read as a file is."""
    from gunline.scenario import MAX_SCENARIO_BYTES

    large = tmp_path / "large.toml"
    large.write_bytes(b"#" * MAX_SCENARIO_BYTES + b"\n")
    candidates = [str(large)] + [d for d in ("/dev/zero", "/dev/urandom") if os.path.exists(d)]
    for name in candidates:
        assert cli.main(["validate", name]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == (f"gunline: {name}: more than 8 MB; expected a scenario file "
                                     "(TOML, a few kilobytes)\n")
    example = HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml"
    read, write = os.pipe()
    with os.fdopen(write, "wb") as w:
        w.write(example.read_bytes())  # a scenario fits a pipe's buffer
    try:
        assert cli.main(["validate", f"/dev/fd/{read}"]) == 0, capsys.readouterr().err
    finally:
        os.close(read)


def test_a_piped_scenario_at_fault_is_refused_for_its_own_fault(capsys):
    """A fault in a piped scenario is said as in a file: the pipe is read once (it
    was read again, empty by then, and refused for lacking a ruleset)."""
    read, write = os.pipe()
    with os.fdopen(write, "wb") as w:
        w.write(b'ruleset = "necromunda"\n[shooter]\nname = "Vex"\nbs = 3\n')
    try:
        assert cli.main(["validate", f"/dev/fd/{read}"]) == 2
    finally:
        os.close(read)
    out, err = capsys.readouterr()
    assert out == "" and err == f"gunline: /dev/fd/{read}: weapon: required table is missing\n"


def test_a_scenario_saved_with_a_byte_order_mark_reads_as_without(tmp_path, capsys):
    example = HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml"
    marked = tmp_path / "notepad.toml"
    marked.write_bytes(b"\xef\xbb\xbf" + example.read_bytes())
    outputs = []
    for path in (example, marked):
        assert cli.main(["resolve", str(path), "--seed", "3", "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_output_that_cannot_be_written_is_one_line(tmp_path):
    """``> /dev/full``: the command says it could not write, in one line, exit 1."""
    import subprocess
    import sys

    if not os.path.exists("/dev/full"):
        import pytest

        pytest.skip("no /dev/full here")
    example = HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "gunline.cli", "resolve", str(example)], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr == "gunline: cannot write the output: No space left on device\n"


def test_more_targets_than_any_attack_has_are_refused_in_one_line(tmp_path, capsys):
    from gunline.scenario import MAX_TARGETS

    example = (HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml").read_text()
    crowd = tmp_path / "crowd.toml"
    crowd.write_text(example + "".join(f'\n[[targets]]\nname = "extra {i}"\n' for i in range(MAX_TARGETS)))
    assert cli.main(["validate", str(crowd)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.endswith(f"targets: expected at most {MAX_TARGETS} targets in one attack, "
                                      f"got {MAX_TARGETS + 1}\n") and err.count("\n") == 1


def test_a_name_longer_than_any_fighter_has_is_refused_without_printing_it(tmp_path, capsys):
    """A name of a megabyte (a file of 8 MB may hold one) is refused in one short line
    naming the field and its length; a name of the limit itself is taken."""
    from gunline.scenario import MAX_NAME_CHARS

    examples = HERE.parent / "examples" / "necromunda"
    lasgun = (examples / "lasgun-long-range.toml").read_text()
    on_map = (examples / "missile-on-the-map.toml").read_text()
    huge, most = "G" * 1_000_000, "G" * MAX_NAME_CHARS
    cases = {
        "shooter.name": lasgun.replace('"Vex"', f'"{huge}"'),
        "weapon.name": lasgun.replace('"lasgun"', f'"{huge}"'),
        "targets[0].name": lasgun.replace('"Goliath"', f'"{huge}"'),
        "targets[0].name ": lasgun.replace('"Goliath"', f'"{most}G"'),
        "map.at, name 2": on_map.replace('"Van Saar" = [12', f'"{huge}" = [12'),
    }
    path = tmp_path / "long.toml"
    for field, text in cases.items():
        path.write_text(text)
        assert cli.main(["validate", str(path)]) == 2, field
        out, err = capsys.readouterr()
        got = f"{len(huge):,}" if huge in text else f"{MAX_NAME_CHARS + 1}"
        assert out == "" and err == (f"gunline: {path}: {field.strip()}: expected a name of at most {MAX_NAME_CHARS} "
                                     f"characters, got {got}\n")
    path.write_text(lasgun.replace('"Goliath"', f'"{most}"'))
    assert cli.main(["validate", str(path)]) == 0, capsys.readouterr().err


def test_a_key_or_value_of_a_megabyte_is_quoted_by_its_start_and_length(tmp_path, capsys):
    """Keys, a ruleset's name, a fire mode, a variant and a wrongly typed value are
    whatever the file holds: refused in one short line that names the field and
    quotes the start of what is there and its length, never the whole of it."""
    lasgun = (HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml").read_text()
    huge = "K" * 1_000_000
    cases = {
        "top-level key": (lasgun.replace("[shooter]", f"{huge} = 1\n[shooter]", 1), f"{huge[:50]}…"),
        "shooter key": (lasgun.replace("[shooter]", f"[shooter]\n{huge} = 1", 1), f"shooter.{huge[:50]}…"),
        "ruleset": (lasgun.replace('ruleset = "necromunda"', f'ruleset = "{huge}"'), "ruleset: unknown ruleset 'K"),
        "mode": (lasgun.replace('ruleset = "necromunda"', f'ruleset = "necromunda"\nmode = "{huge}"'), "mode: 'K"),
        "variant": (lasgun.replace('ruleset = "necromunda"', f'ruleset = "necromunda"\nvariants = ["{huge}"]'),
                    "variants: unknown variant 'K"),
        "value": (lasgun.replace("wounds = 1", f'wounds = 1\nstatus = "{huge}"', 1), "targets[0].status: "),
    }
    path = tmp_path / "huge.toml"
    for case, (text, start) in cases.items():
        assert text != lasgun, case
        path.write_text(text)
        assert cli.main(["validate", str(path)]) == 2, case
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, case
        assert err.startswith(f"gunline: {path}: {start}"), (case, err[:300])
        assert len(err) < 600 and f"({len(huge):,} characters)" in err, (case, err[:600])


def test_an_error_line_of_any_length_is_cut_in_the_middle(capsys):
    """The last guard, for whatever else a message may quote: its start (where) and
    end (what was expected) are kept, and how much was left out is said."""
    from gunline.output import MAX_LINE_CHARS, warn

    warn("file.toml: field: " + "x" * 100_000 + " expected a number")
    err = capsys.readouterr().err
    assert len(err) < MAX_LINE_CHARS + 100 and err.count("\n") == 1
    assert err.startswith("file.toml: field: xxx") and err.endswith("x expected a number\n")
    assert "characters left out" in err
    warn("short")
    assert capsys.readouterr().err == "short\n"


def test_no_bundled_example_or_corpus_name_reaches_the_limit():
    import tomllib

    from gunline.scenario import MAX_NAME_CHARS

    def names(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "name" and isinstance(inner, str):
                    yield inner
                if key in ("at", "facing") and isinstance(inner, dict):
                    yield from inner
                yield from names(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from names(inner)

    files = [f for top in ("examples", "plugins", "core", "tests", "tui") for f in (HERE.parent / top).rglob("*.toml")
             if f.name != "pyproject.toml"]
    longest = 0
    for file in files:
        try:
            doc = tomllib.loads(file.read_text(encoding="utf-8-sig"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
            continue  # a corpus file that is no TOML on purpose
        longest = max([longest, *(len(n) for n in names(doc))])
    assert len(files) > 100 and 0 < longest <= MAX_NAME_CHARS


needs_linux = __import__("pytest").mark.skipif(not hasattr(os, "mkfifo") or os.uname().sysname != "Linux",
                                               reason="named pipes told apart by Linux's poll")


@needs_linux
def test_a_named_pipe_nothing_writes_is_waited_for_saying_so_once(tmp_path):
    """A named pipe with no writer is said to be waited for, once, then read when
    written; a pipe whose writer is there, or has left, is read without a word."""
    import threading

    from gunline.pipes import FLAGS, read_at_most

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    said = []

    def waiting(name):
        said.append(name)
        with open(fifo, "wb") as writer:  # the reader is there: this open does not wait
            writer.write(b"ruleset = 'wod'\n")

    def read(path):
        fd = os.open(path, FLAGS)
        try:
            return read_at_most(fd, 1000, str(path), waiting)
        finally:
            os.close(fd)

    assert read(fifo) == b"ruleset = 'wod'\n" and said == [str(fifo)]
    left, written = os.pipe()  # <(true): the writer left, having written nothing
    os.close(written)
    assert read(f"/dev/fd/{left}") == b""
    os.close(left)
    slow, written = os.pipe()  # <(slow-scenario): the writer is there, writing soon

    def write_later():
        with os.fdopen(written, "wb") as writer:
            writer.write(b"mode = 'single'\n")

    later = threading.Thread(target=write_later)
    later.start()
    assert read(f"/dev/fd/{slow}") == b"mode = 'single'\n"
    later.join()
    os.close(slow)
    assert said == [str(fifo)]


@needs_linux
def test_the_wait_for_a_named_pipe_is_said_on_a_terminal_only(tmp_path):
    """``gunline validate PIPE`` with nothing writing the pipe says so on a terminal,
    and validates what is written then; with standard error not a terminal (a
    script), nothing more is said."""
    import pty
    import select
    import subprocess
    import sys

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    example = (HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml").read_bytes()
    command = [sys.executable, "-m", "gunline.cli", "validate", str(fifo)]
    terminal, stderr = pty.openpty()
    try:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr)
        os.close(stderr)
        said = b""
        while not said.endswith(b"\n") and select.select([terminal], [], [], 120)[0]:
            said += os.read(terminal, 1000)
        with open(fifo, "wb") as writer:
            writer.write(example)
        out, _ = proc.communicate(timeout=120)
    finally:
        os.close(terminal)
    assert said.decode() == (f"gunline: waiting for {fifo} to be written (a named pipe nothing writes yet; "
                             "Ctrl+C stops)\r\n")
    assert proc.returncode == 0 and b"valid" in out
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(fifo, "wb") as writer:
        writer.write(example)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and err == b""


def test_a_model_placed_under_its_name_written_otherwise_is_on_the_map(tmp_path, capsys):
    """A name typed in the targets and pasted into ``map.at`` from elsewhere (``é`` as
    ``e`` and a combining accent, a space more) places that model: the chain is the
    one of the names written alike. Two places for names that look the same are
    refused, naming the table."""
    missile = (HERE.parent / "examples" / "necromunda" / "missile-on-the-map.toml").read_text()
    composed, decomposed = "Esch\u00e9r", "Esche\u0301r"
    alike = tmp_path / "alike.toml"
    alike.write_text(missile.replace('"Escher"', f'"{composed}"'), encoding="utf-8")
    otherwise = tmp_path / "otherwise.toml"
    otherwise.write_text(missile.replace('name = "Escher"', f'name = "{composed}"')
                         .replace('"Escher" = [', f'"{decomposed}" = [')
                         .replace('"Van Saar" = [', '" Van  Saar" = ['), encoding="utf-8")
    assert composed in otherwise.read_text() and decomposed in otherwise.read_text()
    argv = ["resolve", "--json", "--dice", "2,1,3,4,4"]
    assert cli.main([*argv, str(alike)]) == 0
    expected = capsys.readouterr().out
    assert cli.main([*argv, str(otherwise)]) == 0
    assert capsys.readouterr().out == expected
    assert composed in expected and decomposed not in expected  # named as the target is
    twice = tmp_path / "twice.toml"
    twice.write_text(missile.replace('"Escher" = [18, 0]', '"Escher" = [18, 0], " Escher" = [19, 0]'),
                     encoding="utf-8")
    assert cli.main(["validate", str(twice)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gunline: {twice}: map.at: ' Escher' looks the same as 'Escher'"), err
    assert err.count("\n") == 1
    for targets in ("5", '"Escher"', "[5, {name = 3}]"):  # no tables of targets to match the names to
        odd = tmp_path / "odd.toml"
        odd.write_text(missile.replace("[[targets]]", "[[others]]", 3).replace('ruleset = "necromunda"',
                       f'ruleset = "necromunda"\ntargets = {targets}'), encoding="utf-8")
        assert cli.main(["validate", str(odd)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"gunline: {odd}: ") and err.count("\n") == 1 and "internal" not in err, err


def test_two_targets_whose_names_look_the_same_are_refused(tmp_path, capsys):
    """``Café`` with its ``é`` as one character and as ``e`` and a combining accent:
    two targets the chain would show as one name."""
    lasgun = (HERE.parent / "examples" / "necromunda" / "lasgun-long-range.toml").read_text()
    composed, decomposed = "Caf\u00e9", "Cafe\u0301"
    assert composed != decomposed
    path = tmp_path / "twins.toml"
    path.write_text(lasgun.replace('"Goliath"', f'"{composed}"') + f'\n[[targets]]\nname = "{decomposed}"\n'
                    'distance = 6\ntoughness = 3\nwounds = 1\n', encoding="utf-8")
    assert cli.main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gunline: {path}: targets[1].name: ") and "looks the same as" in err
    path.write_text(lasgun + '\n[[targets]]\nname = " Goliath "\ndistance = 6\ntoughness = 3\nwounds = 1\n',
                    encoding="utf-8")
    assert cli.main(["validate", str(path)]) == 2
    assert "targets[1].name: ' Goliath ' looks the same as 'Goliath'" in capsys.readouterr().err
    path.write_text(lasgun.replace('"Goliath"', f'"{composed}"') + '\n[[targets]]\nname = "Cafe"\n'
                    'distance = 6\ntoughness = 3\nwounds = 1\n', encoding="utf-8")
    cli.main(["validate", str(path)])  # two names (the rules may refuse the attack for their own reasons)
    assert "looks the same" not in capsys.readouterr().err
