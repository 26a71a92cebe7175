"""Where scenarios are saved, what Save may write without asking, and how a saved
file keeps its comments. No Textual here.

The rules a GM can rely on:

- a file is written without a question only if this app opened or saved it since it
  started and nobody changed it on disk since (:class:`Files` remembers which, and
  a fingerprint of what it read or wrote); any other existing file is overwritten
  only after a yes, and such a file deleted since is written again only after one
  (someone meant it gone); one that is a folder now is refused, saying so;
- a scenario is never written over a file that is not one (the encounter journal,
  any SQLite database, a file that is not TOML text, TOML with nothing of a
  scenario): an editor's Save must not destroy what it did not write;
- bundled examples are package data: they open as untitled copies and no path
  inside a ruleset's examples folder is ever written;
- an untitled scenario is offered a place in the user's data folder, one folder per
  ruleset (``<data>/scenarios/<ruleset>/``);
- saving a scenario read from a file keeps that file's comments, order and layout:
  only the values that changed are rewritten (tomlkit).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gunline.drafts import data_dir
from gunline.scenario import MAX_SCENARIO_BYTES

from .speech import _


def scenarios_dir(ruleset: str | None) -> Path:
    """The folder an untitled scenario of ``ruleset`` is offered to be saved in."""
    return data_dir() / "scenarios" / (ruleset or "scenarios")


def suggested_name(doc: dict[str, Any], example: str | None = None) -> str:
    """A file name for an untitled scenario: the example's, else the shooter's and
    first target's names (``vex-vs-goliath.toml``), else ``scenario.toml``."""
    if example:
        return os.path.basename(example)
    shooter = (doc.get("shooter") or {}).get("name")
    targets = doc.get("targets") or []
    first = targets[0].get("name") if targets and isinstance(targets[0], dict) else None
    words = [w for w in (shooter, first) if isinstance(w, str) and w.strip()]
    slug = re.sub(r"[^a-z0-9]+", "-", "-vs-".join(words).casefold()).strip("-")[:60]
    return f"{slug or 'scenario'}.toml"


@dataclass
class Verdict:
    """What Save may do with a path: ``write`` it, ``ask`` first (``why``), or
    ``refuse`` it (``why``)."""

    action: str
    path: Path
    why: str = ""


@dataclass
class Files:
    """The app's memory of the files it opened or saved since it started (each with
    the fingerprint of its bytes then: see :func:`fingerprint`), the folders it never
    writes (the rulesets' bundled examples) and the journal it never writes over."""

    read_only: list[Path] = field(default_factory=list)
    owned: dict[Path, str | None] = field(default_factory=dict)
    #: The journal given (``--journal``; None: ``GUNLINE_JOURNAL``, else the
    #: per-user one), an SQLite file that no save ever replaces.
    journal: str | None = None

    @classmethod
    def for_registry(cls, registry: Any) -> Files:
        folders = []
        for name in registry.rulesets:
            try:
                examples = registry.ruleset(name).examples
            except Exception:  # a ruleset in conflict: nothing to protect from it
                continue
            if examples:
                folders.append(_real(examples))
        return cls(read_only=folders)

    def opened(self, path: str | os.PathLike[str], text: str | None = None) -> None:
        """``path`` was read or written just now: this session's to save, as it is;
        or, with ``text``, as it was when that text was read from it (a restored
        draft's file: a change made to it since the draft was made is a change)."""
        real = _real(path)
        self.owned[real] = fingerprint(real) if text is None else text_fingerprint(text)

    def changed_on_disk(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path``, opened or saved here, is not what was read or written
        then (another editor, another gunline saved it since). A file gone is not
        changed (:meth:`deleted_on_disk` says so)."""
        real = _real(path)
        if real not in self.owned or not real.exists():
            return False
        return fingerprint(real) != self.owned[real]

    def deleted_on_disk(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path``, opened or saved here, is gone since: someone removed it,
        and writing it again silently would undo what they meant."""
        real = _real(path)
        return real in self.owned and not os.path.lexists(real)

    def is_example(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` lies in a bundled examples folder."""
        real = _real(path)
        return any(real == folder or folder in real.parents for folder in self.read_only)

    def verdict(self, text: str, scenario: bool = True) -> Verdict:
        """What saving to ``text`` (as typed: ``~`` expanded) may do. ``scenario``:
        what is saved is a scenario, which replaces only a scenario file (the log's
        export passes False: it replaces only what this session wrote)."""
        path = Path(text.strip()).expanduser()
        if not text.strip():
            return Verdict("refuse", path, _("give a file name"))
        if self.is_example(path):
            return Verdict("refuse", path, _("bundled examples are read-only: save the copy elsewhere"))
        if path.is_dir():
            if _real(path) in self.owned:  # the file opened here: a folder took its place
                return Verdict("refuse", path, _("{path} is now a folder, not the file it was: save the scenario "
                                                 "elsewhere", path=path))
            return Verdict("refuse", path, _("is a folder: give a file name"))
        if self.is_journal(path):
            return Verdict("refuse", path, _("{path} is the encounter journal: a scenario never goes there",
                                             path=path))
        if not_a_place(path):
            return Verdict("refuse", path, _("{path} is a pipe or a device, no file to save to: give a file name",
                                             path=path))
        if self.deleted_on_disk(path):
            return Verdict("ask", path, _("{path} was deleted on disk since gunline last opened or saved it",
                                          path=path))
        missing = _missing_folder(path)
        if missing is not None:  # refused in the line, what was typed kept to mend
            return Verdict("refuse", path, missing)
        if not path.exists():
            return Verdict("write", path)
        if write_protected(path):
            return Verdict("refuse", path, _("{path} is read-only: give another file, or make it writable first",
                                             path=path))
        if scenario:
            unlike = not_a_scenario(path)
            if unlike is not None:
                return Verdict("refuse", path, _("{path} is not a scenario ({why}): a scenario is saved only over "
                                                 "a scenario file", path=path, why=unlike))
        if _real(path) not in self.owned:
            return Verdict("ask", path, _("{path} exists and was not opened or saved in this session", path=path))
        if self.changed_on_disk(path):
            return Verdict("ask", path, _("{path} changed on disk since gunline last opened or saved it", path=path))
        return Verdict("write", path)

    def is_journal(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` is the encounter journal or one of SQLite's files beside
        it (``-wal``, ``-shm``, ``-journal``)."""
        from gunline.journal.paths import journal_path  # not before the first frame: see test_import_hygiene

        real, journal = _real(path), _real(journal_path(self.journal)[0])
        return real.parent == journal.parent and real.name in {
            journal.name, *(journal.name + tail for tail in ("-wal", "-shm", "-journal"))}

    def write(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` atomically (a crash leaves the old file or the
        new one), making the folder first inside the data folder only."""
        from gunline.journal.atomic import write_atomic

        if not path.parent.exists() and (data_dir() in path.parents):
            path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
        self.opened(path)


def _missing_folder(path: Path) -> str | None:
    """Why ``path``'s folder cannot take it, if it cannot: it is not there (made only
    inside the data folder, see :meth:`Files.write`), or a file is where a folder on
    the way should be. Said before the write, so that the prompt keeps the path."""
    folder = path.parent
    if folder.is_dir() or data_dir() in path.parents:
        return None
    there = next((p for p in folder.parents if p.exists()), None) if not folder.exists() else folder
    if there is not None and not there.is_dir():
        return _("{path} is a file, not a folder: give another place", path=there)
    return _("there is no folder {folder}: make it first, or give another place", folder=folder)


def not_a_place(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is no place to save a scenario: there and no regular file or
    folder (a named pipe, a device), or a process's file descriptor (``/dev/fd/63``
    from ``gunline <(cat a.toml)``, gone or not), which a write would not keep."""
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            return True
    except OSError:
        pass
    folder = os.path.realpath(os.path.dirname(os.path.abspath(os.path.expanduser(os.fspath(path)))))
    return folder == "/dev/fd" or re.fullmatch(r"/proc/(self|\d+)/fd", folder) is not None


def write_protected(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is read-only: this user may not write it, or it
    has no write permission for anyone (``chmod a-w``, a GM keeping a campaign's file
    as it is; root may write anything). A save renames a new file over the old one,
    which needs only the folder writable: it would replace such a file unasked, where
    an editor refuses."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISREG(mode) and (not mode & 0o222 or not os.access(path, os.W_OK))


def _real(path: str | os.PathLike[str]) -> Path:
    return Path(os.path.realpath(os.path.expanduser(os.fspath(path))))


def fingerprint(path: Path) -> str | None:
    """A SHA-256 of the file's text as the app reads it (None: not a regular file, or
    unreadable); of its bytes when it is not UTF-8. A digest, not the time and size:
    a file rewritten within the same second, to the same length, is still told apart.
    Text rather than bytes, so that a restored draft's file is compared with the text
    the draft was made from (:func:`text_fingerprint`), line ends as Python reads them."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            raw = f.read(MAX_SCENARIO_BYTES + 1)
    except OSError:
        return None
    try:
        return text_fingerprint(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return "bytes:" + hashlib.sha256(raw).hexdigest()


def text_fingerprint(text: str) -> str:
    """The fingerprint of a file whose text, as read, is ``text``."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: What a SQLite database (the journal among them) starts with.
SQLITE_MAGIC = b"SQLite format 3\x00"
#: A scenario has at least one of these (or nothing at all: a file just made).
SCENARIO_KEYS = ("ruleset", "shooter", "weapon", "targets")


def not_a_scenario(path: Path) -> str | None:
    """Why the existing file ``path`` is no scenario (a SQLite database, not text,
    not TOML, TOML with none of :data:`SCENARIO_KEYS`), or None when it is one, is
    empty, or is no regular file (writing refuses a device or a pipe on its own; one
    is never read here, where a pipe would wait forever)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            raw = f.read(MAX_SCENARIO_BYTES + 1)
    except OSError as exc:
        return _("cannot be read: {error}", error=exc.strerror or exc)
    if raw.startswith(SQLITE_MAGIC):
        return _("an SQLite database")
    if len(raw) > MAX_SCENARIO_BYTES:
        return _("larger than any scenario")
    try:
        from gunline.tomltext import loads

        doc = loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        return _("not UTF-8 text")
    except (tomllib.TOMLDecodeError, RecursionError):
        return _("not TOML")
    if doc and not any(key in doc for key in SCENARIO_KEYS):
        return _("TOML with no ruleset, shooter, weapon or targets")
    return None


# -- keeping a file's comments ---------------------------------------------------------
def scenario_text(doc: dict[str, Any], original: str | None = None) -> str:
    """The TOML of ``doc``: ``original`` (the file's text as read) with only what
    changed rewritten, so comments, key order and layout stay; a new file is laid
    out as the bundled examples are (settings, then ``[shooter]``, ``[weapon]``,
    ``[[targets]]``)."""
    import tomlkit

    if original is not None:
        try:
            document = tomlkit.parse(original)
        except Exception:  # not TOML after all: write it anew
            document = None
        if document is not None:
            _merge(document, doc)
            return _tidy(tomlkit.dumps(document))
    return _tidy(tomlkit.dumps(_laid_out(doc)))


def _tidy(text: str) -> str:
    """One blank line at most between parts (a removed target leaves its gap), and
    one newline at the end."""
    return re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"


def _laid_out(doc: dict[str, Any]) -> Any:
    import tomlkit

    out = tomlkit.document()
    _merge(out, doc)
    return out


def _table(value: dict[str, Any], gap: bool = False) -> Any:
    """A ``[table]`` (or an item of ``[[tables]]``); tables inside it are written
    inline (``armor = { general = 1 }``), as scenario files write them. ``gap``: a
    blank line before it, as between the targets of a hand-written file."""
    import tomlkit

    table = tomlkit.table()
    for key, item in value.items():
        table[_key(key)] = _inline(item)
    if gap:
        table.trivia.indent = "\n"
    return table


def _inline(value: Any) -> Any:
    """A value inside a table: tables (and tables in lists) inline, strings escaped
    as :func:`_string` escapes them."""
    import tomlkit

    if isinstance(value, dict):
        inline = tomlkit.inline_table()
        for key, item in value.items():
            inline[_key(key)] = _inline(item)
        return inline
    if isinstance(value, list):
        array = tomlkit.array()
        for item in value:
            array.append(_inline(item))
        return array
    if isinstance(value, str):
        return _string(value)
    return value


def _string(text: str) -> Any:
    """``text`` as a TOML string escaped as core's writer escapes it
    (:func:`gunline.tomlwrite.escaped`): tomlkit writes C1 controls and the bidi and
    other format characters raw, which the terminal that shows the file obeys or
    hides; escaped, the file holds the same value and prints as it is."""
    from tomlkit.items import String, StringType, Trivia

    from gunline.tomlwrite import escaped

    return String(StringType.SLB, text, escaped(text), Trivia())


def _key(key: str) -> Any:
    """A key as tomlkit writes it, or quoted and escaped as :func:`_string` escapes
    a value when it holds anything core's writer escapes (a model's name on the map
    is a key)."""
    from tomlkit.items import KeyType, SingleKey

    from gunline.tomlwrite import escaped

    body = escaped(key)
    return key if body == key else SingleKey(key, KeyType.Basic, original=f'"{body}"')


def _table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _merge(node: Any, wanted: dict[str, Any], top: bool = True) -> None:
    """Make the tomlkit container ``node`` hold ``wanted``, touching only what
    differs: keys gone are removed, changed values set (a trailing comment kept),
    tables and arrays of tables merged item by item. ``top``: ``node`` is the
    document, where a new table is a ``[table]``; deeper, tables are inline."""
    import tomlkit

    for key in [k for k in node if k not in wanted and _plain(node[k]) not in ([], {})]:
        del node[key]  # an empty list or table the file wrote (variants = []) stays
    for key, value in wanted.items():
        if key not in node:
            if top and isinstance(value, dict):
                node[_key(key)] = _table(value, gap=True)
            elif top and _table_list(value):
                array = tomlkit.aot()
                for item in value:
                    array.append(_table(item, gap=True))
                node[_key(key)] = array
            else:
                node[_key(key)] = _inline(value)
            continue
        current = node[key]
        if isinstance(value, dict) and isinstance(current, dict):
            _merge(current, value, top=False)
        elif _table_list(value) and isinstance(current, tomlkit.items.AoT):
            _merge_tables(node, current, value)
        elif _table_list(value) and isinstance(current, tomlkit.items.Array) and _plain(current) != value:
            node[key] = _merge_inline_tables(current, value)
        elif _plain(current) != value:
            comment = getattr(getattr(current, "trivia", None), "comment", "")
            node[key] = _inline(value)
            if comment:
                node[key].comment(comment.lstrip("# ").rstrip())


def _merge_tables(node: Any, current: Any, wanted: list[dict[str, Any]]) -> None:
    """Make the array of tables ``current`` (``[[targets]]``, in the container
    ``node``) hold ``wanted``: each wanted table merged into the file's table it is
    (:func:`_same_tables`), and each table's own comments go where it goes (those
    above its header, on it and in it), so that moving, removing or adding a target
    leaves every other one its comments. The blank lines between tables stay where
    they were, as does what lies above whatever follows the last table."""
    tables = list(current.body)
    pairs = _same_tables([t.unwrap() for t in tables], wanted)
    if pairs == list(range(len(tables))):  # the same tables in the same places
        for table, item in zip(tables, wanted):
            _merge(table, item, top=False)
        return
    from tomlkit.items import Table

    body = (node.value if isinstance(node, Table) else node).body
    at = next((i for i, (_, item) in enumerate(body) if item is current), None)
    gap, lead = _cut(*_end_of(body, at)) if at is not None else ("", "")
    gaps, leads = [gap], [lead]
    for table in tables:  # above the next one; after the last: above what follows
        gap, lead = _cut(*_end_of(table.value.body))
        gaps.append(gap)
        leads.append(lead)
    below = gaps.pop() + leads.pop()
    placed = []
    for place, (i, item) in enumerate(zip(pairs, wanted)):
        if i is None:
            table = _table(item)
        else:
            table = tables[i]
            _merge(table, item, top=False)
        gap = gaps[place] if place < len(gaps) else "\n"
        table.trivia.indent = gap + (leads[i] if i is not None else "") + table.trivia.indent
        placed.append(table)
    current[:] = placed
    if below:
        import tomlkit

        end, _ = _end_of(placed[-1].value.body)
        end.extend(tomlkit.parse(below).body)


def _merge_inline_tables(current: Any, wanted: list[dict[str, Any]]) -> Any:
    """The array of inline tables ``current`` (``targets = [{...}, ...]``) made to
    hold ``wanted``, as :func:`_merge_tables` does it for ``[[tables]]``: each table
    merged into the file's one it is, taking with it its comment lines above and the
    comment after it; the array's other lines and its spacing stay where they were.
    A new array, written plainly, when the file's would not read back as ``wanted``."""
    from tomlkit.items import Array, Comment, InlineTable, Null, Whitespace

    gaps: list[list[Any]] = [[]]
    leads: list[list[Any]] = []
    units: list[Any] = []
    for group in (g for g in current._value if g):  # (indent, value, comma, comment)
        if isinstance(group.value, InlineTable):
            lead: list[Any] = []
            while gaps[-1] and gaps[-1][-1].comment is not None and "\n" in getattr(gaps[-1][-1].indent, "s", ""):
                lead.insert(0, gaps[-1].pop())  # a comment line of its own, right above
            leads.append(lead)
            units.append(group)
            gaps.append([])
        elif group.value is None or isinstance(group.value, Null):  # a comment line, or lines
            gaps[-1].append(group)
        else:
            return _inline(wanted)
    if not units:
        return _inline(wanted)
    end = gaps.pop()
    trailing_comma = units[-1].comma is not None
    items: list[Any] = []

    def put(*parts: Any) -> None:
        for part in parts:
            if part is None:
                continue
            if items and isinstance(items[-1], Comment) and "\n" not in getattr(part, "s", ""):
                items.append(Whitespace("\n"))  # nothing after a comment on its line
            items.append(part)

    for place, (i, item) in enumerate(zip(_same_tables([u.value.unwrap() for u in units], wanted), wanted)):
        indent = units[min(place, len(units) - 1)].indent
        for group in (gaps[place] if place < len(gaps) else []) + (leads[i] if i is not None else []):
            put(*group)
        if i is None:
            value, comma, comment = _inline(item), None, None
        else:
            value, comma, comment = units[i].value, units[i].comma, units[i].comment
            _merge(value, item, top=False)
        if place < len(wanted) - 1 or trailing_comma:
            comma = comma or Whitespace(",")
        else:
            comma = None
        put(indent and Whitespace(indent.s), value, comma, comment)
    for group in end:
        put(*group)
    if items and isinstance(items[-1], Comment):
        items.append(Whitespace("\n"))
    array = Array(items, current.trivia)
    try:
        kept = tomllib.loads(f"x = {array.as_string()}")["x"] == wanted
    except tomllib.TOMLDecodeError:
        kept = False
    return array if kept else _inline(wanted)


def _same_tables(have: list[Any], wanted: list[dict[str, Any]]) -> list[int | None]:
    """For each wanted table, the index of the file's table it is (None: a new one).
    The file's table equal to it, else the one of its name, else (a table renamed
    and changed) the first one left that shares a value with it, or that holds
    nothing but a name, as it does."""
    left = list(range(len(have)))
    pairs: list[int | None] = [None] * len(wanted)

    def named(old: Any, new: dict[str, Any]) -> bool:
        return isinstance(old, dict) and isinstance(new.get("name"), str) and old.get("name") == new["name"]

    def alike(old: Any, new: dict[str, Any]) -> bool:
        mine = {k: v for k, v in new.items() if k != "name"}
        theirs = {k: v for k, v in old.items() if k != "name"} if isinstance(old, dict) else {}
        return any(k in theirs and theirs[k] == v for k, v in mine.items()) or not (mine or theirs)

    for same in (lambda old, new: old == new, named, alike):
        for j, item in enumerate(wanted):
            if pairs[j] is None:
                i = next((i for i in left if same(have[i], item)), None)
                if i is not None:
                    pairs[j] = i
                    left.remove(i)
    return pairs


#: Items that are a file's lines rather than its values.
def _note(entry: tuple[Any, Any]) -> bool:
    from tomlkit.items import Comment, Whitespace

    return entry[0] is None and isinstance(entry[1], (Comment, Whitespace))


def _end_of(body: list[Any], end: int | None = None) -> tuple[list[Any], int]:
    """Where the lines above what follows ``body[:end]`` are kept: tomlkit keeps
    the comments above a table's header at the end of what comes before it (the
    table before, or the last table inside that one)."""
    from tomlkit.items import AoT, Table

    end = len(body) if end is None else end
    while end:
        key, last = body[end - 1]
        if key is None:
            break
        if isinstance(last, AoT) and len(last):
            body = last.body[-1].value.body
        elif isinstance(last, Table):
            body = last.value.body
        else:
            break
        end = len(body)
    return body, end


def _cut(body: list[Any], end: int) -> tuple[str, str]:
    """Take out the lines just before ``body[end]``, as text: the blank lines
    (``gap``), then the block of comments right above (``lead``, with any blank
    line between it and what follows). Blanked in place, not removed: the
    container's index of its keys stays right."""
    from tomlkit.items import Comment, Whitespace

    start = end
    while start and _note(body[start - 1]) and isinstance(body[start - 1][1], Whitespace):
        start -= 1
    first = start
    while first and _note(body[first - 1]) and isinstance(body[first - 1][1], Comment):
        first -= 1
    if first == start:  # no comment: blank lines only
        first = end
    gap = first
    while gap and _note(body[gap - 1]) and isinstance(body[gap - 1][1], Whitespace):
        gap -= 1
    text = ["".join(item.as_string() for _, item in body[a:b]) for a, b in ((gap, first), (first, end))]
    body[gap:end] = [(None, Whitespace(""))] * (end - gap)
    return text[0], text[1]


def _plain(value: Any) -> Any:
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if unwrap is not None else value


def read_text(path: str | os.PathLike[str]) -> str | None:
    """A file's text, for keeping its layout when it is saved (None if unreadable)."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None

