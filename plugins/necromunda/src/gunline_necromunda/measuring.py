"""Measuring on the table: what a scenario's map says of the fields the rules read.

With a ``[map]`` (inches), each fighter's ``distance`` from the shooter is measured;
with sustained fire, whether a fighter stands within 4" of the first target
(``near_first``); with a blast that hits, how each other fighter lies under the
template centred on the first target (``under_template``). A field the GM typed wins,
and the chain says both. A blast that misses scatters from the first target: the
scatter dice's face is a direction (1 east, then every 60° anticlockwise: 2, 3 ... 6)
and the artillery dice the inches; where it lands decides who lies under it, unless
the GM marked ``under_scatter`` himself. Every fighter stands on a round base of 1"
(radius ½").
"""

from __future__ import annotations

from typing import Any

from gunline import Area, Battlefield, Measure, hookimpl
from gunline.battlefield import Point, displaced
from gunline.dice import faces
from gunline.unvalidated import measured, table, tables, text, with_catalogue

from .catalogue import CATALOGUE
from .messages import _, word

#: Template radii, inches: the small blast 2" across, the large 3".
BLAST_RADIUS = {"small_blast": 1.0, "large_blast": 1.5}
#: Sustained fire: the extra shots may go at fighters within this of the first target.
NEAR_FIRST = 4.0
#: The scatter dice's faces as bearings (degrees anticlockwise from east).
BEARINGS = faces({1: 0.0, 2: 60.0, 3: 120.0, 4: 180.0, 5: 240.0, 6: 300.0})
#: ``state.attack``: where a scattered blast came down, when there is a map.
LANDED = "landed"


@hookimpl
def measure(document: dict[str, Any], battlefield: Battlefield) -> list[Measure]:
    shooter = text(table(document.get("shooter")).get("name"))
    targets = tables(document.get("targets"))
    weapon = with_catalogue(document.get("weapon"), CATALOGUE)
    out = []
    for i, target in enumerate(targets):
        d = battlefield.distance(shooter, text(target.get("name")))
        if d is not None:
            inches = round(d, 1)
            out.append(measured(target, f"targets[{i}]", "distance", inches,
                                 _("{target}: {distance} from {shooter} on the map", target=target.get("name"),
                                   distance=battlefield.say(inches), shooter=shooter)))
    first = text(targets[0].get("name")) if targets else None
    centre = battlefield.where(first)
    if centre is None:
        return out
    for i, target in enumerate(targets[1:], 1):
        name = text(target.get("name"))
        if battlefield.where(name) is None:
            continue
        if weapon.get("sustained_fire"):
            apart = battlefield.distance(first, name) or 0.0
            near = apart <= NEAR_FIRST
            said = {"distance": battlefield.say(round(apart, 1)), "first": first, "near": f"{NEAR_FIRST:g}"}
            out.append(measured(target, f"targets[{i}]", "near_first", near,
                                 _("{distance} from {first}: within {near}\"", **said) if near
                                 else _("{distance} from {first}: beyond {near}\"", **said)))
        template = weapon.get("template")
        radius = BLAST_RADIUS.get(template) if isinstance(template, str) else None
        if radius is not None:
            lies = battlefield.coverage(centre, radius, name)
            out.append(measured(target, f"targets[{i}]", "under_template", lies, _lies_under(lies, first)))
    return out


def _lies_under(lies: str, first: str | None) -> str:
    """How a fighter lies under the template if it comes down on ``first``."""
    if lies == "wholly":
        return _("wholly under the template if it comes down on {target}", target=first)
    if lies == "partly":
        return _("partly under the template if it comes down on {target}", target=first)
    return _("not under the template if it comes down on {target}", target=first)


def landing(attack: Any, target_name: str, bearing: float, inches: float) -> Point | None:
    """Where a blast aimed at ``target_name`` comes down after scattering, on the map
    (None without one, or with the target not placed)."""
    field = attack.map
    centre = field.where(target_name) if field is not None else None
    if centre is None:
        return None
    x, y = displaced(centre, bearing, inches)
    return (round(x, 3), round(y, 3))


def under_scatter(attack: Any, target: Any, landed: Any) -> str:
    """How ``target`` lies under the scattered blast: as the GM marked it, else, with
    a map, as it lies where the blast came down."""
    if target.under_scatter != "none" or attack.map is None or landed is None:
        return str(target.under_scatter)
    radius = BLAST_RADIUS.get(attack.weapon.template)
    if radius is None:
        return "none"
    return attack.map.coverage((landed[0], landed[1]), radius, target.name)


@hookimpl
def map_areas(attack: Any, chain: Any) -> list[Area] | None:
    """What to shade when the table is drawn: the template centred on the first
    target (as aimed, or when the blast hit), and the template where a scattered blast
    came down, its centre marked."""
    field = attack.map
    radius = BLAST_RADIUS.get(attack.weapon.template) if field is not None else None
    first = attack.targets[0].name if attack.targets else None
    centre = field.where(first) if field is not None else None
    if radius is None or centre is None:
        return None
    size = word(str(attack.weapon.template))
    landed = [s for s in chain.steps if s.kind == "scatter" and s.data.get(LANDED)] if chain is not None else []
    if landed:
        x, y = landed[0].data[LANDED]
        return [Area(shape="circle", label=_("{template} template where it came down", template=size),
                     centre=(x, y), radius=radius, mark=True)]
    missed = chain is not None and any(s.kind == "scatter" for s in chain.steps)
    if missed:  # a dud or a misfire: nothing comes down on the table
        return []
    return [Area(shape="circle", label=_("{template} template on {target}", template=size, target=first),
                 centre=centre, radius=radius)]


def out_of_sight(attack: Any) -> list[str]:
    """On the table, a wall between the shooter and a fighter he shoots at refuses
    the shot: the first target always, and with a weapon that is no template the
    others too (a template covers whoever lies under it, seen or not)."""
    field = attack.map
    if field is None or not attack.targets:
        return []
    template = attack.weapon.template not in (None, "none")
    shot_at = attack.targets[:1] if template else attack.targets
    return [f"targets[{i}]: {why}" for i, t in enumerate(shot_at)
            for why in field.out_of_sight(attack.shooter.name, [t.name])]
