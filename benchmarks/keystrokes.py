"""Keystrokes from launch to a resolved chain, one example per ruleset (plain script:
prints numbers).

    uv run python benchmarks/keystrokes.py [--tiny]

The task, as at the table: the app opens, the GM picks the example from the bundled
examples (typing its name until the list holds it alone) and types the dice rolled
for it (those of ``gunline resolve FILE --seed
1``), a whole roll on a line (``ctrl+t``, then the faces of each roll run together
where the die has one digit, Enter). Every key pressed is counted; the chain the
app ends on is checked against the command line's for the same dice.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {
    "necromunda": "lasgun-long-range.toml",
    "wod": "four-targets-long-burst.toml",
    "fallout": "three_bullet_burst.toml",
    "samurai": "ninja_and_bushido_master.toml",
}


def cli_dice(path: Path) -> list[int]:
    """The dice ``gunline resolve FILE --seed 1`` uses."""
    from gunline import discover
    from gunline.runner import run
    from gunline.scenario import load_attack

    registry = discover()
    return list(run(registry, load_attack(registry, path), seed=1)[0].dice)


def roll_line(faces: list[int], sides: int) -> str:
    """A roll as typed: digits run together on one-digit dice (0 for 10), else apart."""
    if sides <= 10:
        return "".join("0" if f == 10 else str(f) for f in faces)
    return " ".join(map(str, faces))


async def keys_for(ruleset: str, file: str) -> tuple[int, int]:
    from gunline import discover
    from gunline.runner import chain_json
    from gunline_tui.app import make_app
    from gunline_tui.screens.dialogs import PickDialog
    from gunline_tui.screens.dice_entry import DiceEntryDialog
    from gunline_tui.testing import settle

    path = ROOT / "examples" / ruleset / file
    dice = cli_dice(path)
    app = make_app(discover())
    pressed = 0
    async with app.run_test(size=(80, 24)) as pilot:

        async def press(*keys: str) -> None:
            nonlocal pressed
            pressed += len(keys)
            await pilot.press(*keys)
            await settle(pilot)

        await settle(pilot)
        await press("f5", "enter")  # Library, then the bundled examples
        dialog = app.screen
        assert isinstance(dialog, PickDialog)
        # the list narrows as the example's name is typed: type until it is the only one
        stem = Path(file).stem
        typed = ""
        for char in stem:
            if len(dialog._shown) == 1:
                break
            typed += char
            await press({"-": "minus", "_": "underscore"}.get(char, char))
        assert [Path(key).name for _label, key in dialog._shown] == [file], (typed, dialog._shown)
        await press("enter")
        await press("ctrl+t")
        entry = app.screen
        assert isinstance(entry, DiceEntryDialog)
        used = 0
        while isinstance(app.screen, DiceEntryDialog):
            request = entry.request
            n = request.of - request.index + 1
            line = roll_line(dice[used:used + n], request.sides)
            used += n
            await press(*[("space" if c == " " else c) for c in line], "enter")
        chain = app.main.chain
        got = json.loads(chain_json(chain))["dice"]
        assert got == dice, (ruleset, got, dice)
    return pressed, len(dice)


def main() -> None:
    tiny = "--tiny" in sys.argv
    print("keystrokes from launch to a resolved chain, dice typed by hand (80x24)")
    print(f"   {'ruleset':<11} {'example':<32} {'dice':>5} {'keys':>5}")
    # two at the least: the second launch is where what the first one left (its
    # draft) would show
    for ruleset, file in list(EXAMPLES.items())[: 2 if tiny else None]:
        # a first launch each: a GM's own draft would be restored and asked about
        with tempfile.TemporaryDirectory(prefix="gunline-keys-") as home:
            os.environ["GUNLINE_HOME"] = home
            keys, dice = asyncio.run(keys_for(ruleset, file))
        print(f"   {ruleset:<11} {file:<32} {dice:>5} {keys:>5}", flush=True)


if __name__ == "__main__":
    main()
