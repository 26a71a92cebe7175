"""The pool step: the modified Shooting a target's shots are tested against.

A lone shooter's Shooting with the modifiers (cover); for a shooting unit, each
model's own, the step's value being the one most of its shots use. The step depends
on the attack, the modifiers and, for a unit, which of its models stand: worked out
once for those (:mod:`.settled`; a lone shooter's, once for its Shooting and the
modifiers), each chain's step made afresh.
"""

from __future__ import annotations

from gunline import ChainState, Modifier, Step

from . import volleys
from .characteristic import need_text
from .messages import _, kept
from .schema import SamuraiAttack, Settings, Target, settings_of
from .settled import settled, target_index


def pool_step(attack: SamuraiAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """The pool step for ``target``."""
    shooter = attack.shooter
    if not shooter.models:  # a lone shooter's: told by its Shooting and the modifiers alone
        skill, text = _lone(shooter.shooting, tuple(modifiers), settings_of(attack))
        return Step(kind="pool", value=skill, modifiers=modifiers, text=text)
    stands = volleys.stands(attack, state.shooter)
    which = target_index(attack, target)
    if which is None:  # a target of no attack: worked out afresh
        return _pool(attack, target, modifiers, _standing(attack, stands))
    value, text, skills = settled(attack, ("pool", which, tuple(modifiers), stands),
                                  lambda: _kept(_pool(attack, target, modifiers, _standing(attack, stands))))
    return Step(kind="pool", value=value, modifiers=modifiers, text=text,
                data=None if skills is None else {"skills": dict(skills)})


@kept
def _lone(base: int, modifiers: tuple[Modifier, ...], settings: Settings) -> tuple[int, str]:
    """A lone shooter's pool: its Shooting with the modifiers, and the words."""
    skill = base + sum(m.value for m in modifiers)
    if modifiers:
        terms = "".join(f" {m.value:+d}" for m in modifiers)
        # Translators: «Умение стрелять»; {terms} are the modifiers, " -2"
        return skill, _("Shooting {base}{terms} = {skill}: needs {need}", base=base, terms=terms, skill=skill,
                        need=need_text(skill, settings))
    return skill, _("Shooting {base}: needs {need}", base=base, need=need_text(skill, settings))


def _kept(step: Step) -> tuple[int | float | None, str, tuple[tuple[str | None, int], ...] | None]:
    skills = (step.data or {}).get("skills")
    return step.value, step.text, None if skills is None else tuple(skills.items())


def _standing(attack: SamuraiAttack, stands: tuple[str, ...]) -> ChainState:
    """A state where a shooting unit's models stand as ``stands`` says."""
    return ChainState(shooter={"models": {m.name: {"status": s} for m, s in zip(attack.shooter.models, stands)}})


def _pool(attack: SamuraiAttack, target: Target, modifiers: list[Modifier], state: ChainState) -> Step:
    """A shooting unit's pool: each model's Shooting with the modifiers."""
    change = sum(m.value for m in modifiers)
    terms = "".join(f" {m.value:+d}" for m in modifiers)
    settings = settings_of(attack)
    aimed = volleys.volleys_at(attack, target, state.shooter)
    skills = {v.model: v.shooting + change for v in aimed}
    skill = volleys.main(aimed, "shooting") + change if aimed else attack.shooter.shooting + change
    if modifiers:
        # Translators: {terms} are the modifiers, " -2"
        shown = "; ".join(_("{model} Shooting {base}{terms} = {skill}: needs {need}", model=v.model, base=v.shooting,
                            terms=terms, skill=v.shooting + change, need=need_text(v.shooting + change, settings))
                          for v in aimed)
    else:
        shown = "; ".join(_("{model} Shooting {base}: needs {need}", model=v.model, base=v.shooting,
                            need=need_text(v.shooting + change, settings)) for v in aimed)
    return Step(kind="pool", value=skill, modifiers=modifiers, text=shown or _("no model shoots at it"),
                data={"skills": skills})
