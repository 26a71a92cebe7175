"""Samurai-era skirmish shooting rules (reactions, comparative tests, Lucky Chance) for gunline."""
