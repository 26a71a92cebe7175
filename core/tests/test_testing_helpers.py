"""``gunline.testing``'s helpers for a ruleset's own rule tests: ``chain_for`` with
forced dice, ``odds_for`` with the exact odds, both from a file or a dict."""

import pytest

from gunline import BadInput
from gunline.testing import chain_for, odds_for, registry_of

#: Ann (4+ to hit) fires twice at Cy, who is in cover (5+) and takes two wounds to fall.
DOUBLE_AT_COVER = {
    "ruleset": "toy",
    "mode": "double",
    "shooter": {"name": "Ann", "skill": 4},
    "weapon": {"name": "pistol"},
    "targets": [{"name": "Cy", "wounds": 2, "cover": True}],
}


def test_odds_for_gives_the_exact_odds_of_a_document(toy):
    odds = odds_for(DOUBLE_AT_COVER, registry=registry_of(toy))
    # each shot hits on 5 or 6: both (1/3)^2, one 2 * 1/3 * 2/3, neither (2/3)^2
    assert odds.exact
    assert odds.targets["Cy"].status == pytest.approx({"unharmed": 4 / 9, "wounded": 4 / 9, "dead": 1 / 9})
    assert odds.targets["Cy"].hit == pytest.approx(5 / 9)


def test_odds_for_reads_a_file_too(toy, tmp_path):
    path = tmp_path / "double.toml"
    path.write_text(
        'ruleset = "toy"\nmode = "double"\n[shooter]\nname = "Ann"\nskill = 4\n[weapon]\nname = "pistol"\n'
        '[[targets]]\nname = "Cy"\nwounds = 2\ncover = true\n'
    )
    assert odds_for(path, registry=registry_of(toy)).targets["Cy"].status["dead"] == pytest.approx(1 / 9)


def test_chain_for_forces_the_dice(toy):
    chain = chain_for(DOUBLE_AT_COVER, dice=[5, 6], registry=registry_of(toy))
    assert chain.targets["Cy"] == {"status": "dead", "wounds_left": 0}


def test_both_refuse_a_bad_document_as_the_command_line_does(toy):
    bad = {**DOUBLE_AT_COVER, "shooter": {"name": "Ann", "skill": 9}}
    with pytest.raises(BadInput, match="shooter.skill"):
        odds_for(bad, registry=registry_of(toy))
    with pytest.raises(BadInput, match="shooter.skill"):
        chain_for(bad, dice=[6, 6], registry=registry_of(toy))
