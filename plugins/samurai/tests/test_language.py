"""The samurai rules in Russian (the seed's own words) and in Turkish: step texts,
modifiers, rolls and what they need, statuses, refusals; plurals by the language's
rules; and English unchanged after another language was spoken."""

from typing import get_type_hints

import pytest

from gunline import AttackRefused
from gunline.language import language, speaking, tell, term
from gunline.render import chain_text
from gunline_samurai.messages import _n
from gunline_samurai.schema import Target

PACKAGES = ("gunline_samurai",)


def texts(chain):
    """Everything the chain says in words: step texts, modifiers, roll labels and needs."""
    out = []
    for s in chain.steps:
        out.append(s.text)
        out += [m.label for m in s.modifiers]
        out += [f"{r.label} | {r.need}" for r in s.rolls]
    return out


def test_the_seed_example_in_the_seed_s_words(example, resolve, step_of):
    """SAM-1 in Russian: «Умение стрелять», the cover of the seed, «Начеку 1» against
    «Скрытность 2», the master's Счастливый Случай and the ninja's Оглушение."""
    with speaking("ru"):
        chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    pool = step_of(chain, "pool", "General")
    assert pool.text == "Умение стрелять 6 -2 = 4: нужно 4 или меньше, 4 — Счастливый Случай"
    assert [(m.label, m.value) for m in pool.modifiers] == [("частично скрыт", -2)]
    assert step_of(chain, "declaration").text == "Ninja объявляет стрельбу: 2 выстрела по General"
    assert step_of(chain, "weapon").text == "hankyu: 2 выстрела (Атаки Ninja: 2), Урон 1"
    assert step_of(chain, "range", "General").text == '12"'
    check = step_of(chain, "reaction_check", "General").text
    assert check == (
        "General не видит Ninja; «Начеку 1» < «Скрытность 2» (Ninja): не может реагировать "
        "(«Начеку» должно быть не меньше «Скрытности»); Bushido master видит Ninja и может реагировать вместо цели"
    )
    reaction = step_of(chain, "reaction", "General")
    assert reaction.text == "Bushido master ведёт ответную стрельбу: 1 выстрел (yumi)"
    hit = step_of(chain, "hit", "General")
    assert hit.text == (
        "перестрелка: Ninja 2 (успех), 3 (успех) против Bushido master 9 (Счастливый Случай): "
        "Bushido master побеждает: 1 Счастливый Случай (сразу ранит); в General не попали"
    )
    assert [r.label for r in hit.rolls] == [
        "на попадание, выстрел 1 из 2", "на попадание, выстрел 2 из 2", "Bushido master, ответная стрельба"
    ]
    assert hit.rolls[2].need == "9 или меньше, 9 — Счастливый Случай"
    fire = step_of(chain, "return_fire", "General")
    assert fire.text == "Ninja сразу получает рану (Счастливый Случай, без последующих бросков); Ninja: оглушён"
    assert step_of(chain, "casualties").text == "Ninja оглушён; General невредим"
    assert step_of(chain, "ammo").text == "игра не ведёт учёт боезапаса"
    # the data stays English: statuses and kinds are keys
    assert chain.shooter["status"] == "stunned" and reaction.data["effective"] == "return_fire"
    assert language() == "en"


def test_the_seed_example_in_turkish(example, resolve, step_of):
    with speaking("tr"):
        chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    pool = step_of(chain, "pool", "General")
    assert pool.text == "Atış Becerisi 6 -2 = 4: gereken 4 veya altı, 4 Şanslı Zar"
    assert [m.label for m in pool.modifiers] == ["kısmen gizli"]
    assert step_of(chain, "reaction_check", "General").text.startswith(
        "General, Ninja figürünü görmüyor; Tetikte 1 < Gizlilik 2 (Ninja): tepki veremez"
    )
    assert step_of(chain, "return_fire", "General").text == (
        "Ninja anında yara alıyor (Şanslı Zar, başka zar atılmaz); Ninja: sersemlemiş"
    )
    assert step_of(chain, "casualties").text == "Ninja sersemlemiş; General yarasız"


def test_armour_and_wound_tests_in_russian(example, resolve, step_of):
    """SAM-2 in Russian: the armour test, the wound test's Сила тела + Урон against
    Сила тела, a wound and what is left."""
    doc = example("ninja_and_bushido_master")
    del doc["targets"][0]["reactor"]
    # 2 hits, 5 misses; the armour test 8 (body), the wound test 3 against 5: a wound
    with speaking("ru"):
        chain = resolve(doc, [2, 5, 8, 3, 5])
    wound = step_of(chain, "wound", "General")
    assert wound.text == (
        "попадание: 3 (успех) против 5 (провал) (4 против 4, в тело): General получает рану; "
        "General: ранен (осталось ран: 1 из 2)"
    )
    assert [r.label for r in wound.rolls] == [
        "тест на броню (попадание)", "тест на ранение (попадание): Сила тела + Урон",
        "тест на ранение (попадание): Сила тела",
    ]
    assert step_of(chain, "hit", "General").text == "обычные тесты: 2 (успех), 5 (провал): 1 попадание"
    assert step_of(chain, "reaction", "General").text == (
        "General не может реагировать: реакции «ответная стрельба» не будет"
    )


def test_a_dodge_and_a_catastrophic_failure_in_russian(example, resolve, step_of):
    with speaking("ru"):
        chain = resolve(example("ronin_dodges"), [10, 10, 1, 1])
    hit = step_of(chain, "hit", "Ronin")
    assert hit.text == (
        "Ronin уклоняется: сравнительный тест Hunter 10 (Катастрофический Провал), 10 (Катастрофический Провал) "
        "против 1 (успех), 1 (успех); Катастрофический Провал (Hunter) запрещает выстрелы: они ничего не дают: "
        "уклонение спасает цель"
    )
    assert hit.rolls[2].label == "Ronin уклоняется (Ловкость), выстрел 1 из 2"
    assert step_of(chain, "reaction", "Ronin").text == "Ronin уклоняется"


def test_a_unit_in_russian(example, resolve, step_of):
    """Отряд: the unit's shots, its return fire together, the nearest model's wound."""
    with speaking("ru"):
        chain = resolve(example("unit_returns_fire"), seed=1)
    assert step_of(chain, "target", "Archers").text == "Archers (отряд из 3): 1 выстрел"
    assert step_of(chain, "range", "Archers").text == '15" до ближайшей модели'
    assert step_of(chain, "reaction", "Archers").text == "отряд стреляет по стрелку вместе: Taro, Jiro, 2 выстрела"


def test_a_refusal_in_russian(example, resolve):
    doc = example("teppo_duel")
    doc["weapon"]["range"] = 12
    refused = r"Archer на расстоянии 18\", дальше дистанции оружия teppo"
    with speaking("ru"), pytest.raises(AttackRefused, match=refused):
        resolve(doc, [1])


@pytest.mark.parametrize(("n", "ru", "tr"), [
    (1, "1 выстрел", "1 atış"),
    (2, "2 выстрела", "2 atış"),
    (5, "5 выстрелов", "5 atış"),
    (11, "11 выстрелов", "11 atış"),
    (21, "21 выстрел", "21 atış"),
])
def test_plurals_follow_the_language(n, ru, tr):
    with speaking("ru"):
        assert _n("{n} shot", "{n} shots", n, n=n) == ru
    with speaking("tr"):
        assert _n("{n} shot", "{n} shots", n, n=n) == tr
    assert _n("{n} shot", "{n} shots", n, n=n) == (f"{n} shot" if n == 1 else f"{n} shots")


@pytest.mark.parametrize(("attacks", "declared", "hits"), [
    (1, "Ninja объявляет стрельбу: 1 выстрел по General", "1 попадание"),
    (2, "Ninja объявляет стрельбу: 2 выстрела по General", "2 попадания"),
    (5, "Ninja объявляет стрельбу: 5 выстрелов по General", "5 попаданий"),
])
def test_plurals_in_the_chain(example, resolve, step_of, attacks, declared, hits):
    """Shots and hits counted in Russian's three forms, in a resolved chain."""
    doc = example("ninja_and_bushido_master")
    del doc["targets"][0]["reactor"]
    doc["shooter"]["attacks"] = attacks
    doc["shooter"]["shooting"] = 13  # 11 after cover, above the die: every shot hits (and the hits' wound tests follow)
    with speaking("ru"):
        chain = resolve(doc, seed=1)
    assert step_of(chain, "declaration").text == declared
    assert step_of(chain, "hit", "General").text.endswith(f": {hits}")


def test_the_ruleset_s_words_for_core():
    """Statuses, step kinds, fields and choices as core words them from this catalogue."""
    with speaking("ru"):
        assert [term(s, PACKAGES) for s in ("unharmed", "wounded", "stunned", "killed")] == [
            "невредим", "ранен", "оглушён", "убит"
        ]
        assert term("reaction_check", PACKAGES) == "проверка реакции"
        assert term("return_fire", PACKAGES) == "ответная стрельба"
        assert term("shooting", PACKAGES) == "умение стрелять"
        assert term("alert", PACKAGES) == "начеку"
        assert term("stealth", PACKAGES) == "скрытность"
        assert term("range", PACKAGES) == "дистанция"
        assert term("charge", PACKAGES) == "нападение"
    with speaking("tr"):
        assert term("stunned", PACKAGES) == "sersemlemiş"
        assert term("return_fire", PACKAGES) == "karşılık ateşi"
    assert term("sees_shooter", PACKAGES) == "sees shooter"


EXAMPLES = ["ninja_and_bushido_master", "archers_volley", "ronin_dodges", "several_targets", "ashigaru_on_the_map",
            "armoured_samurai"]


@pytest.mark.parametrize("stem", EXAMPLES)
def test_english_is_unchanged_after_russian_and_turkish(example, resolve, stem):
    """Tables made once per language (the dice's needs, the wound tests' words, the
    statuses) are kept per language: English after the others is the same English."""
    doc = example(stem)
    before = resolve(doc, seed=3)
    english = texts(before)
    for lang in ("ru", "tr", "ru"):
        with speaking(lang):
            other = resolve(doc, seed=3)
        assert texts(other) != english
        assert other.dice == before.dice
    after = resolve(doc, seed=3)
    assert texts(after) == english
    assert chain_text(after) == chain_text(before)


def test_english_words_are_the_original_ones(example, resolve, step_of):
    with speaking("ru"):
        resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    chain = resolve(example("ninja_and_bushido_master"), [2, 3, 9])
    assert step_of(chain, "pool", "General").text == "Shooting 6 -2 = 4: needs 4 or less, 4 is a Lucky Chance"
    assert step_of(chain, "return_fire", "General").text == (
        "Ninja takes a wound at once (Lucky Chance, no further rolls); Ninja: stunned"
    )
    assert step_of(chain, "hit", "General").rolls[0].need == "4 or less, 4 is a Lucky Chance"


def test_a_field_s_description_in_russian():
    """The scenario form's titles and descriptions are in the catalogue: the seed's
    words in «» stay, the rest is said in Russian; English is the text as written."""
    description = get_type_hints(Target, include_extras=True)["reaction"].__metadata__[0].description
    assert tell(description, PACKAGES) == description
    with speaking("ru"):
        assert tell(description, PACKAGES) == (
            "заявляется против выстрелов: «Уклонение», «Ответная стрельба» или «Нападение»"
        )
        assert tell("Can reach the shooter", PACKAGES) == "Достаёт до стрелка"
