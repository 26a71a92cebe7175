"""Core's own words in Russian and Turkish: ``gunline compare`` and its charts, the
odds charts and the Monte Carlo note, the map's legend, ``gunline plugins``, the
journal (list, show, export) and the roster, and values in words. The toy ruleset
has no catalogue of its own: its statuses fall back on core's words where core has
them, else on the key with spaces. English stays as it was after another language
was spoken in between."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from gunline import Area, Battlefield
from gunline.cli import main
from gunline.journal.export import entry_markdown, state_markdown
from gunline.journal.models import EncounterState, Entry
from gunline.journal.roster_cli import _forgot, _kept
from gunline.language import SOURCE, speaking, use
from gunline.mapdraw import distance_words, draw
from gunline.models import PluginInfo
from gunline.odds import compute_odds
from gunline.odds.chart import charts, charts_text, heading
from gunline.odds.compare import build_comparison
from gunline.odds.compare_chart import comparison_charts_text
from gunline.odds.compare_render import comparison_text
from gunline.render import plugins_text
from gunline.scenario import build_attack
from gunline.words import fields, key_words, plain


@pytest.fixture(autouse=True)
def english_after():
    """``gunline --lang`` sets the language for the process: each test ends in English."""
    yield
    use(SOURCE)


def _odds(registry, doc, mode):
    return compute_odds(registry, build_attack(registry, dict(doc, mode=mode)))


@pytest.fixture
def comparison(registry, doc):
    made = build_comparison([("single.toml", [], _odds(registry, doc, "single")),
                             ("double.toml", ["toy.x"], _odds(registry, doc, "double"))])
    made.columns[1].variants = ["toy.x"]  # as a variant of that name would have it
    return made


# -- compare -----------------------------------------------------------------------------------
def test_compare_in_russian_and_turkish_then_english_as_before(comparison):
    english = comparison_text(comparison)
    charts_en = comparison_charts_text(comparison, 80)
    with speaking("ru"):
        ru = comparison_text(comparison).splitlines()
        ru_charts = comparison_charts_text(comparison, 80).splitlines()
    with speaking("tr"):
        tr = comparison_text(comparison).splitlines()
        tr_charts = comparison_charts_text(comparison, 80).splitlines()
    assert ru[0] == "toy — сравнены 2 сценария (точно)"
    assert ru[2] == "  2  double.toml  варианты: toy.x"
    assert ru[3] == "* — лучшее в строке, где ясно, что лучше; — — нет в этом сценарии"
    labels = [line.strip().rsplit(" ", 2)[0].strip() for line in ru[6:]]
    for word in ("попадание", "ранение", "состояние", "ожидаемое", "попадания", "ранения", "оружие",
                 "потрачено патронов (ожидаемо)"):
        assert any(label.startswith(word) for label in labels), word
    assert tr[0] == "toy — 2 senaryo karşılaştırıldı (kesin)"
    assert any(line.startswith("  isabet ") for line in tr) and any(line.startswith("silah") for line in tr)
    assert "  beklenen" in tr and "  durum" in tr
    assert ru_charts[0] == "диаграммы (по полосе на столбец, с его номером; состояние от 0 до 100%)"
    assert "  состояние:" in ru_charts and "  ожидаемое (полная полоса — 1.00):" in ru_charts
    assert any(line.startswith("    попадания ") for line in ru_charts)
    assert tr_charts[0] == "grafikler (her sütuna numarasıyla bir çubuk; durum %0 ile %100 arası)"
    assert "  beklenen (tam çubuk 1.00):" in tr_charts
    # English, after the others
    assert comparison_text(comparison) == english
    assert comparison_charts_text(comparison, 80) == charts_en
    assert english.splitlines()[0] == "toy — 2 scenarios compared (exact)"
    assert "  status" in english.splitlines() and "weapon" in english.splitlines()


@pytest.mark.parametrize(("n", "ru", "en"), [
    (1, "toy — сравнён 1 сценарий (точно)", "toy — 1 scenario compared (exact)"),
    (2, "toy — сравнены 2 сценария (точно)", "toy — 2 scenarios compared (exact)"),
    (5, "toy — сравнено 5 сценариев (точно)", "toy — 5 scenarios compared (exact)"),
])
def test_the_count_of_scenarios_takes_the_russian_plural(registry, doc, n, ru, en):
    odds = _odds(registry, doc, "single")
    made = build_comparison([(f"{i}.toml", [], odds) for i in range(n)])
    with speaking("ru"):
        assert comparison_text(made).splitlines()[0] == ru
    with speaking("tr"):
        assert comparison_text(made).splitlines()[0] == f"toy — {n} senaryo karşılaştırıldı (kesin)"
    assert comparison_text(made).splitlines()[0] == en


# -- odds: charts and the note ------------------------------------------------------------------
def test_odds_charts_in_russian_and_turkish(registry, doc):
    odds = _odds(registry, doc, "double")
    english = charts_text(odds, 80)
    with speaking("ru"):
        ru = charts_text(odds, 80).splitlines()
        assert [heading(c) for c in charts(odds.targets["Bo"], 80)] == ["состояние", "попадания", "ранения"]
    with speaking("tr"):
        tr = charts_text(odds, 80).splitlines()
    assert ru[0] == "диаграммы (точно; каждая полоса от 0 до 100%)"
    assert ru[1] == "Bo:" and ru[2] == "  состояние:" and "  попадания:" in ru and "  ранения:" in ru
    assert tr[0] == "grafikler (kesin; her çubuk %0 ile %100 arası)"
    assert "  durum:" in tr and "  isabetler:" in tr and "  yaralar:" in tr
    # the chart's title stays a key (the app colours by it), whatever the language
    with speaking("ru"):
        assert [c.title for c in charts(odds.targets["Bo"], 80)] == ["status", "hits", "wounds"]
    assert charts_text(odds, 80) == english
    assert english.splitlines()[:3] == ["charts (exact; each bar from 0 to 100%)", "Bo:", "  status:"]


def test_the_monte_carlo_note_says_why_in_the_language_in_use(registry, doc):
    attack = build_attack(registry, dict(doc, mode="single"))
    with speaking("ru"):
        ru = compute_odds(registry, attack, samples=200, jobs=1)
        asked = compute_odds(registry, attack, method="sample", precision=20, jobs=1)
        shown = charts_text(ru, 60).splitlines()[0]
    with speaking("tr"):
        tr = compute_odds(registry, attack, samples=200, jobs=1)
    en = compute_odds(registry, attack, samples=200, jobs=1)
    assert ru.note == "Монте-Карло: запрошено выборок: 200"
    assert asked.note.startswith("Монте-Карло: выборка запрошена; выборок: ")
    assert asked.note.endswith(", каждое число с точностью ±20 п. п. (95%)")
    assert shown == "диаграммы (Монте-Карло, выборок: 200; каждая полоса от 0 до 100%)"
    assert tr.note == "Monte Carlo: 200 örnek istendi"
    assert en.note == "Monte Carlo: 200 samples requested"


# -- the map's legend ---------------------------------------------------------------------------
@pytest.mark.parametrize(("q", "ru", "tr", "en"), [
    (1, "1 гекс", "1 altıgen", "1 hexes"),
    (3, "3 гекса", "3 altıgen", "3 hexes"),
    (5, "5 гексов", "5 altıgen", "5 hexes"),
    (11, "11 гексов", "11 altıgen", "11 hexes"),
    (21, "21 гекс", "21 altıgen", "21 hexes"),
])
def test_a_distance_on_hexes_in_words(q, ru, tr, en):
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Bo": (q, 0)})
    with speaking("ru"):
        assert distance_words(field, q) == ru
        assert f"· линия огня, {ru} до Bo" in draw(field, "Ann", ["Bo"]).text()
    with speaking("tr"):
        assert distance_words(field, q) == tr
    assert distance_words(field, q) == en == field.say(q)


def test_the_legend_in_russian_and_turkish_then_english_as_before():
    field = Battlefield(kind="yards", at={"Ann": (0, 0), "Bo": (30, 0), "Cy": (500, 0)},
                        walls=[((10, -5), (10, 5))])
    area = Area(shape="circle", label="blast", centre=(30, 0), radius=1.0)
    english = draw(field, "Ann", ["Bo"], [area], width=40, height=10).text()
    with speaking("ru"):
        ru = draw(field, "Ann", ["Bo"], [area], width=40, height=10).text()
    with speaking("tr"):
        tr = draw(field, "Ann", ["Bo"], [area], width=40, height=10).text()
    assert "@ Ann (стреляет)" in ru and "· линия огня, 30 ярд. до Bo" in ru and "# закрывает обзор" in ru
    assert "@ Ann (ateş ediyor)" in tr and "· ateş hattı, Bo hedefine 30 yarda" in tr and "# görüşü engeller" in tr
    assert draw(field, "Ann", ["Bo"], [area], width=40, height=10).text() == english
    assert "@ Ann (shooting)" in english and "· line of fire, 30 yd to Bo" in english
    assert "# blocks sight" in english


def test_a_model_off_the_drawing_or_under_another():
    field = Battlefield(kind="hex", at={"Ann": (0, 0), "Bo": (2, 0), "Cy": (2, 0), "Di": (60, 0)})
    with speaking("ru"):
        ru = draw(field, "Ann", ["Bo"], width=20, height=6).text()
    assert "C Cy (под B)" in ru and "D Di (за краем карты)" in ru
    english = draw(field, "Ann", ["Bo"], width=20, height=6).text()
    assert "C Cy (under B)" in english and "D Di (off the drawing)" in english


# -- gunline plugins ----------------------------------------------------------------------------
INFOS = [
    PluginInfo(name="toy", kind="ruleset", distribution="gunline-toy", version="1.0", description="A toy.",
               hooks=["build_pool", "resolve_hit"], actions=["reload"]),
    PluginInfo(name="toy.x", kind="variant", ruleset="toy", hooks=["resolve_hit"]),
    PluginInfo(name="bad", kind="broken", distribution="gunline-bad", version="0.1", error="ImportError: nope"),
]


def test_the_plugin_list_in_russian_and_turkish_then_english_as_before():
    args = (INFOS, ["toy.y"], {"toy.y": "GUNLINE_BLOCK_PLUGINS"}, {}, None, None, {"toy": ("gunline",)})
    english = plugins_text(*args)
    with speaking("ru"):
        ru = plugins_text(*args).splitlines()
    with speaking("tr"):
        tr = plugins_text(*args).splitlines()
    assert ru == [
        "правила  toy  (gunline-toy 1.0)",
        "         A toy.",
        "         хуки: build_pool, resolve_hit",
        "         действия: перезарядка",
        "вариант  toy.x для toy  (без дистрибутива)",
        "         хуки: resolve_hit",
        "СЛОМАН   bad  (gunline-bad 0.1)",
        "         ошибка: ImportError: nope",
        "отключён toy.y  (через GUNLINE_BLOCK_PLUGINS)",
        "(опробованы все установленные плагины: отмеченные СЛОМАН не используются; выбор — через "
        "GUNLINE_LOAD_PLUGINS или GUNLINE_BLOCK_PLUGINS)",
    ]
    assert tr[0] == "kurallar toy  (gunline-toy 1.0)" and tr[3] == "         eylemler: yeniden doldurma"
    assert tr[4] == "varyant  toy.x (toy için)  (dağıtım yok)" and tr[6] == "BOZUK    bad  (gunline-bad 0.1)"
    assert plugins_text(*args) == english
    assert english.splitlines()[:4] == [
        "ruleset  toy  (gunline-toy 1.0)", "         A toy.", "         hooks: build_pool, resolve_hit",
        "         actions: reload",
    ]
    assert "BROKEN   bad  (gunline-bad 0.1)" in english and "blocked  toy.y  (by GUNLINE_BLOCK_PLUGINS)" in english


def test_a_long_label_widens_the_column_for_every_line():
    conflicted = plugins_text(INFOS[:1], conflicts={"toy": "two plugins say toy"}, env={"GUNLINE_LOAD_PLUGINS": ""})
    with speaking("ru"):
        ru = plugins_text(INFOS[:1], conflicts={"toy": "two plugins say toy"}, env={"GUNLINE_LOAD_PLUGINS": ""})
    assert ru.splitlines() == [
        "действует GUNLINE_LOAD_PLUGINS='': не загружается ни один плагин",
        "КОНФЛИКТ toy  (gunline-toy 1.0)",
        "         A toy.",
        "         хуки: build_pool, resolve_hit",
        "         действия: перезарядка",
        "конфликт: two plugins say toy",
    ]
    assert conflicted.splitlines()[1] == "CONFLICT toy  (gunline-toy 1.0)"


# -- values in words, the journal ---------------------------------------------------------------
def test_values_and_keys_in_words():
    state = {"status": "out_of_action", "rounds_left": 3, "jammed": True, "spare": False, "ammo": []}
    english = fields(state, all_values=True)
    with speaking("ru"):
        assert plain(True) == "да" and plain(False) == "нет" and plain([]) == "нет" and plain(None) == "—"
        assert key_words("rounds_left") == "осталось патронов"
        # a status is worded too: here no catalogue has it, so it reads as the key with spaces
        assert fields(state, all_values=True) == [
            "состояние out of action", "осталось патронов 3", "jammed да", "spare нет", "боезапас нет",
        ]
    with speaking("tr"):
        assert plain(True) == "evet" and plain(False) == "hayır" and plain([]) == "yok"
        assert fields(state) == ["durum out of action", "kalan mermi 3", "jammed evet"]
    assert english == ["status out_of_action", "rounds left 3", "jammed yes", "spare no", "ammo none"]
    assert fields(state, all_values=True) == english


STATE = EncounterState(
    name="pit", created_at="2026-01-01T00:00:00+00:00",
    shooters={"Ann": {"status": "unharmed"}},
    weapons={"Ann": {"pistol": {"rounds_left": 1, "status": "ok"}}},
    targets={"Bo": {"status": "wounded", "wounds_left": 1}},
)
ENTRY = Entry(id=4, number=2, encounter="pit", at="2026-01-01T00:01:00+00:00", action="attack",
              summary="Ann fires pistol at Bo", ruleset="toy", seed=None, dice=[6, 1], undone_by=5,
              undone_by_number=3)


def test_the_state_and_an_entry_in_markdown():
    english = state_markdown(STATE) + entry_markdown(ENTRY)
    with speaking("ru"):
        ru = state_markdown(STATE) + entry_markdown(ENTRY)
    with speaking("tr"):
        tr = state_markdown(STATE) + entry_markdown(ENTRY)
    assert ru[0] == "| | имя | состояние |"
    assert "| стрелок | Ann | состояние unharmed |" in ru
    assert "| оружие | Ann: pistol | осталось патронов 1, состояние ok |" in ru
    assert "| цель | Bo | состояние wounded, wounds left 1 |" in ru
    assert "### #2 атака — 2026-01-01T00:01:00+00:00 _(отменено записью #3)_" in ru
    assert "- правила: toy; варианты: нет; кубики заданы" in ru and "- кубики: 6 1" in ru
    assert tr[0] == "| | ad | durum |" and "| atıcı | Ann | durum unharmed |" in tr
    assert "### #2 saldırı — 2026-01-01T00:01:00+00:00 _(#3 ile geri alındı)_" in tr
    assert "- kurallar: toy; varyantlar: yok; zarlar verildi" in tr
    assert state_markdown(STATE) + entry_markdown(ENTRY) == english
    assert "| target | Bo | status wounded, wounds left 1 |" in english
    assert "### #2 attack — 2026-01-01T00:01:00+00:00 _(undone by #3)_" in english
    with speaking("ru"):
        assert state_markdown(EncounterState(name="x", created_at="t")) == ["_Состояние ещё не сохранено._"]


def test_roster_sentences():
    with speaking("ru"):
        assert _kept("toy", "shooter", "'Ann'", "j.db") == "сохранён стрелок 'Ann' (toy) в j.db"
        assert _kept("toy", "target", "'Bo'", "j.db") == "сохранена цель 'Bo' (toy) в j.db"
        assert _forgot("toy", "weapon", "'pistol'") == "забыто оружие 'pistol' (toy)"
    with speaking("tr"):
        assert _kept("toy", "weapon", "'pistol'", "j.db") == "toy silahı 'pistol', j.db içine kaydedildi"
    assert _kept("toy", "weapon", "'pistol'", "j.db") == "kept toy weapon 'pistol' in j.db"
    assert _forgot("toy", "target", "'Bo'") == "forgot toy target 'Bo'"


SCENARIO = """ruleset = "toy"
mode = "double"
variants = ["toy.reload"]

[shooter]
name = "Ann"
skill = 4

[weapon]
name = "pistol"
rounds = 3

[[targets]]
name = "Bo"
wounds = 3
"""


@pytest.fixture
def journal(tmp_path, monkeypatch, registry):
    """A journal with encounter ``pit`` (an attack, a reload, an attack undone), as
    ``gunline`` makes it."""
    spec = importlib.util.spec_from_file_location("jl", Path(__file__).with_name("test_journal_ledger.py"))
    ledger_tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ledger_tests)
    registry.add("toy_reload", ledger_tests.reload_variant())
    monkeypatch.setattr("gunline.plugins.discover", lambda *a, **k: registry)
    monkeypatch.setenv("GUNLINE_JOURNAL", str(tmp_path / "j.db"))
    scenario = tmp_path / "ann.toml"
    scenario.write_text(SCENARIO)
    assert main(["resolve", str(scenario), "--dice", "6,1", "--encounter", "pit"]) == 0
    assert main(["journal", "reload", "pit"]) == 0
    assert main(["resolve", str(scenario), "--dice", "1,1", "--encounter", "pit"]) == 0
    assert main(["journal", "undo", "pit"]) == 0
    return scenario


def gunline(capsys, *argv):
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_journal_list_show_and_export_in_russian_and_turkish(journal, capsys):
    english = [gunline(capsys, *cmd) for cmd in (("journal", "list"), ("journal", "show", "pit"),
                                                 ("journal", "export", "pit"))]
    listed, shown, exported = (gunline(capsys, "--lang", "ru", *cmd) for cmd in (
        ("journal", "list"), ("journal", "show", "pit"), ("journal", "export", "pit")))
    assert listed.startswith("pit  (4 записи, последняя ")
    assert shown.startswith("стычка pit (начата ")
    assert "| цель | Bo | состояние wounded, wounds left 2 |" in shown
    assert " атака: Ann fires pistol (double) at Bo" in shown and "[отменено записью #4]" in shown
    assert " перезарядка: Ann reloads pistol" in shown and " отмена: undo #3" in shown
    assert exported.startswith("# Стычка: pit\n\nНачата ") and "\n## Состояние\n" in exported
    assert "\n## Журнал\n" in exported and "- правила: toy; варианты: toy.reload; кубики заданы" in exported
    assert gunline(capsys, "journal", "list", "--lang", "tr").startswith("pit  (4 kayıt, sonuncusu ")
    # English as it was, and --json in English whatever the environment says
    assert [gunline(capsys, *cmd) for cmd in (("journal", "list"), ("journal", "show", "pit"),
                                              ("journal", "export", "pit"))] == english
    assert english[0].startswith("pit  (4 entries, last ") and english[1].startswith("encounter pit (started ")
    assert "| target | Bo | status wounded, wounds left 2 |" in english[1]


def test_plural_entries_in_russian(journal, capsys, tmp_path):
    assert gunline(capsys, "--lang", "ru", "journal", "list").startswith("pit  (4 записи, последняя ")
    assert main(["resolve", str(journal), "--dice", "1,1", "--encounter", "pit"]) == 0
    assert gunline(capsys, "--lang", "ru", "journal", "list").startswith("pit  (5 записей, последняя ")
    single = tmp_path / "one.db"
    assert main(["resolve", str(journal), "--dice", "6,1", "--encounter", "one", "--journal", str(single)]) == 0
    assert gunline(capsys, "--lang", "ru", "journal", "list", "--journal", single).startswith("one  (1 запись, ")
    assert gunline(capsys, "journal", "list", "--journal", single).startswith("one  (1 entry, last ")
