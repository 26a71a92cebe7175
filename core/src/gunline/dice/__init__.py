"""Dice interpreters: one rules program, several ways to run it."""

from .base import Dice
from .random import RandomDice
from .requests import BadFace, DiceNeeded, DieRequest, need_text
from .scripted import ScriptedDice, manual_dice

__all__ = [
    "BadFace",
    "Dice",
    "DiceNeeded",
    "DieRequest",
    "RandomDice",
    "ScriptedDice",
    "manual_dice",
    "need_text",
]
