"""World of Darkness in Russian and Turkish: the chain's texts, labels, refusals and
the map's words come from the package's catalogues, in the seed's own words for
Russian; plurals take the form each language wants; English stays as it was."""

from __future__ import annotations

import msgspec
import pytest

from gunline import AttackRefused, ChainState
from gunline.language import language, speaking, term
from gunline.runner import check
from gunline.scenario import build_attack
from gunline_wod.attack import damage_words
from gunline_wod.jams import ACTIONS, check_action
from gunline_wod.pool import pool_step, target_count_penalty

PACKAGES = ("gunline_wod",)


def labels(step) -> dict[str, int]:
    return {m.label: m.value for m in step.modifiers}


def step(wod, chain, kind: str, target: str | None = None):
    (found,) = wod.steps(chain, kind, target)
    return found


def refusal(registry, doc) -> str:
    attack = build_attack(registry, doc, "test.toml")
    with pytest.raises(AttackRefused) as info:
        check(registry, attack, None)
    return str(info.value)


# -- the seed's example in its own words --------------------------------------------------
def test_four_targets_long_burst_in_russian(resolve, wod):
    """WOD-3 (Carter's long burst at four targets) worded as the seed words it."""
    with speaking("ru"):
        chain = resolve("four-targets-long-burst.toml", seed=3)
    farrow = step(wod, chain, "pool", "Farrow")
    assert labels(farrow) == {
        "Ловкость": 3, "Огнестрельное оружие": 3, "рейтинг оружия (assault rifle)": 3,
        "длинная очередь": 3, "4 цели": -4, "дальняя дистанция": -4,
    }
    assert farrow.text == "4 дайса"
    assert "хорошо укрыт" in labels(step(wod, chain, "pool", "Sykes"))
    assert "броня 3" in labels(step(wod, chain, "pool", "Jones"))
    assert step(wod, chain, "pool", "Bystander").text == "8 дайсов"
    assert step(wod, chain, "ammo").text == "выпущено 20 патронов, осталось 10"
    assert {r.label for s in wod.steps(chain, "hit") for r in s.rolls} == {"бросок атаки"}
    assert chain.outcomes["Farrow"].startswith("Farrow получает ") or chain.outcomes["Farrow"] == "Farrow: промах"


def test_four_targets_long_burst_in_turkish(resolve, wod):
    with speaking("tr"):
        chain = resolve("four-targets-long-burst.toml", seed=3)
    farrow = step(wod, chain, "pool", "Farrow")
    assert labels(farrow) == {
        "Çeviklik": 3, "Ateşli Silahlar": 3, "assault rifle hasar değeri": 3,
        "uzun seri": 3, "4 hedef": -4, "uzun menzil": -4,
    }
    assert farrow.text == "4 zar"
    assert "büyük ölçüde gizlenmiş" in labels(step(wod, chain, "pool", "Sykes"))
    assert step(wod, chain, "ammo").text == "20 mermi atıldı, 10 kaldı"
    assert {r.label for s in wod.steps(chain, "hit") for r in s.rolls} == {"saldırı havuzu"}


@pytest.mark.parametrize(
    ("name", "lang", "label", "value"),
    [
        ("carter-medium-burst.toml", "ru", "средняя очередь", 2),
        ("short-burst-into-melee.toml", "ru", "короткая очередь", 1),
        ("short-burst-into-melee.toml", "tr", "kısa seri", 1),
        ("chance-die.toml", "ru", "без навыка (нет Огнестрельного оружия)", -1),
        ("specified-target-head.toml", "ru", "прицельно в голову", -3),
        ("specified-target-head.toml", "tr", "kafaya nişan", -3),
        ("prone-at-point-blank.toml", "ru", "лёжа, в упор", 2),
        ("aiming-three-turns.toml", "ru", "прицеливание 4 раунда", 3),
        ("aiming-three-turns.toml", "tr", "4 tur nişan alma", 3),
    ],
)
def test_a_term_of_each_kind_in_its_language(resolve, wod, name, lang, label, value):
    with speaking(lang):
        chain = resolve(name, seed=1)
    pools = wod.steps(chain, "pool")
    assert any(labels(p).get(label) == value for p in pools), [labels(p) for p in pools]


def test_a_dramatic_failure_jams_in_russian_and_turkish(resolve, wod):
    with speaking("ru"):
        chain = resolve("jam-on-a-dramatic-failure.toml", faces=[1])
    assert step(wod, chain, "pool").text == "дайс шанса (запас -1)"
    assert step(wod, chain, "hit").text == "драматический провал"
    assert step(wod, chain, "ammo").text.startswith("выпущен 1 патрон, осталось 16; драматический провал: ")
    assert chain.outcomes["Farrow"] == "Farrow: драматический провал на дайсе шанса: light pistol — заклинивание"
    with speaking("tr"):
        chain = resolve("jam-on-a-dramatic-failure.toml", faces=[1])
    assert step(wod, chain, "hit").text == "dramatik başarısızlık"
    assert chain.outcomes["Farrow"] == "Farrow: şans zarında dramatik başarısızlık: light pistol tutukluk yapıyor"


def test_full_cover_in_russian(resolve, wod):
    with speaking("ru"):
        chain = resolve("full-cover.toml", faces=[9] * 9 + [1] * 4)
    assert step(wod, chain, "pool").text == "9 дайсов по укрытию (Прочность 3)"
    assert step(wod, chain, "cover").text == "9 успехов по укрытию (Прочность 3): 6 проходят насквозь"
    hit = step(wod, chain, "hit")
    assert hit.text == "4 дайса сквозь укрытие: нет успехов: промах"
    assert labels(hit) == {"сквозь укрытие": 6, "броня 2": -2}


def test_the_map_s_words(registry, wod):
    """The measures are made when the scenario is read: in the language of that moment."""
    from gunline.mapcli import areas

    with speaking("ru"):
        attack = build_attack(registry, wod.example("four-targets-on-the-map.toml"))
        shaded = areas(registry, attack, None)
    farrow = {m.path: m for m in attack.measures}["targets[0].range"]
    # the distance is core's to word ("320.2 yd")
    assert farrow.text.startswith("Farrow: до стрелка (Carter) 320.2")
    assert farrow.text.endswith(" по карте: дальняя дистанция (assault rifle: 150/300/600 ярдов)")
    assert shaded[0].label == "ярд вокруг цели Farrow: очередь задевает всех внутри"


def test_refusals_in_russian(registry, wod):
    doc = wod.example("carter-medium-burst.toml")
    doc["weapon"]["rounds"] = 9
    with speaking("ru"):
        says = refusal(registry, doc)
    assert ("assault rifle: осталось 9 патронов, а средняя очередь требует 10: перезарядите или "
            "произведите одиночный выстрел или короткую очередь") in says
    doc = wod.example("carter-medium-burst.toml")
    doc["weapon"]["rounds"] = 2
    with speaking("tr"):
        says = refusal(registry, doc)
    assert ("assault rifle: 2 mermi kaldı, orta seri için 10 gerekir: yeniden doldurun ya da tek atış ile "
            "ateş edin") in says


# -- plurals --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "dice", "targets", "lethal"),
    [
        (1, "1 дайс", "1 цель", "1 летальное повреждение"),
        (2, "2 дайса", "2 цели", "2 летальных повреждения"),
        (5, "5 дайсов", "5 целей", "5 летальных повреждений"),
        (21, "21 дайс", "21 цель", "21 летальное повреждение"),
        (12, "12 дайсов", "12 целей", "12 летальных повреждений"),
    ],
)
def test_russian_plurals(n, dice, targets, lethal):
    from gunline import Modifier

    with speaking("ru"):
        assert pool_step([Modifier(label="x", value=n)]).text == dice
        penalty = target_count_penalty(n) if n > 1 else None
        assert penalty is None or penalty.label == targets
        assert damage_words("lethal", n) == lethal


@pytest.mark.parametrize("n", [1, 2, 5])
def test_turkish_takes_no_plural_after_a_number(n):
    from gunline import Modifier

    with speaking("tr"):
        assert pool_step([Modifier(label="x", value=n)]).text == f"{n} zar"
        assert damage_words("bashing", n) == f"{n} künt hasar"


def test_a_success_or_more_in_russian(resolve, wod):
    with speaking("ru"):
        # four dice (2 − 1 + 3); 10s are rolled again
        for faces, said in (([8, 1, 1, 1], "1 успех"), ([8, 9, 1, 1], "2 успеха"),
                            ([10, 10, 8, 8, 8, 1], "5 успехов: исключительный успех")):
            chain = resolve("three-successes.toml", faces=faces)
            assert wod.steps(chain, "hit")[0].text == said


# -- what core words by key, and the per-language tables ------------------------------------
def test_keys_are_the_package_s_words():
    with speaking("ru"):
        assert term("bleeding_out", PACKAGES) == "истекает кровью"
        assert term("jammed", PACKAGES) == "заклинило"
        assert term("rounds_left", PACKAGES) == "осталось патронов"
        assert term("cover_durability", PACKAGES) == "прочность укрытия"
        assert ACTIONS()["clear-jam"].description.startswith("устранить заклинивание")
        assert check_action("clear-jam", ChainState(weapon={"status": "ok"})) == (
            "оружие исправно, не заклинило: устранять нечего")
    with speaking("tr"):
        assert term("dead", PACKAGES) == "ölü"
        assert ACTIONS()["clear-jam"].description.startswith("tutukluk")
    assert ACTIONS()["clear-jam"].description == "clear a jammed gun: it takes an action (no roll)"
    assert language() == "en"


@pytest.mark.parametrize(
    "name", ["four-targets-long-burst.toml", "specified-target-head.toml", "full-cover.toml",
             "four-targets-on-the-map.toml", "single-shot-into-close-combat.toml"],
)
def test_english_is_unchanged_after_another_language(resolve, name):
    before = msgspec.to_builtins(resolve(name, seed=2))
    for lang in ("ru", "tr"):
        with speaking(lang):
            other = msgspec.to_builtins(resolve(name, seed=2))
        assert other != before
    assert msgspec.to_builtins(resolve(name, seed=2)) == before
