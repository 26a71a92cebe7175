"""Dice typed a whole roll at a time: faces apart or run together, a pool's count
alone, rerolls asked for next in the same way; and the prompt names the model whose
die it is."""

from __future__ import annotations

import json
import tomllib
from contextlib import asynccontextmanager
from pathlib import Path

from gunline import discover
from gunline.cli import main as cli
from gunline.runner import chain_json
from gunline_tui.app import make_app
from gunline_tui.screens.dice_entry import DiceEntryDialog
from gunline_tui.testing import answer, burst, run_async, screen_text, settle

ROOT = Path(__file__).resolve().parents[2]
THREE = ROOT / "examples" / "wod" / "three-successes.toml"
NINJA = ROOT / "examples" / "samurai" / "ninja_and_bushido_master.toml"


def cli_chain(capsys, path: Path, faces: list[int]) -> dict:
    assert cli(["resolve", str(path), "--dice", ",".join(map(str, faces)), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def unmarked(chain) -> dict:
    got = json.loads(chain_json(chain))
    got["manual"] = []
    for step in got["steps"]:
        for roll in step["rolls"]:
            roll["manual"] = False
    return got


async def dialog_of(pilot) -> DiceEntryDialog:
    await pilot.press("ctrl+t")
    await settle(pilot)
    assert isinstance(pilot.app.screen, DiceEntryDialog)
    return pilot.app.screen


@run_async
async def test_a_pool_on_one_line_then_its_reroll(capsys):
    expected = cli_chain(capsys, THREE, [8, 9, 2, 10, 3])
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = await dialog_of(pilot)
        assert dialog.request_text == "Farrow, attack pool, die 1 of 4: d10, 8+ succeeds"
        assert "the 4 faces, apart (or run together: 7927), or the successes alone: 3s" in screen_text(app)
        await answer(pilot, "8920")  # run together, 0 is the 10 that rolls again
        await settle(pilot)
        assert "reroll" in dialog.request_text and dialog.faces == [8, 9, 2, 10]
        await answer(pilot, "3")
        await settle(pilot)
        assert not isinstance(app.screen, DiceEntryDialog)
        assert unmarked(app.main.chain) == expected
        assert app.main.chain.manual == [0, 1, 2, 3, 4]


@run_async
async def test_a_pool_by_its_count_of_successes(capsys):
    expected = cli_chain(capsys, THREE, [8, 8, 8, 7])
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = await dialog_of(pilot)
        await answer(pilot, "3 x")
        await settle(pilot)
        assert "'x' is not a face" in screen_text(app) and dialog.faces == []  # nothing taken
        await answer(pilot, "3s")
        await settle(pilot)
        assert unmarked(app.main.chain) == expected
        hit = next(s for s in app.main.chain.steps if s.kind == "hit")
        assert hit.value == 3


@run_async
async def test_the_prompt_names_the_model_whose_die_it_is():
    app = make_app(discover(), doc=tomllib.loads(NINJA.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = await dialog_of(pilot)
        assert dialog.request_text.startswith("Ninja, to hit at General, die 1 of 2: d10")
        await answer(pilot, "23")
        await settle(pilot)
        assert dialog.faces[:2] == [2, 3]
        await pilot.press("backspace")  # the last die taken back
        await settle(pilot)
        assert dialog.faces == [2]


@run_async
async def test_a_roll_typed_at_once_after_ctrl_t_is_not_lost(capsys):
    expected = cli_chain(capsys, THREE, [8, 9, 2, 7])
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+t", *"8927", "enter")  # no pause: the dialog is still opening
        await settle(pilot)
        assert not isinstance(app.screen, DiceEntryDialog)
        assert unmarked(app.main.chain) == expected


@run_async
async def test_keys_that_arrive_together_are_taken_in_the_order_typed():
    """A GM types ``8 9 3``, takes the 3 back and types 2: over SSH the keys may come
    in one burst. Backspace, Ctrl+U and Enter are the line's own bindings, which ran
    after the characters typed after them: the line read ``8 9 3``, and Ctrl+U then a
    roll then Enter rolled a die for the GM and left the roll typed in the line."""
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = await dialog_of(pilot)
        burst(app, "8", "space", "9", "space", "3", "backspace", "2", "space", "0", "enter")
        await settle(pilot)
        assert dialog.faces == [8, 9, 2, 10] and "reroll" in dialog.request_text
        burst(app, "x", "y", "z", "ctrl+u", "3", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, DiceEntryDialog)
        assert app.main.chain.manual == [0, 1, 2, 3, 4]  # every die the GM's: none rolled for them
        assert [r.values for s in app.main.chain.steps for r in s.rolls] == [[8, 9, 2, 10, 3]]


@run_async
async def test_lines_typed_together_are_each_read_against_the_die_asked_for_in_turn(capsys):
    """Two lines in one burst: the second came while the chain was re-run with the
    first, and was read against the first's request (the pool's 4 dice), its faces
    added after faces already added. Each line is now kept until the die it answers
    is asked for."""
    expected = cli_chain(capsys, THREE, [8, 9, 2, 10, 3])
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await dialog_of(pilot)
        burst(app, *"8920", "enter", "3", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, DiceEntryDialog)
        assert unmarked(app.main.chain) == expected


@run_async
async def test_a_take_back_typed_with_the_lines_takes_back_the_die_before_it(capsys):
    """``8920 Enter Backspace 7 Enter`` at once: the 10 (which would roll again) taken
    back and replaced by a 7, in the order typed."""
    expected = cli_chain(capsys, THREE, [8, 9, 2, 7])
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await dialog_of(pilot)
        burst(app, *"8920", "enter", "backspace", "7", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, DiceEntryDialog)
        assert unmarked(app.main.chain) == expected


@run_async
async def test_lines_typed_behind_a_refused_line_are_not_read_as_its_roll():
    """A line refused (not a roll) is put back to be typed again; the lines typed
    behind it before the GM could see that were meant for the dice after it, so they
    are not taken as the answer to the die it was for, and the GM is told."""
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = await dialog_of(pilot)
        burst(app, "z", "enter", "3", "enter", "backspace")
        await settle(pilot)
        assert isinstance(app.screen, DiceEntryDialog)
        assert dialog.faces == []
        assert dialog.query_one("#die-input").value == "z"
        assert dialog.query_one("#die-input").cursor_position == 1  # Backspace mends it (it was at 0)
        assert "what was typed after it was not taken" in screen_text(app)
        await answer(pilot, "8920")  # typed after the refusal was shown: taken
        await settle(pilot)
        assert dialog.faces == [8, 9, 2, 10]


@asynccontextmanager
async def typed_under_slow_rules(monkeypatch, *keys):
    """The app, its dice dialog given ``keys`` at once under rules slow enough that
    the chain is re-run off the event loop, once the dialog has closed (or 2 s)."""
    import time

    from gunline_tui.screens import dice_entry

    real = dice_entry.next_die

    def slow(*args, **kwargs):
        time.sleep(0.15)  # longer than the event loop waits for a result
        return real(*args, **kwargs)

    monkeypatch.setattr(dice_entry, "next_die", slow)
    app = make_app(discover(), doc=tomllib.loads(THREE.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+t")
        burst(app, *keys)
        for _ in range(40):
            await pilot.pause(0.05)
            if not isinstance(app.screen, DiceEntryDialog):
                break
        yield app


@run_async
async def test_lines_typed_while_a_slow_chain_is_re_run_wait_their_turn(capsys, monkeypatch):
    """Rules slow enough that the chain is re-run off the event loop: the lines typed
    meanwhile wait for the die they answer, and a line typed after the last die is
    said not to be needed (it was taken as a further die asked for before)."""
    expected = cli_chain(capsys, THREE, [8, 9, 2, 10, 3])
    async with typed_under_slow_rules(monkeypatch, *"8920", "enter", "3", "enter", "5", "enter") as app:
        assert not isinstance(app.screen, DiceEntryDialog)
        assert unmarked(app.main.chain) == expected
        assert any("1 line typed after the last die was not needed" in str(n.message) for n in app._notifications)


@run_async
async def test_keys_typed_after_the_last_die_and_no_enter_are_said_not_taken(capsys, monkeypatch):
    """``3 Enter jk`` at once, the 3 the last die: jk went into the dialog's line
    while the chain was re-run, and went with the dialog without a word."""
    expected = cli_chain(capsys, THREE, [8, 9, 2, 10, 3])
    async with typed_under_slow_rules(monkeypatch, *"8920", "enter", "3", "enter", "j", "k") as app:
        assert not isinstance(app.screen, DiceEntryDialog)
        assert unmarked(app.main.chain) == expected
        said = [str(n.message) for n in app._notifications]
        assert "typed after the last die and not taken: 'jk'" in said


@run_async
async def test_the_lines_example_shows_faces_the_die_asked_for_can_show():
    lasgun = ROOT / "examples" / "necromunda" / "lasgun-long-range.toml"
    app = make_app(discover(), doc=tomllib.loads(lasgun.read_text()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = await dialog_of(pilot)
        assert "d6" in dialog.request_text
        assert dialog.query_one("#die-input").placeholder == "the roll: 1"  # was "7 9 2 7", on a d6
