"""Dice interpreters: one rules program, several ways to run it."""

from .base import Dice
from .random import RandomDice
from .requests import BadFace, DiceInterrupt, DiceNeeded, DieRequest, need_text
from .scripted import ScriptedDice, manual_dice

__all__ = [
    "BadFace",
    "Dice",
    "DiceInterrupt",
    "DiceNeeded",
    "DieRequest",
    "RandomDice",
    "ScriptedDice",
    "manual_dice",
    "need_text",
]
