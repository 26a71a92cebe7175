"""The ruleset in Russian and in Turkish: step texts, modifiers, outcomes, refusals and
actions come from the package's catalogues, in the seed's own words for Turkish (the
Turkish Necromunda seed: ATŞ, sinmiş, devrilmiş, saf dışı, sıyrık, kısmi siper ...),
and English stays what it was whatever language was used in between."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gunline.errors import AttackRefused
from gunline.language import speaking, term
from gunline.runner import check, run_action
from gunline_necromunda.messages import _

PACKAGES = ("gunline_necromunda",)


def _resolve(nec, lang, doc, faces):
    with speaking(lang):
        return nec.resolve(doc, faces)


def _texts(chain):
    """Everything a chain says in words: step texts, modifier labels, roll labels and
    needs, outcome lines."""
    out = []
    for step in chain.steps:
        out.append(step.text)
        out += [m.label for m in step.modifiers]
        out += [f"{r.label} / {r.need}" for r in step.rolls]
    out += list(chain.outcomes.values())
    return out


def test_the_lasgun_at_long_range_in_russian_and_turkish(nec):
    doc = nec.example("lasgun-long-range.toml")
    ru = _resolve(nec, "ru", doc, [4, 4, 3])
    assert nec.step(ru, "pool").text == "нужно 4+ на попадание"
    assert nec.step(ru, "hit").text == "попадание, прижат"
    assert nec.step(ru, "hit").rolls[0].label == "на попадание"
    assert nec.step(ru, "wound").text == "С3 против Ст3, ранит на 4+: 1 рана, прошло 1"
    assert nec.step(ru, "injury").text == "бросок травмы 3: сбит с ног -> сбит с ног"
    assert nec.step(ru, "ammo").text == "без проверки боезапаса (нет 6 на попадание)"
    assert ru.outcomes == {"Goliath": "Goliath: попадание, прижат; ранен, сбит с ног"}
    tr = _resolve(nec, "tr", doc, [4, 4, 3])
    assert nec.step(tr, "pool").text == "isabet için 4+ gerekli"
    assert nec.step(tr, "hit").text == "isabet, sinmiş"
    assert nec.step(tr, "wound").text == "KUV3 / DYN3, 4+ ile yaralar: 1 yara, 1 geçti"
    assert nec.step(tr, "injury").text == "hasar zarı 3: devrilmiş -> devrilmiş"
    assert tr.outcomes == {"Goliath": "Goliath: isabet, sinmiş; yaralandı, devrilmiş"}
    # the data keep their English keys whatever the language
    assert ru.targets == tr.targets == {"Goliath": {"status": "down", "wounds_left": 0, "flesh_wounds": 0}}
    assert nec.step(tr, "injury").data == {"results": ["down"]}


def test_the_seeds_modifiers_in_its_own_words(nec):
    """cannot-hit.toml: cover, a charging target who ran last turn; overwatch-in-cover.toml."""
    chain = _resolve(nec, "tr", nec.example("cannot-hit.toml"), [])
    pool = nec.step(chain, "pool")
    assert [m.label for m in pool.modifiers] == ["siper", "hücum eden hedef", "hedef önceki turda koştu"]
    assert pool.text == "isabet edemez (10+)"
    chain = _resolve(nec, "ru", nec.example("cannot-hit.toml"), [])
    assert [m.label for m in nec.step(chain, "pool").modifiers] == [
        "укрытие", "цель атакует", "цель бежала в прошлый ход",
    ]
    assert nec.step(chain, "pool").text == "попасть нельзя (10+)"
    chain = _resolve(nec, "tr", nec.example("overwatch-in-cover.toml"), [1])
    assert "gözetlemedeyken ateş" in [m.label for m in nec.step(chain, "pool").modifiers]
    assert nec.step(chain, "pool").text == "isabet için 6, sonra 5+ gerekli"
    chain = _resolve(nec, "tr", nec.example("temir-tabancasi-partial-cover.toml"), [1])
    assert [m.label for m in nec.step(chain, "pool").modifiers] == ["kısmi siper", "yakın mesafe"]


def test_flesh_wounds_on_the_shooter(nec):
    chain = _resolve(nec, "ru", nec.example("flesh-wounds-lower-bs.toml"), [1])
    assert [m.label for m in nec.step(chain, "pool").modifiers] == ["2 лёгких ранения (сценарий): НС 4 → 2"]
    chain = _resolve(nec, "tr", nec.example("flesh-wounds-lower-bs.toml"), [1])
    assert [m.label for m in nec.step(chain, "pool").modifiers] == ["2 sıyrık (senaryo): ATŞ 4 → 2"]


@pytest.mark.parametrize(
    ("wounds", "ru", "tr"),
    [
        (2, "осталась 1 рана", "1 can kaldı"),
        (3, "осталось 2 раны", "2 can kaldı"),
        (6, "осталось 5 ран", "5 can kaldı"),
    ],
)
def test_plural_forms_for_one_two_and_five(nec, wounds, ru, tr):
    doc = nec.scenario("lasgun", targets=[{"name": "Goliath", "distance": 18, "wounds": wounds}])
    chain = _resolve(nec, "ru", doc, [4, 4])
    assert chain.outcomes["Goliath"] == f"Goliath: попадание, прижат; ранен, {ru}"
    chain = _resolve(nec, "tr", doc, [4, 4])
    assert chain.outcomes["Goliath"] == f"Goliath: isabet, sinmiş; yaralandı, {tr}"


@pytest.mark.parametrize(("shots", "words"), [(1, "1 выстрел"), (2, "2 выстрела"), (5, "5 выстрелов")])
def test_the_sustained_fire_shots_in_russian(nec, shots, words):
    """A heavy bolter's 2D3 shots: 1 can only come from 1D3, so the stubber is used there."""
    doc = nec.example("heavy-bolter-sustained-fire.toml")
    if shots == 1:
        doc = nec.scenario("heavy stubber", targets=[{"name": "Goliath", "distance": 30}])
        faces = [1, 1]
    else:
        faces = ([1, 1] if shots == 2 else [2, 3]) + [1] * shots
    chain = _resolve(nec, "ru", doc, faces)
    assert nec.step(chain, "shots").text.split(": ")[1].startswith(words)


def test_sustained_fire_and_an_ammo_roll_in_russian(nec):
    """Six shots, two at each; the Leader's two 6s hit and force two ammo rolls."""
    faces = [3, 3, 6, 6, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3]
    chain = _resolve(nec, "ru", nec.example("heavy-bolter-sustained-fire.toml"), faces)
    assert nec.step(chain, "shots").text == (
        "непрерывный огонь 2D3: 6 выстрелов (Escher Leader 2, Escher Ganger 2, Escher Juve 2)"
    )
    assert nec.step(chain, "pool", "Escher Leader").text == "нужно 4+ на попадание, 2 выстрела"
    assert nec.step(chain, "hit", "Escher Leader").text == "2 попадания из 2 выстрелов, прижат"
    assert nec.step(chain, "hit", "Escher Ganger").text == "0 попаданий из 2 выстрелов"
    assert nec.step(chain, "wound", "Escher Leader").text == "С5 против Ст3, ранит на 2+: ранения нет"
    assert [m.label for m in nec.step(chain, "pool", "Escher Juve").modifiers] == ["частичное укрытие"]
    assert nec.step(chain, "ammo").text == (
        "проверка боезапаса 2D6, нужно 6+ (2 шестёрки на попадание): 6, 6, исправно"
    )


def test_cannot_wound_is_read_from_the_wound_chart_not_the_text(nec):
    """S1 against T6 is "—": the outcome says so in every language."""
    doc = nec.scenario({"name": "stub", "strength": 1, "ammo_roll": 4, "short_range": 8, "long_range": 16},
                       targets=[{"name": "Ogryn", "distance": 12, "toughness": 6}])
    for lang, wound, line in [
        ("en", "S1 vs T6: cannot wound (—)", "Ogryn: hit, pinned; cannot be wounded"),
        ("ru", "С1 против Ст6: ранить нельзя (—)", "Ogryn: попадание, прижат; ранить нельзя"),
        ("tr", "KUV1 / DYN6: yaralayamaz (—)", "Ogryn: isabet, sinmiş; yaralanamaz"),
    ]:
        chain = _resolve(nec, lang, doc, [5])
        assert nec.step(chain, "wound").text == wound
        assert chain.outcomes["Ogryn"] == line


def test_a_save_and_the_armour_by_name(nec):
    chain = _resolve(nec, "ru", nec.example("boltgun-vs-carapace.toml"), [2, 3, 6])
    save = nec.step(chain, "save")
    assert save.text == "панцирная броня 4+: спасает на 5+, спасено 1 из 1"
    assert [m.label for m in save.modifiers] == ["модификатор спасброска: boltgun"]
    assert chain.outcomes["Van Saar"] == "Van Saar: попадание, прижат; спасён"
    chain = _resolve(nec, "tr", nec.example("boltgun-vs-carapace.toml"), [2, 3, 6])
    assert nec.step(chain, "save").text == "kabuk zırh 4+: 5+ ile kurtulur, 1 yaradan 1 kurtarıldı"


def test_a_blast_that_scatters_on_the_map(nec):
    chain = _resolve(nec, "ru", nec.example("missile-on-the-map.toml"), [1, 6, 5])
    assert nec.step(chain, "hit", "Van Saar").text == "промах: выстрел отклоняется"
    assert nec.step(chain, "scatter").text == (
        'отклоняется на 6" по стрелке 6 (арт. кубик 10, не больше половины дистанции 12"), '
        "ложится в (15, -5.196) на карте"
    )
    assert [r.label for r in nec.step(chain, "scatter").rolls] == [
        "кубик разброса (направление)", 'артиллерийский кубик (1-5: 2-10", 6: осечка)',
    ]
    chain = _resolve(nec, "tr", nec.example("missile-on-the-map.toml"), [1, 6, 6])
    assert nec.step(chain, "scatter").text == "tutukluk: patlamadı, kimse vurulmadı"


def test_a_refusal_in_russian(nec):
    doc = nec.scenario("lasgun", targets=[
        {"name": "Far", "distance": 14},
        {"name": "Near", "distance": 8, "in_sight_only": True},
    ])
    with speaking("ru"), pytest.raises(AttackRefused) as caught:
        check(nec.registry, nec.attack(doc), None)
    assert str(caught.value) == (
        "targets[0]: "
        'ближайшая цель: Vex должен стрелять в Near, ближайшего врага (8"), а не в Far (14"), если только в Far '
        "не легче попасть (Far: нужно 4+ на попадание, Near: нужно 3+ на попадание); укажите Near первым или "
        "задайте shooter.ignore_nearest = true, если мастер позволяет"
    )


def test_the_recovery_actions_in_russian_and_turkish(nec):
    doc = nec.example("recovery-pinned-and-down.toml")
    attack = nec.attack(doc)
    with speaking("ru"):
        chain, _unused = run_action(nec.registry, attack, "early-recovery", "Goliath Juve", faces=[2])
    step = chain.steps[0]
    assert step.text == "Инициатива 3, выпало 2: встаёт"
    assert (step.rolls[0].label, step.rolls[0].need) == ("раннее восстановление (проверка инициативы)",
                                                         "3 или меньше")
    with speaking("tr"):
        chain, _unused = run_action(nec.registry, attack, "recovery", "Goliath Ganger", faces=[6])
    assert chain.steps[0].text == "saf dışı"
    assert chain.steps[0].rolls[0].label == "toparlanma zarı (1 sinmiş, 2-5 devrilmiş, 6 saf dışı)"
    chain, _unused = run_action(nec.registry, attack, "early-recovery", "Goliath Juve", faces=[2])
    assert chain.steps[0].text == "Initiative 3, rolled 2: stands up"
    assert chain.steps[0].rolls[0].need == "3 or under"


def test_the_keys_core_and_the_app_word(nec):
    with speaking("ru"):
        assert [term(s, PACKAGES) for s in ("unharmed", "pinned", "down", "out_of_action")] == [
            "невредим", "прижат", "сбит с ног", "выведен из строя",
        ]
        assert term("bs", PACKAGES) == "НС"
        assert term("flesh_wounds", PACKAGES) == "лёгкие ранения"
        assert _("Necromunda (1995): shooting") == "Некромунда (1995): стрельба"
    with speaking("tr"):
        assert [term(s, PACKAGES) for s in ("unharmed", "pinned", "down", "out_of_action")] == [
            "yarasız", "sinmiş", "devrilmiş", "saf dışı",
        ]
        assert [term(s, PACKAGES) for s in ("bs", "ws", "strength", "toughness")] == [
            "ATŞ", "DVŞ", "kuvvet", "dayanım",
        ]
        assert term("sustained_fire", PACKAGES) == "sürekli ateş"
        assert term("black-shell", PACKAGES) == "karakabuk zırh"
        assert term("early-recovery", PACKAGES) == "erken toparlanma"
    assert term("out_of_action", PACKAGES) == "out of action"


EXAMPLES = sorted(p.name for p in Path(__file__).parents[1].glob("src/gunline_necromunda/examples/*.toml"))


@pytest.mark.parametrize("name", EXAMPLES)
def test_english_is_unchanged_after_another_language(nec, name):
    """The texts made once per language (modifiers, need texts, wound heads, the
    Initiative test's need) are kept per language: English after Russian and Turkish
    is English, and Russian after English is Russian, with nothing left in English."""
    from gunline.runner import run

    attack = nec.attack(nec.example(name))

    def texts(lang):
        out = []
        with speaking(lang):
            for seed in range(1, 7):
                out += _texts(run(nec.registry, attack, seed=seed)[0])
        return out

    english = texts("en")
    russian = texts("ru")
    turkish = texts("tr")
    assert texts("en") == english
    assert texts("ru") == russian
    assert english != russian != turkish
    assert [text for text in russian if _only_latin(text)] == []


def _only_latin(text: str) -> bool:
    """A text with Latin words and no Cyrillic: a Russian text left in English (dice
    notation aside)."""
    words = re.sub(r"\b\d*[dD]\d+\b", "", text)
    return bool(re.search("[A-Za-z]{2,}", words)) and not re.search("[а-яёА-ЯЁ]", words)


def test_the_catalogues_are_complete():
    pytest.importorskip("babel")
    import gunline_necromunda
    from gunline.catalogues import check as check_catalogues

    assert check_catalogues(Path(gunline_necromunda.__file__).parent) == []
