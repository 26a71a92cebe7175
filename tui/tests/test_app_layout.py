"""The screen at 80×24 and at 120×40, one example per ruleset: snapshots (SVG, as
Textual draws them), every chain line readable whole (Enter on it), and the room of
a big terminal used (chain and odds side by side).

Snapshots live in tests/snapshots/; after a change to the look, look at the new
ones and keep them: ``GUNLINE_UPDATE_SNAPSHOTS=1 uv run pytest tui/tests/test_app_layout.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gunline_tui.app import make_app
from gunline_tui.screens.dialogs import TextScreen
from gunline_tui.testing import check_snapshot, opened, run_async, settle
from gunline_tui.widgets.chain_view import ChainView

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = Path(__file__).parent / "snapshots"
EXAMPLES = {
    "necromunda": "heavy-bolter-sustained-fire.toml",
    "wod": "four-targets-long-burst.toml",
    "fallout": "three_bullet_burst.toml",
    "samurai": "ninja_and_bushido_master.toml",
}
SIZES = ((80, 24), (120, 40))


@pytest.fixture(autouse=True)
def same_seed(fixed_seed):
    """The same chain on every run."""


@pytest.fixture(scope="module")
def registry(installed_registry):
    return installed_registry


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
@run_async
async def test_snapshot_with_odds(registry, ruleset, size):
    app = make_app(registry, file=str(ROOT / "examples" / ruleset / EXAMPLES[ruleset]))
    async with app.run_test(size=size) as pilot:
        await opened(pilot, odds=True)
        if size == (120, 40):
            await pilot.press("f6")  # the odds beside the chain
            await settle(pilot)
        check_snapshot(app, SNAPSHOTS / f"{ruleset}-{size[0]}x{size[1]}.svg")


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
@run_async
async def test_every_chain_line_is_readable_whole_at_80x24_with_its_odds(registry, ruleset):
    app = make_app(registry, file=str(ROOT / "examples" / ruleset / EXAMPLES[ruleset]))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, odds=True)
        main = app.main
        chain = main.chain
        keys = [("step", i) for i in range(len(chain.steps))]
        keys += [("target", name) for name in chain.outcomes] + [("weapon",), ("dice",)]
        for key in keys:
            main.post_message(ChainView.Detail(key))
            await settle(pilot)
            page = app.screen
            assert isinstance(page, TextScreen)
            body = page.query_one("#text-body")
            text = "\n".join(str(w.render()) for w in page.query("Static"))
            assert body.region.right <= 80  # wrapped to the terminal, not cut
            if key[0] == "step":
                step = chain.steps[key[1]]
                assert step.text in text
                for roll in step.rolls:
                    assert " ".join(map(str, roll.values)) in text and roll.label in text
                for m in step.modifiers:
                    assert m.label in text
                p = main.odds.step_probability(step.target, step.kind)
                if p is not None and step.kind != "pool":
                    assert "odds:" in text, (ruleset, step.kind)
            elif key[0] == "target":
                assert chain.outcomes[key[1]] in text and "hit " in text and "wound " in text
            await pilot.press("escape")
            await settle(pilot)


@run_async
async def test_a_big_terminal_puts_the_odds_beside_the_chain(registry):
    app = make_app(registry, file=str(ROOT / "examples" / "wod" / EXAMPLES["wod"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        chain = app.screen.query_one("#chain")
        bottom = app.screen.query_one("#bottom")
        form = app.screen.query_one("#form")
        assert chain.region.right <= bottom.region.x  # side by side
        assert bottom.region.height >= 30 and chain.region.height >= 30
        assert form.region.right <= chain.region.x
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert chain.region.bottom <= bottom.region.y  # one above the other


@run_async
async def test_the_status_line_keeps_a_long_files_name_and_its_unsaved_mark(registry, tmp_path):
    """A long file name is cut in the middle to fit the one-line bar, never wrapped out
    of it: its start and its end, and the * of unsaved work, stay on show; a wider
    terminal shows it whole."""
    name = "the-raid-on-the-sump-tunnels-of-hive-primus-session-twelve.toml"
    path = tmp_path / name
    path.write_text((ROOT / "examples" / "wod" / EXAMPLES["wod"]).read_text(encoding="utf-8"), encoding="utf-8")
    app = make_app(registry, file=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        status = app.screen.query_one("#status")

        def shown() -> str:
            return str(status.render())

        assert "the-raid-on-the" in shown() and "twelve.toml" in shown() and "…" in shown()
        assert len(shown()) <= 78
        app.main.set_status("resolved again")
        assert "twelve.toml · " in shown(), shown()  # the message after the name is what is cut
        doc = app.main.model.doc
        app.main.model.replace(dict(doc, shooter=dict(doc["shooter"], name="Cartier")), "an edit")
        app.main.set_status("")
        assert app.main.model.dirty and shown().endswith("twelve.toml *"), shown()
        app.main.set_status("resolved again")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert f"· {name} *" in shown(), shown()


def test_a_text_too_long_for_its_room_is_cut_in_the_middle():
    from gunline_tui.shown import FEWEST_CELLS, shortened

    assert shortened("pit.toml", 20) == "pit.toml"
    assert shortened("abcdefghijklmnopqrstuvwxyz.toml", 20) == "abcdefghij…wxyz.toml"  # 10 cells, …, 9 cells
    assert len(shortened("abcdefghijklmnopqrstuvwxyz.toml", 20)) == 20
    assert len(shortened("abcdefghijklmnopqrstuvwxyz.toml", 3)) == FEWEST_CELLS
    wide = shortened("東京の地下トンネル襲撃第十二回.toml", 16)  # two cells a character
    from rich.cells import cell_len

    assert cell_len(wide) <= 16 and wide.startswith("東京") and wide.endswith(".toml")
    assert shortened("bad\x1b]0;name\x07.toml", 80) == "bad\\x1b]0;name\\x07.toml"  # made safe first


@run_async
async def test_the_outcome_lines_are_wrapped_again_when_the_chain_narrows(registry):
    """At 120 columns the map pane stands beside the chain, which narrows: an outcome
    line that fitted one line wraps to two, and the outcomes take the lines it needs
    (its last words were cut off before)."""
    app = make_app(registry, file=str(ROOT / "examples" / "necromunda" / "missile-on-the-map.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        outcomes = app.screen.query_one("#outcomes")
        lines = len(app.main.chain.outcomes)
        for size in ((120, 40), (80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            width = outcomes.content_region.width
            needed = outcomes.get_content_height(outcomes.size, app.size, width)
            assert outcomes.size.height == needed, (size, width)
            assert needed > lines if size == (120, 40) else needed == lines  # it wraps there, not here


@run_async
async def test_snapshot_in_russian_with_odds(registry):
    """The app in the seed's own language: the samurai duel at 120×40, the form,
    the chain and the odds in Russian (the README shows it)."""
    from gunline.language import speaking

    with speaking("ru"):
        app = make_app(registry, file=str(ROOT / "examples" / "samurai" / EXAMPLES["samurai"]))
        async with app.run_test(size=(120, 40)) as pilot:
            await opened(pilot, odds=True)
            await pilot.press("f6")
            await settle(pilot)
            check_snapshot(app, SNAPSHOTS / "samurai-ru-120x40.svg")
