"""Necromunda (1995) shooting rules for gunline."""
