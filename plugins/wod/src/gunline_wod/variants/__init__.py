"""Variants of the World of Darkness ruleset, each its own plugin."""
