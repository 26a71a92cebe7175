"""Measuring on the table: what a scenario's map (inches) says of the fields the
rules read.

Step 4 of the sequence measures the range, and step 5 asks who can react: a model
that sees the shooter may, one that does not only by its Alert [SEED]. So with a
``[map]``:

* each target's ``distance`` from the shooter is measured, and its reactor's;
* a unit's models stand on the map by the names the unit lists them under, and each
  model's ``distance`` is measured: wounds go to the nearest first [SEED];
* whether a model sees the shooter (``sees_shooter``: the target, its reactor, each
  model of a unit) is read off its facing and the walls: a model sees what lies in
  its field of view, 180° centred on where it faces [notes, SRC 2], with no wall
  across the line between them. A model with no facing on the map may face any
  way: only a wall across the line says it cannot see; otherwise its
  ``sees_shooter`` stays as the file gives it (or its default). A unit sees the
  shooter when one of its models does, and does not when none of them can.

"The shooter" is the model named in ``[shooter]``; a shooting unit that is not
placed under its own name stands where its models do: distances are from the
nearest of the models that shoot at the target, and a model sees the shooter when
it sees one of them. Distances are rounded to a tenth of an inch. A field the GM
typed wins, and the chain says both. Whether a target is ``partly_hidden`` stays
the GM's call: models are points on the map, and how much of one a wall hides is
not something a point can say.
"""

from __future__ import annotations

from typing import Any

from gunline import Area, Battlefield, Measure, hookimpl
from gunline.unvalidated import measured, table, tables, text

from .messages import _
from .units import inches

#: A model's field of view, degrees, centred on where it faces [notes, SRC 2].
FIELD_OF_VIEW = 180.0
_VIEW = f"{FIELD_OF_VIEW:g}"


def _shooting_at(document: dict[str, Any], battlefield: Battlefield, target: str | None, only: bool) -> list[str]:
    """Where the shots at ``target`` come from, by name: the shooter, or, for a unit
    not placed under its own name, its placed models that shoot at the target (all
    its placed models when none of those is)."""
    shooter = table(document.get("shooter"))
    name = text(shooter.get("name"))
    if battlefield.where(name) is not None:
        return [name] if name is not None else []
    placed = [m for m in tables(shooter.get("models")) if battlefield.where(text(m.get("name"))) is not None]
    aiming = []
    for m in placed:
        aims = m.get("targets")
        names = [a for a in aims if isinstance(a, str)] if isinstance(aims, list) else []
        if target in names or (not names and only):
            aiming.append(m)
    return [str(m["name"]) for m in aiming or placed]


def _distance(battlefield: Battlefield, eyes: list[str], name: str | None) -> tuple[float, str] | None:
    """The distance from the nearest of ``eyes`` to ``name``, to a tenth, and from whom."""
    found = [(d, e) for e in eyes if (d := battlefield.distance(e, name)) is not None]
    if not found:
        return None
    d, e = min(found)
    return inches(round(d, 1)), e


def _sight(battlefield: Battlefield, observer: str | None, eyes: list[str]) -> tuple[bool, str] | None:
    """Whether ``observer`` sees the shooter (any of ``eyes``), and why; None when the
    map cannot say (not placed, or no facing and nothing in the way)."""
    where = battlefield.where(observer)
    if observer is None or where is None or not eyes:
        return None
    turned = observer in battlefield.facing
    reasons = []
    for eye in eyes:
        there = battlefield.where(eye)
        if there is None:
            continue
        clear = battlefield.line_of_sight(where, there)
        facing = battlefield.facing_towards(observer, eye, FIELD_OF_VIEW)
        if clear and facing:
            return True, _("{observer} faces {shooter} (within its {view}° field of view) and no wall blocks the "
                           "line: sees him", observer=observer, shooter=eye, view=_VIEW)
        if not clear:
            reasons.append(_("a wall blocks the line from {observer} to {shooter}", observer=observer, shooter=eye))
        elif turned:
            heading = f"{battlefield.facing[observer]:g}"
            reasons.append(_("{shooter} is outside {observer}'s {view}° field of view (facing {facing}°)",
                             shooter=eye, observer=observer, view=_VIEW, facing=heading))
        else:
            return None  # nothing in the way, and no facing to say where it looks
    if not reasons:
        return None
    return False, _("{reasons}: does not see him", reasons="; ".join(reasons))


def _model(out: list[Measure], battlefield: Battlefield, model: dict[str, Any], path: str,
           eyes: list[str], distance: bool = True) -> bool | None:
    """Measure one placed model's distance and sight into ``out``; what it sees."""
    name = text(model.get("name"))
    if distance:
        far = _distance(battlefield, eyes, name)
        if far is not None:
            d, e = far
            said = _("{name}: {distance} from {shooter} on the map", name=name, distance=battlefield.say(d), shooter=e)
            out.append(measured(model, path, "distance", d, said))
    sight = _sight(battlefield, name, eyes)
    if sight is None:
        return None
    out.append(measured(model, path, "sees_shooter", sight[0], sight[1]))
    return sight[0]


@hookimpl
def measure(document: dict[str, Any], battlefield: Battlefield) -> list[Measure]:
    targets = tables(document.get("targets"))
    out: list[Measure] = []
    for i, target in enumerate(targets):
        name = text(target.get("name"))
        eyes = _shooting_at(document, battlefield, name, len(targets) == 1)
        if not eyes:
            continue
        path = f"targets[{i}]"
        models = tables(target.get("models"))
        if models:
            seen = [_model(out, battlefield, m, f"{path}.models[{j}]", eyes) for j, m in enumerate(models)]
            if any(seen) or (seen and all(s is False for s in seen)):
                unit = any(seen)
                words = _("one of its models sees him") if unit else _("none of its models sees him")
                out.append(measured(target, path, "sees_shooter", unit, f"{name}: {words}"))
        else:
            _model(out, battlefield, target, path, eyes)
        reactor = target.get("reactor")
        if isinstance(reactor, dict):
            _model(out, battlefield, reactor, f"{path}.reactor", eyes)
    return out


@hookimpl
def map_areas(attack: Any, chain: Any) -> list[Area] | None:
    """What to shade when the table is drawn: the reach of the shooter's weapon, a
    circle round him, when the weapon has a range. Nothing else: the 180° field of
    view that decides who sees the shooter is half a circle turned each model's way,
    which no area the map draws can show, and a whole circle round a model would say
    it sees behind it. With no range to show (the catalogue's bows give none), nothing
    is shaded."""
    field = attack.map
    reach = getattr(attack.weapon, "range", None)
    centre = field.where(attack.shooter.name) if field is not None else None
    if centre is None or reach is None:
        return []
    return [Area(shape="circle", label=_("{weapon}'s range, {distance}", weapon=attack.weapon.name,
                                         distance=field.say(reach)), centre=centre, radius=float(reach))]


def out_of_sight(attack: Any) -> list[str]:
    """On the table, a wall between the shooter and a target he shoots at refuses the
    shot (a unit's target is seen when one of its placed models is)."""
    field = attack.map
    if field is None:
        return []
    out = []
    for i, target in enumerate(attack.targets):
        models = [m.name for m in getattr(target, "models", None) or [] if field.where(m.name) is not None]
        if models:
            blocked = field.out_of_sight(attack.shooter.name, models)
            if len(blocked) == len(models):
                out.append(f"targets[{i}]: {blocked[0]}")
        else:
            out += [f"targets[{i}]: {why}" for why in field.out_of_sight(attack.shooter.name, [target.name])]
    return out
