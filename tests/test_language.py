"""The games in their own language: every text of every shipped example, in Russian,
comes from a catalogue; every catalogue is complete; JSON stays English.

Russian is written in Cyrillic, so a word in Latin letters left in a Russian chain,
odds table or comparison is a text that no catalogue translated (names typed in the
scenario and weapon names from a ruleset's catalogue excepted: those are the GM's
data). Turkish is written in Latin letters and cannot be told from English that way:
the catalogue check (every message of every package translated into every language
it ships) covers it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gunline import discover
from gunline.catalogues import check
from gunline.cli import take_language
from gunline.language import choose, language, speaking
from gunline.odds import compute_odds
from gunline.odds.render import odds_text
from gunline.render import chain_text
from gunline.runner import run
from gunline.scenario import load_attack, read_document
from gunline.testing.language import english_left, strings, words_of

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(ROOT.glob("plugins/*/src/*/examples/*.toml"))
#: Every package that speaks to the GM, with its catalogues.
PACKAGES = [
    ROOT / "core" / "src" / "gunline",
    ROOT / "tui" / "src" / "gunline_tui",
    *sorted(p for p in ROOT.glob("plugins/*/src/gunline_*") if p.is_dir()),
]
@pytest.fixture(scope="module")
def registry():
    return discover()


def _data_words(registry, path: Path) -> set[str]:
    """The GM's data: every string of the scenario (names, weapons) and of the
    ruleset's catalogue of weapons, split into words."""
    document = read_document(path)
    ruleset = registry.ruleset(document["ruleset"])
    return words_of([*strings(document), *strings(ruleset.catalogue)])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_example_speaks_russian(registry, path):
    """The chain (two seeds) and the odds of every example, in Russian, hold no
    English: each step text, modifier, roll, need, outcome, kind and status came
    from a catalogue."""
    allowed = _data_words(registry, path)
    left: list[str] = []
    with speaking("ru"):
        # loaded in Russian too: what the ruleset measures on the map is said then
        attack = load_attack(registry, path, [])
        packages = registry.packages(attack.ruleset, attack.variants)
        for seed in (1, 2):
            chain, _ = run(registry, attack, seed=seed, manual=False)
            left += english_left(chain_text(chain, packages), allowed)
        odds = compute_odds(registry, attack, method="exact", work=20_000, precision=5)
        left += english_left(odds_text(odds, packages), allowed)
    assert not left, "\n".join(sorted(set(left)))
    assert language() == "en"


@pytest.mark.parametrize("path", EXAMPLES[::9], ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_english_is_the_same_before_and_after_another_language(registry, path):
    """Texts made once per language (tables of modifiers, of needs) are kept per
    language: English after Russian and Turkish is English still."""
    attack = load_attack(registry, path, [])
    before = chain_text(run(registry, attack, seed=3, manual=False)[0])
    for lang in ("ru", "tr"):
        with speaking(lang):
            other = chain_text(run(registry, attack, seed=3, manual=False)[0])
        assert other != before
    assert chain_text(run(registry, attack, seed=3, manual=False)[0]) == before


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_catalogues_are_complete_and_in_step_with_the_code(package):
    """Every message the package's code says is in its template, translated into
    Russian and Turkish with the same placeholders, and compiled."""
    assert check(package) == []


def test_the_catalogue_check_finds_what_is_missing(tmp_path):
    """The check itself: a message said in code but not translated, a translation
    with other placeholders, a template behind the code, an old .mo — each named."""
    from gunline.catalogues import update

    package = tmp_path / "toy_speech"
    package.mkdir()
    (package / "__init__.py").write_text(
        'from gunline.language import messages_of\n_ = messages_of("toy_speech")\n'
        'A = _("needs {need}+ to hit", need=4)\nB = _("pinned")\n'
    )
    update(package, ("ru",))
    po = package / "locale" / "ru" / "LC_MESSAGES" / "toy_speech.po"
    problems = check(package)
    assert any("not translated: 'pinned'" in p for p in problems)
    text = po.read_text()
    text = text.replace('msgid "pinned"\nmsgstr ""', 'msgid "pinned"\nmsgstr "прижат"')
    text = text.replace('msgid "needs {need}+ to hit"\nmsgstr ""', 'msgid "needs {need}+ to hit"\nmsgstr "нужно {n}+"')
    po.write_text(text)
    problems = check(package)
    assert any("fills ['need'] but the translation" in p for p in problems)
    assert any("toy_speech.mo is not compiled" in p for p in problems)
    po.write_text(text.replace("нужно {n}+", "нужно {need}+"))
    update(package, ("ru",))
    assert check(package) == []
    (package / "more.py").write_text('from . import _\nC = _("out of ammo")\n')
    assert any("not in the template: 'out of ammo'" in p for p in check(package))


# -- choosing the language -------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "env", "expected"),
    [
        (None, {}, "en"),
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LANG": "tr_TR.UTF-8", "LC_MESSAGES": "ru_RU"}, "ru"),
        (None, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),
        (None, {"LANGUAGE": "fr:tr", "LANG": "ru_RU.UTF-8"}, "tr"),
        (None, {"LANGUAGE": "fr", "LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        ("tr", {"LANG": "ru_RU.UTF-8"}, "tr"),
        ("ru-RU", {}, "ru"),
    ],
)
def test_the_language_is_chosen_as_gettext_does(asked, env, expected):
    assert choose(asked, env) == expected


def test_lang_may_stand_anywhere_on_the_line():
    assert take_language(["odds", "f.toml", "--lang", "tr"]) == (["odds", "f.toml"], "tr")
    assert take_language(["--lang=ru", "resolve", "f.toml"]) == (["resolve", "f.toml"], "ru")
    assert take_language(["resolve", "--", "--lang"]) == (["resolve", "--", "--lang"], None)


def _gunline(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(env or {})
    return subprocess.run([sys.executable, "-m", "gunline.cli", *args], capture_output=True, text=True,
                          env=environ, timeout=120)


LASGUN = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"


def test_the_command_line_speaks_the_environments_language_and_json_stays_english():
    english = _gunline("resolve", str(LASGUN), "--seed", "4")
    russian = _gunline("resolve", str(LASGUN), "--seed", "4", env={"LANG": "ru_RU.UTF-8"})
    assert english.returncode == russian.returncode == 0, english.stderr + russian.stderr
    assert "outcome:" in english.stdout and "outcome:" not in russian.stdout
    assert re.search("[а-яА-Я]", russian.stdout)
    # a script's JSON is the same bytes whatever the GM's locale ...
    plain = _gunline("resolve", str(LASGUN), "--seed", "4", "--json")
    local = _gunline("resolve", str(LASGUN), "--seed", "4", "--json", env={"LANG": "ru_RU.UTF-8"})
    assert plain.stdout == local.stdout
    # ... and --lang asks for the texts in a language, the keys still English
    asked = _gunline("resolve", str(LASGUN), "--seed", "4", "--json", "--lang", "ru")
    a, b = json.loads(plain.stdout), json.loads(asked.stdout)
    assert a.keys() == b.keys()
    assert [s["kind"] for s in a["steps"]] == [s["kind"] for s in b["steps"]]
    assert a["targets"] == b["targets"] and a["dice"] == b["dice"]
    assert [s["text"] for s in a["steps"]] != [s["text"] for s in b["steps"]]


def test_a_language_that_is_no_language_is_one_clear_error():
    bad = _gunline("--lang", "r\x1b[2Ju", "resolve", str(LASGUN), "--seed", "1")
    assert bad.returncode != 0
    assert bad.stderr.count("\n") == 1 and "--lang" in bad.stderr and "\x1b" not in bad.stderr
    missing = _gunline("resolve", str(LASGUN), "--lang")
    assert missing.returncode == 2 and "--lang: needs a language" in missing.stderr
    unknown = _gunline("--lang", "fr", "resolve", str(LASGUN), "--seed", "1")
    assert unknown.returncode == 0 and "outcome:" in unknown.stdout and "fr" in unknown.stderr


def test_the_readmes_language_commands_do_what_it_says():
    """The README's commands in other languages (the app's aside, tried by hand and
    by the app's own tests) run and speak Russian and Turkish."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## In the games' own languages\n.*?```sh\n(.*?)```", readme, re.S)
    assert block is not None
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    headless = [line for line in lines if re.search(r"gunline (resolve|odds) ", line)]
    assert len(headless) == 2
    for line in headless:
        env = dict(re.findall(r"^(\w+)=(\S+) ", line))
        args = line.split("uv run gunline ", 1)[1].split()
        args = [str(ROOT / a) if a.startswith("examples/") else a for a in args]
        done = _gunline(*args, env=env)
        assert done.returncode == 0, done.stderr
        if "--lang tr" in line:
            assert re.search("[şğıçöüİ]", done.stdout), done.stdout
        else:
            assert re.search("[а-яА-Я]", done.stdout), done.stdout
