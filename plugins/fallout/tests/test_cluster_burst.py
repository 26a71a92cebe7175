"""The clustered burst variant (notes FO-5 to FO-12)."""

import pytest

from gunline_fallout.variants.cluster_burst import rounded_chance

CLUSTER = "fallout.cluster-burst"


@pytest.mark.parametrize(
    "chance, bullets, rounds_up, expected",
    [
        (73, 10, False, 70),  # FO-5: more than 5 bullets round down
        (45, 3, False, 50),   # FO-6: 5 or fewer round up
        (73, 3, False, 80),   # FO-7
        (45, 10, False, 40),  # FO-8
        (73, 40, True, 80),   # FO-9: a minigun always rounds up
        (70, 3, False, 70),   # FO-10: already a multiple of ten
        (70, 10, False, 70),
        (70, 25, True, 70),
        (45, 5, False, 50),   # exactly 5 rounds up
        (45, 6, False, 40),
    ],
)
def test_rounding_to_tens(chance, bullets, rounds_up, expected):
    assert rounded_chance(chance, bullets, rounds_up) == expected


def test_fo11_seed_dice_score_six_hits_and_send_four_on(registry, fo):
    doc = fo.example("cluster_burst_seventy.toml")
    doc["weapon"]["damage"] = "0"  # keep the script to the to-hit dice
    faces = [1, 7, 8, 0, 3, 9, 7, 2, 0, 5] + [99] * 6 + [6, 7, 1, 10] + [99] * 2
    chain = fo.resolve_doc(registry, doc, faces)
    raider = fo.steps(chain, "hit", "raider")[0]
    pool = fo.steps(chain, "pool", "raider")[0]
    assert pool.data["chance"] == 73 and pool.value == 70  # the chance shown is the one rolled against
    assert raider.value == 6 and raider.data["rounded"] == 70 and raider.rolls[0].dice == "10d10"
    dog = fo.steps(chain, "hit", "dog")[0]
    # the dog: 67% rounds down to 60 (a 10-bullet burst): 6 and 1 hit, 7 and 0 miss
    assert dog.data["bullets"] == 4 and dog.data["rounded"] == 60 and dog.value == 2


def test_fo12_a_zero_misses_even_at_100(registry, doc, fo):
    doc.update(mode="burst", variants=[CLUSTER])
    doc["weapon"]["damage"] = "0"
    doc["shooter"]["skill"] = 96  # 3 bullets: rounds up to 100
    chain = fo.resolve_doc(registry, doc, [0, 9, 1, 99, 99])
    hit = fo.steps(chain, "hit")[0]
    assert hit.data["rounded"] == 100 and hit.value == 2 and hit.rolls[0].values == [10, 9, 1]


def test_single_shots_are_untouched_by_the_variant(registry, doc, fo):
    chain = fo.resolve_doc(registry, doc, [61, 99], CLUSTER)
    assert fo.steps(chain, "hit")[0].rolls[0].dice == "1d100"
