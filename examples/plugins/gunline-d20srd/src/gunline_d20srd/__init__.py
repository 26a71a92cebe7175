"""d20 SRD: ranged attacks of the d20 System Reference Document (3.5), for gunline.

The attack roll and its modifiers live in :mod:`gunline_d20srd.attack`, damage in
:mod:`gunline_d20srd.damage`, the hooks in :mod:`gunline_d20srd.ruleset`, the
scenario vocabulary in :mod:`gunline_d20srd.schema` and the weapons of the SRD's
equipment table in :mod:`gunline_d20srd.catalogue`.
"""
