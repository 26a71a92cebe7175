"""Dice interpreters: one rules program, several ways to run it."""

from .base import Dice
from .random import RandomDice
from .reads import FaceTable, Read, at_least, at_most, faces, need_of
from .requests import BadFace, DiceInterrupt, DiceNeeded, DieRequest, need_text
from .results import Rolled, Tally
from .scripted import ScriptedDice, manual_dice

__all__ = [
    "BadFace",
    "Dice",
    "DiceInterrupt",
    "DiceNeeded",
    "DieRequest",
    "FaceTable",
    "RandomDice",
    "Read",
    "Rolled",
    "ScriptedDice",
    "Tally",
    "at_least",
    "at_most",
    "faces",
    "manual_dice",
    "need_of",
    "need_text",
]
