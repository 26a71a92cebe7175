"""The resolved chain as a tree: attack → target → step → dice and modifiers.

Nothing is said by colour alone: hit and miss are the step's own words, changed
steps carry ``≠`` (and a ``was:`` line), new ones ``+``, typed dice ``✎``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static, Tree

from gunline.models import Chain, Roll, Step
from gunline.replay import Comparison

MARKS = {"changed": "≠ ", "new": "+ ", "": ""}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def step_label(step: Step, mark: str = "", odds: float | None = None) -> Text:
    value = "—" if step.value is None else str(step.value)
    text = Text(MARKS.get(mark, ""), style="bold reverse" if mark else "")
    text.append(f"{step.kind} {value}", style="bold")
    if step.text:
        text.append(f"  {step.text}")
    if odds is not None:
        text.append(f"  p={odds:.0%}", style="italic")
    text.append(f"  [{step.source}]", style="dim")
    return text


def roll_label(roll: Roll) -> Text:
    """``✎ attack pool 4d10: 7 9 10 3 2 → 2 (needs 8+, 10-again)``: the typed mark
    first and the faces early, so that they show even in a narrow pane."""
    faces = " ".join(str(v) for v in roll.values)
    need = f" (needs {roll.need})" if roll.need else ""
    chance = " (chance die)" if roll.chance and "chance" not in roll.dice else ""
    text = Text("✎ typed " if roll.manual else "", style="bold")
    text.append(f"{roll.label} {roll.dice}{chance}: {faces} → {roll.total}{need}")
    return text


class ChainView(Vertical):
    """Outcome lines to read out, and the chain tree beneath them."""

    def compose(self) -> ComposeResult:
        yield Static("No chain yet: Ctrl+R resolves the scenario.", id="chain-title")
        yield Static("", id="outcomes")
        tree: Tree[None] = Tree("chain", id="chain-tree")
        tree.show_root = False
        tree.guide_depth = 2
        yield tree

    def show(
        self,
        chain: Chain,
        how: str,
        diff: Comparison | None = None,
        odds: Any = None,
    ) -> None:
        self._last = (chain, how, diff)
        marks = diff.steps if diff is not None else [""] * len(chain.steps)
        title = Text(f"{chain.ruleset}", style="bold")
        if chain.variants:
            title.append(f" + {', '.join(chain.variants)}")
        title.append(f" · {how}")
        if chain.manual:
            title.append(f" · ✎ {len(chain.manual)} of {len(chain.dice)} dice typed by hand")
        if diff is not None and diff.any:
            title.append("  ≠ marks what changed", style="bold")
        self._fit(self.query_one("#chain-title", Static), title)

        lines = Text()
        for i, (name, line) in enumerate(chain.outcomes.items()):
            if i:
                lines.append("\n")
            changed = diff is not None and name in diff.outcomes
            lines.append("≠ " if changed else "► ", style="bold")
            lines.append(line)
            if changed:
                lines.append(f"  (was: {diff.outcomes[name]})", style="italic")
        self._fit(self.query_one("#outcomes", Static), lines)

        tree = self.query_one("#chain-tree", Tree)
        tree.clear()
        nodes = {}
        attack_node = None
        for i, (step, mark) in enumerate(zip(chain.steps, marks)):
            if step.target is None:
                if attack_node is None:
                    attack_node = tree.root.add(Text("attack", style="bold"), expand=True)
                parent = attack_node
            else:
                parent = nodes.get(step.target)
                if parent is None:
                    parent = tree.root.add(Text(step.target, style="bold"), expand=True)
                    nodes[step.target] = parent
            # a pool is what the roll is made against, not an event: no chance beside it
            p = odds.step_probability(step.target, step.kind) if odds is not None and step.kind != "pool" else None
            node = parent.add(step_label(step, mark, p), expand=bool(mark) or step.kind == "hit")
            if mark == "changed" and diff is not None and i in diff.was:
                old = diff.was[i]
                node.add_leaf(Text(f"was: {old.kind} {old.value}  {old.text}", style="italic"))
            for roll in step.rolls:
                node.add_leaf(roll_label(roll))
            for m in step.modifiers:
                node.add_leaf(Text(f"{_signed(m.value)} {m.label}  ({m.source})"))
            if not step.rolls and not step.modifiers and not node.children:
                node.allow_expand = False
        if diff is not None:
            for old in diff.removed:
                parent = nodes.get(old.target) or tree.root
                parent.add_leaf(Text(f"− removed: {old.kind} {old.value}  {old.text}", style="italic"))
        weapon = chain.weapon
        rounds = weapon.get("rounds_left")
        tree.root.add_leaf(
            Text(f"weapon {weapon.get('status', '')}" + (f", {rounds} rounds left" if rounds is not None else ""))
        )
        tree.root.add_leaf(Text("dice: " + (" ".join(str(d) for d in chain.dice) or "none")))

    _last: tuple[Chain, str, Comparison | None] | None = None

    def _fit(self, widget: Static, text: Text) -> None:
        """Update a Static, asking for a new layout only when its height changes:
        a layout pass costs as much as the whole screen has widgets, and this runs
        after every edit."""
        width = max(1, widget.content_region.width or widget.size.width or 40)
        height = len(text.wrap(self.app.console, width))
        if widget.styles.height is not None and widget.styles.height.value == height and width > 1:
            widget.update(text, layout=False)
        else:
            widget.styles.height = height
            widget.update(text)

    def set_odds(self, odds: Any) -> None:
        """Show each step's probability beside it (the chain itself is unchanged)."""
        if self._last is not None:
            self.show(*self._last, odds=odds)

    def show_problem(self, message: str) -> None:
        self._fit(self.query_one("#chain-title", Static), Text("✗ cannot resolve: " + message))
