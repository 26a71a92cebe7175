"""The app's words in the GM's language (see gunline.language).

The app's own texts are messages of the ``gunline_tui`` catalogue. What the rules
name (statuses, step kinds, state keys, fire modes, actions, a field's name and its
choices) is worded by the ruleset's catalogues, through core
(:func:`gunline.language.term`), with the stack's packages
(``Registry.packages``): the app never imports a plugin.

Texts made at import time (the key table, Textual's ``BINDINGS``) hold English
messages marked with ``N_`` and are translated where they are drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gunline.language import N_, SOURCE, language, messages_of, tell
from gunline.language import term as _term

__all__ = ["N_", "SpokenBindings", "_", "_n", "field_words", "said", "spoken", "term", "textual_words"]

_ = messages_of("gunline_tui")
_n = _.n

#: The packages whose catalogues word a ruleset's keys (``Registry.packages``), or
#: a function giving them: asked for only when the language is not English.
Packages = tuple[str, ...] | Callable[[], tuple[str, ...]]


def _packages(packages: Packages) -> tuple[str, ...]:
    return packages() if callable(packages) else packages


def term(key: str, packages: Packages = ()) -> str:
    """A key of the data (a status, a state key) in words, as core words it
    (:func:`gunline.language.term`: ``out_of_action`` → ``out of action`` in
    English); an empty key stays empty."""
    if not key:
        return key
    if language() == SOURCE:
        return key.replace("_", " ")
    return _term(key, _packages(packages))


def said(value: Any, packages: Packages = (), field: str | None = None) -> str:
    """A value of the data that the app shows as it is in English (a fire mode, a
    choice, a step's kind, a weapon's status: ``long_range`` stays ``long_range``)
    in the ruleset's words in another language; a choice of ``field`` (``range``)
    as a value of that field first (``C_("range", "long")``), as core words it."""
    text = str(value)
    if language() == SOURCE or not text:
        return text
    return _term(text, _packages(packages), field)


def spoken(text: str, packages: Packages = ()) -> str:
    """A text a plugin declared (a ruleset's title, a variant's or a field's
    description) in the language in use, where one of ``packages`` has it in its
    catalogue; else as written."""
    if not text or language() == SOURCE:
        return text  # the packages are not even asked for
    return tell(text, _packages(packages))


def field_words(name: str, label: str, title: str, packages: Packages = ()) -> str:
    """A field of the scenario as the form labels it: in English its title (else
    its name with spaces: ``label``); in another language the field's name in the
    ruleset's words (``term``), else its title as the catalogue has it, else as
    written."""
    if language() == SOURCE or not name:
        return label
    packages = _packages(packages)
    for package in (*packages, "gunline"):
        word = messages_of(package).word(name)
        if word is not None:
            return word
    return spoken(title, packages) if title else label


#: Textual's own texts the app shows: the command palette's system commands and its
#: input's placeholder, worded at draw time like the app's.
TEXTUAL = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
    N_("Search for commands…"),
    N_("palette"),
    # the keys of Textual's widgets, as its key panel ("Keys") lists them
    N_("Cursor to parent"), N_("Cursor to next ancestor"), N_("Cursor to previous sibling"),
    N_("Cursor to next sibling"), N_("Select"), N_("Toggle"), N_("Expand or collapse all"), N_("Cursor Up"),
    N_("Cursor Down"), N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"), N_("Scroll Right"),
    N_("Scroll Home"), N_("Scroll End"), N_("Page Up"), N_("Page Down"), N_("Page Left"), N_("Page Right"),
    N_("Move cursor left"), N_("Move cursor left and select"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"), N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"), N_("Move cursor right a word"), N_("Move cursor right a word and select"),
    N_("Delete character left"), N_("Select all"), N_("Go to start"), N_("Go to end"), N_("Select line start"),
    N_("Select line end"), N_("Delete character right"), N_("Submit"), N_("Delete left to start of word"),
    N_("Delete all to the left"), N_("Delete right to start of word"), N_("Delete all to the right"),
    N_("Cut selected text"), N_("Copy selected text"), N_("Paste text from the clipboard"), N_("Down"),
    N_("Last"), N_("First"), N_("Up"), N_("Focus Next"), N_("Focus Previous"),
    N_("Quit the app and return to the command prompt."), N_("Open the command palette"),
)


def textual_words(text: str) -> str:
    """One of Textual's own texts (:data:`TEXTUAL`) in the language in use; any
    other text as it is."""
    return _(text) if text in TEXTUAL else text


class SpokenBindings:
    """A screen whose keys are described in the language in use wherever Textual
    lists them (its key panel, from the command palette's "Keys"): a binding's
    description and tooltip are English messages (the app's, or Textual's in
    :data:`TEXTUAL`), worded as the bindings are read. Put before ``Screen`` among
    a screen's bases."""

    @property
    def active_bindings(self) -> Any:
        bindings = super().active_bindings  # type: ignore[misc]
        if language() == SOURCE:
            return bindings
        from dataclasses import replace

        def spoken(active: Any) -> Any:
            binding = active.binding
            description = _(binding.description) if binding.description else binding.description
            tooltip = _(binding.tooltip) if binding.tooltip else binding.tooltip
            return active._replace(binding=replace(binding, description=description, tooltip=tooltip),
                                   tooltip=tooltip)

        return {key: spoken(active) for key, active in bindings.items()}
