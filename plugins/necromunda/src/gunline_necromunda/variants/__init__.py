"""Variants of the necromunda ruleset, each its own plugin (entry point)."""
