"""Necromunda (1995) shooting rules for gunline.

The hooks are in :mod:`.ruleset`; each rule lives in its own module (:mod:`.to_hit`,
:mod:`.to_hit_roll`, :mod:`.hits`, :mod:`.wounds`, :mod:`.ammo`, :mod:`.shots`,
:mod:`.targeting`), whose functions are public so that variants can reuse them.
"""
