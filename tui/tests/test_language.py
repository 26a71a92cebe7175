"""The app in the GM's language: its own words from its catalogue, the ruleset's
words (fields, choices, modes, statuses, kinds) from the ruleset's, through core.

Russian is written in Cyrillic, so a word in Latin letters left on a Russian screen
is a text no catalogue translated. What is not the app's own is left out of the
count: the GM's data (names typed in the scenario, the catalogue's weapons, file
names), names of rulesets, variants and plugins, key names, dice notation, and the
texts core and the plugins make (step texts, odds charts, the comparison table, the
map's legend), which their own catalogues translate. Turkish is written in Latin
letters: its texts are checked one by one, and the catalogue check covers the rest.
The language is the whole process's: every test restores it (``speaking``).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Input, OptionList

from gunline import discover
from gunline.language import language, speaking, term
from gunline.scenario import read_document
from gunline.testing.language import strings
from gunline_tui.app import make_app
from gunline_tui.encounter import state_text
from gunline_tui.screens.compare_view import CompareScreen
from gunline_tui.screens.dialogs import PickDialog, TextScreen
from gunline_tui.screens.main import MainScreen, help_text
from gunline_tui.testing import opened, run_async, screen_text, settle
from gunline_tui.widgets.form import ScenarioForm

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    "necromunda": ROOT / "examples" / "necromunda" / "missile-on-the-map.toml",
    "wod": ROOT / "examples" / "wod" / "four-targets-long-burst.toml",
    "fallout": ROOT / "examples" / "fallout" / "harry_on_the_hex_map.toml",
    "samurai": ROOT / "examples" / "samurai" / "ninja_and_bushido_master.toml",
}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]")
#: What is no word of the app's, whatever the language: keys as the key bar and help
#: write them (``^r``, ``ctrl+\\``, ``f12``), command lines, file names, dice
#: notation, ``p=`` before a chance.
NOT_WORDS = [
    r"\^\S+", r"(?i)\b(ctrl|shift|super)\+\S+", r"(?i)\bf\d+\b", r"^escape\b", r"\bgunline( [a-z]+)?\b",
    r"\b[a-z]+ --[a-z]+", r"--[a-z]+", r"\S+\.(toml|md)\b", r"\b\d*[dD]\d+\b", r"\bp=", r"▐X▌",
    r"\[[a-z0-9_.-]+\]", r"\([a-z0-9_.-]+\)",
]
#: Key names, formats and one-letter keys the texts name.
KEYS = {
    "Ctrl", "Shift", "Tab", "Enter", "Esc", "esc", "Backspace", "TOML", "Markdown", "SVG", "ADDRESS",
    "home", "end", "pgup", "pgdn", "space", "tab", "super", "delete", "backspace", "enter", "escape", "insert",
    *"avdxkjynqPQLZR",
}


@pytest.fixture(scope="module")
def registry():
    return discover()


@pytest.fixture(autouse=True)
def same_seed(fixed_seed):
    """The same chain on every run."""


def not_ours(registry, app) -> set[str]:
    """Words on screen that are not the app's: the scenario's and the catalogue's
    data, the names of rulesets, variants and plugins, and what core and the
    plugins said (in the language in use)."""
    from gunline.mapdraw import draw
    from gunline.odds import chart

    main = app.main
    texts = [*strings(main.model.doc), *registry.plugins, *registry.rulesets]
    texts += [plugin.declaration.title for plugin in registry.rulesets.values()]  # a game's name
    name = main.model.doc.get("ruleset")
    if name in registry.rulesets:
        rules = registry.ruleset(name)
        texts += [*strings(rules.catalogue), *rules.modes]
        for variant in registry.variants_for(name).values():
            texts.append(variant.declaration.description)  # a plugin's text
        form = main.query_one(ScenarioForm)
        for spec in form.specs.values():
            texts += [spec.hint(), spec.description]  # core's words for a type, the plugin's meaning
    chain = main.chain
    if chain is not None:
        for step in chain.steps:
            texts += [step.text, step.source, *(m.label for m in step.modifiers), *(m.source for m in step.modifiers)]
            texts += [*(r.label for r in step.rolls), *(r.need or "" for r in step.rolls)]
            for state in (step.target_state, step.shooter_state, step.weapon_state):
                texts += list(strings(state or {}))  # core words a state (gunline.words)
        texts += list(chain.outcomes.values())
    attack = main.attack
    if attack is not None:
        texts += [m.text for m in attack.measures]
        if attack.map is not None:
            view = main.query_one("#map")
            texts += draw(attack.map, getattr(attack.shooter, "name", None), [t.name for t in attack.targets],
                          view.areas, 80, 20).legend
    if main.odds is not None:
        packages = registry.packages(main.odds.ruleset, main.odds.variants)
        for target in main.odds.targets.values():
            for made in chart.charts(target, 80, indent=2, words=packages):
                texts += [chart.heading(made), *(row.label for row in made.rows)]
    for screen in app.screen_stack:
        if isinstance(screen, CompareScreen):
            texts.append(screen.body_text())  # core's table and chart
    words: set[str] = set()
    for text in texts:
        words.update(LATIN_WORD.findall(str(text)))
    return words


def english_left(text: str, allowed: set[str]) -> list[str]:
    """The Latin-letter words of ``text`` that are the app's own, left in English."""
    left = []
    for line in text.splitlines():
        bare = line
        for pattern in NOT_WORDS:
            bare = re.sub(pattern, " ", bare)
        for word in LATIN_WORD.findall(bare):
            if word not in allowed and word not in KEYS:
                left.append(f"{word!r} in {line.strip()!r}")
    return left


def shown(app) -> str:
    """What the screen on show says (``screen_text``), with the placeholders of its
    empty fields, the options of its pick lists and the bottom pane's title."""
    parts = [screen_text(app)]
    for field in app.screen.query(Input):
        parts.append(str(field.placeholder))
    for options in app.screen.query(OptionList):
        parts += [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    bottom = app.screen.query("#bottom")
    if bottom:
        parts.append(str(bottom.first().border_title))
    return "\n".join(parts)


async def _every_screen(pilot, registry) -> list[tuple[str, str, set[str]]]:
    """The main screen, each pane below the chain, a line of the chain whole, the
    line under the form for every field, help, a pick list, a prompt, and the
    compare view: (where, text, the words that are not the app's)."""
    app = pilot.app
    out = []

    def look(where: str) -> None:
        out.append((where, shown(app), not_ours(registry, app)))

    await opened(pilot, odds=True)
    look("main screen")
    main = app.main
    form = main.query_one(ScenarioForm)
    lines = [str(form.describe_field(path)) for path in [*form.editors, *form.specs]]
    out.append(("the line under the form", "\n".join(lines), not_ours(registry, app)))
    for _pane in range(4):
        await pilot.press("f6")
        await settle(pilot)
        look(f"pane {main.query_one('#bottom').current}")
    await pilot.press("enter")  # the chain's first line, whole (the map has the focus now: back to the tree)
    app.set_focus(main.query_one("#chain-tree"))
    await pilot.press("down", "enter")
    await settle(pilot)
    look("a line of the chain")
    await pilot.press("escape")
    await pilot.press("f1")
    await settle(pilot)
    assert isinstance(app.screen, TextScreen)
    look("help")
    await pilot.press("escape")
    await pilot.press("f3")
    await settle(pilot)
    assert isinstance(app.screen, PickDialog)
    look("the encounter menu")
    await pilot.press("escape")
    await pilot.press("ctrl+o")
    await settle(pilot)
    look("the open dialog")
    await pilot.press("escape")
    await pilot.press("ctrl+backslash")
    await settle(pilot)
    assert isinstance(app.screen, CompareScreen)
    look("the compare view, empty")
    await pilot.press("a")
    await settle(pilot)
    for _ in range(100):
        if main.comparing.columns and main.comparing.columns[0].odds is not None:
            break
        await pilot.pause(0.05)
    app.screen.redraw()
    await settle(pilot)
    look("the compare view")
    await pilot.press("escape")
    app.action_show_help_panel()  # Textual's key panel, "Keys" in the command palette
    await settle(pilot)
    out.append(("the key panel", _key_panel(app), not_ours(registry, app)))
    app.action_hide_help_panel()
    commands = [f"{c.title}\n{c.help}" for c in app.get_system_commands(main)]
    out.append(("the command palette", "\n".join(commands), set()))
    return out


def _key_panel(app) -> str:
    from rich.console import Console
    from textual.widgets._key_panel import BindingsTable

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.screen.query_one(BindingsTable).render_bindings_table())
    return console.export_text()


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
@run_async
async def test_the_app_in_russian_leaves_none_of_its_words_in_english_odds_included(registry, ruleset):
    document = read_document(EXAMPLES[ruleset])
    with speaking("ru"):
        app = make_app(registry, file=str(EXAMPLES[ruleset]))
        async with app.run_test(size=(120, 40)) as pilot:
            seen = await _every_screen(pilot, registry)
    assert language() == "en"
    left = []
    for where, text, allowed in seen:
        left += [f"{where}: {word}" for word in english_left(text, allowed | set(_words(document)))]
    assert not left, "\n".join(sorted(set(left)))
    assert any(re.search("[а-яА-Я]", text) for _, text, _ in seen)


def _words(document: dict[str, Any]) -> set[str]:
    return {w for text in strings(document) for w in LATIN_WORD.findall(text)}


@run_async
async def test_russian_words_on_screen_odds_included(registry):
    """Concrete Russian: the key bar, the form (sections, a field and a choice in
    the ruleset's words), the chain, the help, a dialog, the compare view."""
    with speaking("ru"):
        app = make_app(registry, file=str(EXAMPLES["necromunda"]))
        async with app.run_test(size=(120, 40)) as pilot:
            await opened(pilot, odds=True)
            main = app.main
            keys = str(main.query_one("#keys").render())
            assert "^r Разыграть" in keys and "f1 Справка" in keys and "^q Выход" in keys
            text = screen_text(app)
            for said in ("Атака", "Стрелок", "Оружие", "Цели (3)", "✓ сценарий верен", "режим огня",
                         "из каталога", "кубики: "):
                assert said in text, said
            form = main.query_one(ScenarioForm)
            packages = registry.packages("necromunda")
            cover, none = term("cover", packages), term("none", packages)  # the ruleset's words
            assert re.fullmatch("[а-яё ]+", cover) and re.fullmatch("[а-яё ]+", none)
            assert form.labels["targets[0].cover"] == cover  # a field's name
            assert str(form.editors["targets[0].cover"].render()).startswith(f"‹ {none} ›")  # a choice's value
            assert str(form.describe_field("mode")).startswith("Режим огня · ")
            assert "Карта (F6: дальше)" in str(main.query_one("#bottom").border_title)  # the map came up
            await pilot.press("f1")
            await settle(pilot)
            page = "\n".join(str(w.render()) for w in app.screen.query("Static"))
            assert "Клавиши (также в палитре команд, Ctrl+P)" in page
            assert "Только в палитре команд (Ctrl+P)" in page and "Esc — закрыть · стрелки — прокрутка" in page
            await pilot.press("escape", "f3")
            await settle(pilot)
            menu = shown(app)
            assert "Стычка (не выбрана)" in menu and "выбрать или начать стычку…" in menu
            await pilot.press("escape", "ctrl+backslash")
            await settle(pilot)
            assert "Столбцов пока нет." in screen_text(app)
            await pilot.press("a")
            await settle(pilot)
            assert "Сравнить · necromunda · 1 столбец" in screen_text(app)
            palette = {c.title: c.help for c in app.get_system_commands(main)}
            assert palette["Тема"] == "Сменить тему оформления"
            assert palette["Разыграть (ctrl+r)"] == "разыграть с новыми кубиками (новое зерно); пишется в лог"
            assert palette["Оставить столбцом"].startswith("оставить сценарий")
    assert language() == "en"


@run_async
async def test_a_choice_is_worded_as_a_value_of_its_field(registry):
    """A ruleset marks a value whose word depends on the field with the field as
    context (``C_("range", "long")``): the form words the choice so, as core does,
    and as the hint and the undo log do. A long *range* is «дальняя», a long
    *burst* (the fire mode, the same English word) «длинная»; the form showed
    «длинная» for the range, and a value marked only with its context in English."""
    with speaking("ru"):
        app = make_app(registry, file=str(EXAMPLES["wod"]))
        async with app.run_test(size=(120, 40)) as pilot:
            await opened(pilot)
            form = app.main.query_one(ScenarioForm)
            packages = registry.packages("wod")
            far, lengthy = term("long", packages, "range"), term("long", packages)
            assert far != lengthy  # the catalogue has both words
            assert str(form.editors["targets[0].range"].render()).startswith(f"‹ {far} ›")
            assert far in form._hint(form.specs["targets[0].range"]).split("|")
    assert language() == "en"


@run_async
async def test_turkish_words_on_screen(registry):
    with speaking("tr"):
        app = make_app(registry, file=str(EXAMPLES["necromunda"]))
        async with app.run_test(size=(120, 40)) as pilot:
            await opened(pilot)
            main = app.main
            keys = str(main.query_one("#keys").render())
            assert "^r Çöz" in keys and "f1 Yardım" in keys and "^s Kaydet" in keys
            text = screen_text(app)
            for said in ("Saldırı", "Atıcı", "Silah", "Hedefler (3)", "✓ geçerli senaryo", "atış modu",
                         "katalogdan", "zarlar: "):
                assert said in text, said
            form = main.query_one(ScenarioForm)
            cover = term("cover", registry.packages("necromunda"))
            assert cover != "cover" and form.labels["targets[0].cover"] == cover  # the ruleset's word
            assert form.field_words("targets[0].cover") == f"Hedef 1 · {cover}"
            await pilot.press("f1")
            await settle(pilot)
            assert "Tuşlar (komut paletinde de, Ctrl+P)" in "\n".join(
                str(w.render()) for w in app.screen.query("Static"))
            palette = {c.title for c in app.get_system_commands(main)}
            assert {"Tema", "Çöz (ctrl+r)", "Sütun olarak tut"} <= palette
    assert language() == "en"


def test_plural_forms_follow_the_count():
    with speaking("ru"):
        said = [state_text("бой", None, n).plain.split(" · ")[1].split("\n")[0] for n in (1, 2, 5, 21)]
        assert said == ["1 запись", "2 записи", "5 записей", "21 запись"]
    with speaking("tr"):
        assert state_text("dövüş", None, 2).plain.startswith("karşılaşma dövüş · 2 kayıt")
    assert state_text("pit", None, 2).plain.startswith("encounter pit · 2 entries")
    assert state_text("pit", None, 1).plain.startswith("encounter pit · 1 entry")


@run_async
async def test_english_is_intact_after_another_language(registry):
    """English before and after Russian and Turkish: the same screen, the same help,
    the same keys (nothing was kept in the language used in between)."""

    async def english() -> tuple[str, str, str]:
        app = make_app(registry, file=str(EXAMPLES["wod"]))
        async with app.run_test(size=(80, 24)) as pilot:
            await opened(pilot)
            return screen_text(app), str(app.main.query_one("#keys").render()), help_text().plain

    before = await english()
    for lang in ("ru", "tr"):
        with speaking(lang):
            app = make_app(registry, file=str(EXAMPLES["wod"]))
            async with app.run_test(size=(80, 24)) as pilot:
                await opened(pilot)
                assert screen_text(app) != before[0]
            assert help_text().plain != before[2]
    after = await english()
    assert after == before
    assert "^r Resolve" in after[1] and "Keys (also in the command palette, Ctrl+P)" in after[2]
    assert isinstance(MainScreen.BINDINGS[0].description, str) and MainScreen.BINDINGS[0].description == "Resolve"


@run_async
async def test_longer_words_get_a_wider_label_column_and_the_key_bar_still_shows_quit(registry):
    """At 80×24 Russian labels («проверка боезапаса», «лёгкие ранения») are cut less:
    the form's label column is wider than English's; and the key bar, three lines,
    still ends with the key that quits, in every language."""
    for lang, wider in (("en", False), ("ru", True), ("tr", True)):
        with speaking(lang):
            app = make_app(registry, file=str(EXAMPLES["necromunda"]))
            async with app.run_test(size=(80, 24)) as pilot:
                await opened(pilot)
                grid = app.main.query_one("#form-grid")
                assert grid.has_class("-long-words") is wider, lang
                label = app.main.query(".field-label").first()
                assert label.outer_size.width == (17 if wider else 14), lang
                keys = app.main.query_one("#keys")
                said = str(keys.render())
                assert said.endswith(("^q Quit", "^q Выход", "^q Çık")), (lang, said)
                # every key, "^q" last, within the bar's lines (not cut off below them)
                wrapped = Text(said).wrap(app.console, keys.content_size.width)
                assert len(wrapped) <= keys.content_size.height, (lang, [str(line) for line in wrapped])
