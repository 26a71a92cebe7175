"""The ruleset in Russian (the seed's words: «Класс Брони», «Прицельный выстрел»,
«Очередь», «Бросок на Попадание») and in Turkish: step texts, modifier labels, roll
labels, outcomes and refusals come from the catalogues; plurals take the form the
language wants; JSON keeps its English keys, kinds and statuses; English is the same
after another language was spoken, and the term another plugin replaces is found by
data, whatever the language of the labels."""

from __future__ import annotations

import copy
from typing import get_type_hints

import pytest

from gunline import AttackRefused, ChainState
from gunline.language import speaking, tell
from gunline.runner import chain_json, run, run_action
from gunline_fallout.schema import Target


def _chain(registry, fo, doc, faces, *variants, lang="en", prior=None):
    with speaking(lang):
        chain, unused = run(registry, fo.attack_of(registry, doc, *variants), faces=faces, prior=prior)
    assert unused == 0
    return chain


def _step(chain, kind, target=None):
    return next(s for s in chain.steps if s.kind == kind and (target is None or s.target == target))


def test_aimed_torso_in_the_seed_s_russian(registry, fo):
    """The aimed torso example (hex-range variant) in Russian: every term of the
    formula in the seed's words, the roll «бросок на попадание», the outcome."""
    chain = _chain(registry, fo, fo.example("aimed_torso.toml"), [40, 5, 99], "fallout.hex-range", lang="ru")
    pool = _step(chain, "pool")
    assert pool.text == "шанс на попадание 40%, умение 75%"
    labels = [m.label for m in pool.modifiers]
    assert labels == [
        "дальность: Восприятие видит на 21 гекс, цель на 24",
        "дальность: оружие бьёт на 40 гексов, цель на 24",
        "класс брони 15",
        "освещённость: здание со средним освещением",
        "препятствие 0%",
        "состояние оружия",
        "прицельный выстрел: торс",
    ]
    hit = _step(chain, "hit")
    assert hit.text == "попадание" and hit.rolls[0].label == "бросок на попадание"
    wound = _step(chain, "wound")
    assert wound.text == "урон после брони 14; осталось 11 ОЗ, ранен"
    assert [r.label for r in wound.rolls] == ["урон", "критическое попадание"]
    assert _step(chain, "ammo").text == "выпущен 1 патрон, осталось 9"
    assert _step(chain, "action_points").text == "6 ОД (прицельный одиночный выстрел, 5 + 1), осталось 1"
    assert chain.outcomes["raider"] == "raider: попадание, урон 14, осталось 11 ОЗ, ранен"
    # the JSON keeps its English keys, kinds and statuses
    assert chain.targets["raider"]["status"] == "wounded"
    assert [s.kind for s in chain.steps] == ["action_points", "pool", "hit", "wound", "ammo"]


def test_aimed_torso_in_turkish(registry, fo):
    chain = _chain(registry, fo, fo.example("aimed_torso.toml"), [40, 5, 99], "fallout.hex-range", lang="tr")
    pool = _step(chain, "pool")
    assert pool.text == "isabet şansı %40, beceri %75"
    assert [m.label for m in pool.modifiers][2:] == [
        "zırh sınıfı 15", "aydınlatma: orta aydınlık bina", "siper %0", "silah sağlamlığı", "nişanlı atış: gövde",
    ]
    assert _step(chain, "hit").text == "isabet"
    assert _step(chain, "wound").text == "zırhtan geçen hasar 14; 11 can kaldı, yaralı"
    assert _step(chain, "ammo").text == "1 mermi atıldı, 9 kaldı"
    assert chain.outcomes["raider"] == "raider: isabet, 14 hasar, 11 can kaldı, yaralı"


def test_the_burst_along_the_line_of_fire_in_russian(registry, fo):
    """Harry's machine gun: «попаданий» per object, the misses flying on, the bandit
    reached by none."""
    doc = fo.example("harry_horat_bandit.toml")
    with speaking("ru"):
        chain, _ = run(registry, fo.attack_of(registry, doc), seed=1)
    assert _step(chain, "hit", "Dr. Horat").text == "попаданий: 10 из 10"
    assert _step(chain, "hit", "bandit").text == "до цели не долетело ни одной пули"
    assert _step(chain, "hit", "Dr. Horat").rolls[0].label == "бросок на попадание, за каждую пулю"
    assert chain.outcomes["bandit"] == "bandit: пули не долетели, невредим"
    horat = chain.outcomes["Dr. Horat"]
    assert horat.startswith("Dr. Horat: попаданий: 10 из 10, урон 30, осталось 0 ОЗ, мёртв (критическое попадание: ")
    assert horat.endswith("[без сознания: 4 хода]")
    assert chain.targets["Dr. Horat"]["status"] == "dead"


@pytest.mark.parametrize("distance, ru, tr", [
    (1, "дальность (1 гекс, досягаемость 30)", "menzil (1 altıgen, erişim 30)"),
    (2, "дальность (2 гекса, досягаемость 30)", "menzil (2 altıgen, erişim 30)"),
    (5, "дальность (5 гексов, досягаемость 30)", "menzil (5 altıgen, erişim 30)"),
    (21, "дальность (21 гекс, досягаемость 30)", "menzil (21 altıgen, erişim 30)"),
])
def test_the_range_term_takes_the_plural_the_language_wants(registry, doc, fo, distance, ru, tr):
    doc["targets"][0]["distance"] = distance
    for lang, expected in (("ru", ru), ("tr", tr), ("en", f"range ({distance} hexes, reach 30)")):
        pool = _step(_chain(registry, fo, copy.deepcopy(doc), [1, 99], lang=lang), "pool")
        assert pool.modifiers[0].label == expected


@pytest.mark.parametrize("burst, ru, tr, en", [
    (None, "выпущен 1 патрон, осталось 29", "1 mermi atıldı, 29 kaldı", "1 round fired, 29 left"),
    (2, "выпущено 2 патрона, осталось 28", "2 mermi atıldı, 28 kaldı", "2 rounds fired, 28 left"),
    (5, "выпущено 5 патронов, осталось 25", "5 mermi atıldı, 25 kaldı", "5 rounds fired, 25 left"),
])
def test_rounds_fired_take_the_plural_the_language_wants(registry, doc, fo, burst, ru, tr, en):
    if burst is not None:
        doc["mode"] = "burst"
        doc["weapon"]["burst"] = burst
    bullets = burst or 1
    faces = [1] * bullets + [99] * bullets  # every bullet hits, no critical
    for lang, expected in (("ru", ru), ("tr", tr), ("en", en)):
        chain = _chain(registry, fo, copy.deepcopy(doc), faces, lang=lang)
        assert _step(chain, "ammo").text == expected


def test_a_critical_s_words_and_its_turns(registry, doc, fo):
    """The general table's 6: unconscious for 3 turns; in the outcome the condition
    with the turns it has left."""
    chain = _chain(registry, fo, doc, [1, 1, 6, 3], lang="ru")
    wound = _step(chain, "wound")
    assert wound.text == "урон после брони 10: 10 (критическое — без сознания на 3 хода); осталось 20 ОЗ, без сознания"
    assert [r.label for r in wound.rolls][-2:] == ["эффект критического попадания", "ходов без сознания"]
    assert chain.outcomes["raider"].endswith("(критическое попадание: без сознания на 3 хода) [без сознания: 3 хода]")
    assert wound.data["bullets"][0]["critical"] == "без сознания на 3 хода"  # shown: worded
    assert chain.targets["raider"]["conditions"] == {"unconscious": 3}  # state: keys
    tr = _chain(registry, fo, copy.deepcopy(fo.BASE), [1, 1, 6, 3], lang="tr")
    assert _step(tr, "wound").text == "zırhtan geçen hasar 10: 10 (kritik: baygın (3 tur)); 20 can kaldı, baygın"


def test_a_crippled_area_the_scenario_names_itself(registry, fo):
    """The robot's tracks: the area keeps the name typed, the words around it are
    Russian."""
    doc = fo.example("robot_tracks.toml")
    chain = _chain(registry, fo, doc, [1, 1, 1, 1], lang="ru")  # to hit, 2d12 damage, critical
    pool = _step(chain, "pool")
    assert "прицельный выстрел: tracks" in [m.label for m in pool.modifiers]
    assert "(критическое — покалечено: tracks)" in _step(chain, "wound").text
    assert chain.outcomes["robobrain"].endswith("[покалечено: tracks]")
    assert chain.targets["robobrain"]["conditions"] == {"crippled_tracks": None}


def test_a_critical_failure_in_russian(registry, doc, fo):
    """The chart's 7 (the shooter hurts himself) and 5 (the weapon explodes), worded."""
    doc["shooter"].update(skill=10, hp=30)
    doc["targets"][0]["distance"] = 2
    doc["critical_failure_chance"] = 100
    hurt = _chain(registry, fo, copy.deepcopy(doc), [99, 1, 7], lang="ru")
    assert _step(hurt, "critical_failure").text == (
        "критическая неудача: стрелок ранит себя, половина урона; урон 5 персонажу Vic; Vic: осталось 25 ОЗ, ранен")
    boom = _chain(registry, fo, copy.deepcopy(doc), [99, 1, 5, 3, 3, 3], lang="ru")
    assert _step(boom, "critical_failure").rolls[1].label == "эффект критической неудачи"
    assert _step(boom, "blast").text == "raider в зоне взрыва: урон после брони 16, осталось 14 ОЗ, ранен"
    assert boom.weapon["status"] == "broken"


def test_a_called_off_attack_in_russian(registry, fo):
    """«Отмена атаки»: 0% calls the attack off, AP spent, no rounds fired."""
    chain = _chain(registry, fo, fo.example("aimed_head_called_off.toml"), [], "fallout.hex-range", lang="ru")
    assert _step(chain, "pool").text == "шанс 0%: атака отменена (ОД потрачены, патроны не израсходованы)"
    assert _step(chain, "ammo").text == "атака отменена: патроны не израсходованы"
    assert chain.outcomes["raider"] == "raider: атака отменена при 0% (ОД потрачены, патроны не израсходованы)"


def test_a_clustered_burst_in_russian(registry, fo):
    """«Кучная стрельба Очередью»: the rounding said, a d10 per bullet."""
    doc = fo.example("cluster_burst_seventy.toml")
    with speaking("ru"):
        chain, _ = run(registry, fo.attack_of(registry, doc, "fallout.cluster-burst"), seed=1)
    pool = _step(chain, "pool", "raider")
    assert pool.text == "шанс на попадание 70% (73% округлено вниз до 70%), умение 73%"
    hit = _step(chain, "hit", "raider")
    assert hit.text.startswith("d10 за каждую пулю, попадание на 1–7: попаданий: ")
    assert hit.rolls[0].label == "бросок на попадание, d10 за каждую пулю"


def test_the_replaced_range_term_is_found_by_data_in_every_language(registry, doc, fo):
    """``fallout.hex-range`` replaces the sheet's range term: in Russian and Turkish
    too, where no label starts with "range"."""
    doc["targets"][0]["distance"] = 17  # Perception 5 sees 15 hexes: −10; the weapon reaches 21: 0
    for lang in ("en", "ru", "tr"):
        pool = _step(_chain(registry, fo, copy.deepcopy(doc), [1, 99], "fallout.hex-range", lang=lang), "pool")
        sources = [m.source for m in pool.modifiers]
        assert sources.count("fallout.hex-range") == 2
        assert sources.count("fallout") == 3  # armor class, lighting, cover: the sheet's range (+39) is gone
        assert pool.value == 50


def test_refusals_in_russian(registry, doc, fo):
    doc["mode"] = "burst"
    doc["aim"] = "head"
    doc["weapon"]["rounds"] = 1
    with speaking("ru"), pytest.raises(AttackRefused) as refused:
        run(registry, fo.attack_of(registry, doc), seed=1)
    said = str(refused.value)
    assert 'прицельный выстрел бывает только одиночным: уберите aim или укажите mode = "single"' in said
    assert ("у оружия test gun осталось патронов: 1, а очередь выпускает 3: перезарядите или стреляйте одиночными"
            in said)


def test_actions_in_russian_and_turkish(registry, doc, fo):
    """The new turn counts a knockdown down; a jam with a bad round is cleared."""
    attack = fo.attack_of(registry, doc)
    knocked = ChainState(shooter={"name": "Vic", "conditions": {"knocked_down": 1}, "ap_left": 0})
    jam = ChainState(weapon={"status": "jammed", "jam": "bad_ammo", "jam_delay": 0, "rounds_left": 3,
                             "condition": 50})
    with speaking("ru"):
        turn, _ = run_action(registry, attack, "new-turn", "Vic", prior=knocked)
        cleared, _ = run_action(registry, attack, "clear-jam", "Vic", prior=jam)
    assert turn.steps[0].text == "новый ход, Vic: 7 ОД; закончилось: нокдаун"
    assert cleared.steps[0].text == "test gun: заклинивание устранено, плохой патрон выброшен, осталось 2"
    with speaking("tr"):
        turn, _ = run_action(registry, attack, "new-turn", "Vic", prior=knocked)
    assert turn.steps[0].text == "yeni tur, Vic: 7 AP; sona erdi: yerde"


@pytest.mark.parametrize("name, variants", [
    ("aimed_torso.toml", ("fallout.hex-range",)),
    ("harry_horat_bandit.toml", ()),
    ("cluster_burst_seventy.toml", ("fallout.cluster-burst",)),
    ("critical_failure_unlucky.toml", ()),
    ("robot_tracks.toml", ()),
])
def test_english_is_the_same_after_russian_and_turkish(registry, fo, name, variants):
    """Per-language tables and caches are keyed by the language: an English chain
    made after Russian and Turkish ones is the English chain made before them."""
    doc = fo.example(name)
    before = {seed: chain_json(run(registry, fo.attack_of(registry, doc, *variants), seed=seed)[0])
              for seed in (1, 2)}
    for lang in ("ru", "tr"):
        with speaking(lang):
            for seed in (1, 2):
                other = chain_json(run(registry, fo.attack_of(registry, doc, *variants), seed=seed)[0])
                assert other != before[seed]
    for seed in (1, 2):
        assert chain_json(run(registry, fo.attack_of(registry, doc, *variants), seed=seed)[0]) == before[seed]



def test_a_field_s_description_in_russian():
    """The scenario form's titles and descriptions are in the catalogue, in the
    words the chain uses («Снятие повреждений», ОД); English is the text as written."""
    meta = get_type_hints(Target, include_extras=True)["dt"].__metadata__[0]
    packages = ("gunline_fallout",)
    assert (tell(meta.title, packages), tell(meta.description, packages)) == (
        "Damage Threshold (DT)", "damage points each hit loses first"
    )
    with speaking("ru"):
        assert tell(meta.title, packages) == "Снятие повреждений"
        assert tell(meta.description, packages) == "очки урона, которые каждое попадание теряет первыми"
        assert tell("AP, burst", packages) == "ОД, очередь"
