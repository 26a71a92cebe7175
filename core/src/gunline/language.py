"""The games in their own language: message catalogues and the language in use.

Every label, step text and status gunline shows comes from a gettext catalogue. Each
Python package that speaks to the GM (core, the app, every ruleset plugin) has its
own *domain*, named after the package, with compiled catalogues shipped as package
data::

    gunline_necromunda/locale/gunline_necromunda.pot        what there is to say
    gunline_necromunda/locale/ru/LC_MESSAGES/gunline_necromunda.po / .mo

A module says something through its package's :class:`Messages`::

    from gunline.language import Messages

    _ = Messages("gunline_necromunda")
    _n = _.n

    _("needs {need}+ to hit", need=5)       # "нужно 5+ для попадания" in Russian
    _n("{n} hit", "{n} hits", hits, n=hits)  # the plural the language wants

The message is the English text with ``{name}`` placeholders (never an f-string:
the catalogue's key must be the same whatever the values); the values are filled
in after translation. English needs no catalogue.

The language is chosen once per command (``--lang``, else ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, as gettext reads them) and read when a text is made,
so a hook's texts are in the language of the command that ran it. JSON keeps its
keys, kinds and statuses in English; ``--json`` speaks English unless ``--lang``
is given.

``python -m gunline.catalogues`` (with Babel installed) extracts a package's
messages and keeps its catalogues in step; see docs/plugins.md.
"""

from __future__ import annotations

import _thread
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import gettext

T = TypeVar("T")

#: The language every message is written in, and the one used when no catalogue has
#: the text.
SOURCE = "en"
#: The languages gunline ships catalogues for (a plugin may ship more, or fewer).
SHIPPED = ("en", "ru", "tr")
#: Environment variables read for the language, in gettext's order.
ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: The language that a command set for itself; texts are made in it.
_language = SOURCE
_lock = _thread.allocate_lock()  # threading.Lock, without importing threading (--help needs none)


def language() -> str:
    """The language texts are being made in (``en``, ``ru``, ``tr`` ...)."""
    return _language


def normalise(tag: str) -> str:
    """``ru_RU.UTF-8`` → ``ru``; ``tr-TR`` → ``tr``; ``C``, ``POSIX`` and an empty
    tag → English."""
    tag = tag.strip().split(".")[0].split("@")[0].replace("-", "_")
    if tag in ("", "C", "POSIX"):
        return SOURCE
    return tag.split("_")[0].lower()


def choose(asked: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language a command speaks: ``asked`` (``--lang``) if given, else the
    first language the environment names (``LANGUAGE`` may list several,
    ``ru:en``) that gunline ships, else English."""
    if asked:
        return normalise(asked)
    env = os.environ if env is None else env
    for var in ENV:
        value = env.get(var, "")
        if not value:
            continue
        for tag in value.split(":"):
            lang = normalise(tag)
            if lang in SHIPPED:
                return lang
        if var != "LANGUAGE":
            # LC_ALL/LC_MESSAGES/LANG set to a language gunline does not ship: English
            return SOURCE
    return SOURCE


def use(lang: str) -> None:
    """Make texts in ``lang`` from now on (the whole process)."""
    global _language
    _language = normalise(lang)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Make texts in ``lang`` inside the block (tests, and a column of another
    language); the language before it is restored after."""
    global _language
    before = _language
    _language = normalise(lang)
    try:
        yield
    finally:
        _language = before


class Messages:
    """The catalogues of one package (its gettext domain): call it to translate.

    Catalogues are read when first needed, once per language; a language the
    package has no catalogue for speaks English."""

    def __init__(self, package: str) -> None:
        self.package = package
        self._catalogues: dict[str, gettext.NullTranslations] = {}
        self._memo: dict[tuple[int, str], Any] = {}

    def __repr__(self) -> str:
        return f"Messages({self.package!r})"

    def catalogue(self, lang: str | None = None) -> gettext.NullTranslations:
        """The compiled catalogue for ``lang`` (default: the language in use)."""
        lang = _language if lang is None else lang
        found = self._catalogues.get(lang)
        if found is None:
            with _lock:
                found = self._catalogues.get(lang)
                if found is None:
                    found = self._catalogues[lang] = _load(self.package, lang)
        return found

    def has(self, message: str, lang: str | None = None) -> bool:
        """Whether the catalogue of ``lang`` translates ``message``."""
        return message in _entries(self.catalogue(lang))

    def __call__(self, message: str, /, **values: Any) -> str:
        """``message`` in the language in use, ``{name}`` placeholders filled from
        ``values``."""
        if _language != SOURCE:
            message = self.catalogue().gettext(message)
        return message.format(**values) if values else message

    def n(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form of a message for ``count`` (one hit, 3 hits; Russian has
        three forms), placeholders filled from ``values``."""
        if _language != SOURCE:
            text = self.catalogue().ngettext(singular, plural, count)
        else:
            text = singular if count == 1 else plural
        return text.format(**values) if values else text

    def word(self, key: str, context: str | None = None) -> str | None:
        """A key of the data (``out_of_action``, ``rounds_left``) as this package's
        catalogue words it (the message is the key with spaces: ``out of action``),
        or None where it has no such message. With ``context`` (the field the value
        is of: ``range``), a message marked for that context (``C_("range",
        "long")``) is preferred: a long range and a long burst are two words in
        Russian."""
        message = key.replace("_", " ")
        if _language == SOURCE or not message:
            return message  # "" would be the catalogue's header
        catalogue = self.catalogue()
        entries = _entries(catalogue)
        if context is not None and f"{context}\x04{message}" in entries:
            return catalogue.pgettext(context, message)
        return catalogue.gettext(message) if message in entries else None

    def per_language(self, build: Callable[[], T]) -> Callable[[], T]:
        """``build()`` made once per language and kept: a table of texts or of
        labelled modifiers made at import time would be in one language forever."""
        key = id(build)

        def made() -> T:
            slot = (key, _language)
            try:
                return self._memo[slot]  # type: ignore[no-any-return]
            except KeyError:
                value = self._memo[slot] = build()
                return value

        return made


def _load(package: str, lang: str) -> gettext.NullTranslations:
    # gettext is imported here, when a catalogue is first read: a command in English
    # reads none, and importing gettext compiles its plural-forms parser
    import gettext

    if lang == SOURCE:
        return gettext.NullTranslations()
    # the package's folder, found without importlib.resources (a tenth of a
    # command's start-up): every package gunline loads is a folder of files
    try:
        module = sys.modules.get(package) or importlib.import_module(package)
        folders = list(getattr(module, "__path__", ()))
    except ImportError:
        return gettext.NullTranslations()
    for folder in folders:
        path = os.path.join(folder, "locale", lang, "LC_MESSAGES", f"{package}.mo")
        try:
            with open(path, "rb") as handle:
                return gettext.GNUTranslations(handle)
        except OSError:
            continue
    return gettext.NullTranslations()


def _entries(catalogue: gettext.NullTranslations) -> Mapping[Any, str]:
    """The messages a compiled catalogue holds (``_catalog``: gettext's own table;
    plural entries are keyed by ``(message, index)``)."""
    return getattr(catalogue, "_catalog", {})


def N_(message: str) -> str:
    """Marks a message to be extracted into the catalogue where it is not translated
    at once: a status or a field's name, which core words later with :func:`term`."""
    return message


def C_(context: str, message: str) -> str:
    """Marks a message said in a context (a value of the field ``context``), where the
    same English is worded otherwise elsewhere: ``C_("range", "long")``."""
    return message


_packages: dict[str, Messages] = {}


def messages_of(package: str) -> Messages:
    """The one :class:`Messages` of ``package`` (core reads a plugin's this way:
    statuses, kinds and field names are the plugin's words)."""
    found = _packages.get(package)
    if found is None:
        found = _packages[package] = Messages(package)
    return found


#: Core's own messages.
_ = messages_of("gunline")
_n = _.n


def tell(message: str, packages: tuple[str, ...] = ()) -> str:
    """A whole message of a plugin said where core shows it (a field's title or
    description, a ruleset's title): the first of ``packages`` whose catalogue has
    it translates it, else core's, else it is shown as written."""
    if _language == SOURCE or not message:
        return message
    for package in (*packages, "gunline"):
        catalogue = messages_of(package).catalogue()
        if message in _entries(catalogue):
            return catalogue.gettext(message)
    return message


def term(key: str, packages: tuple[str, ...] = (), context: str | None = None) -> str:
    """A key of the data in words of the language in use: the first of
    ``packages`` (a ruleset's, its variants') whose catalogue has it, else core's,
    else the key with spaces (``out_of_action`` → ``out of action``). ``context``
    names the field a value is of (see :meth:`Messages.word`)."""
    for package in (*packages, "gunline"):
        said = messages_of(package).word(key, context)
        if said is not None:
            return said
    return key.replace("_", " ")
