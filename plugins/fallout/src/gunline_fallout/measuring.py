"""The hex map: what a scenario's ``[map]`` says of the fields the rules read.

Fallout is played on hexes, 1 hex = 1 metre («1 гекс = 1 м»). With the models
placed, each target's ``distance`` is counted in hexes from the shooter. A burst
reads more: «площадь поражения увеличивается на 1 гекс в направлении ведения
стрельбы и также увеличивается на 1 гекс с каждой стороны» — the burst area is the
line of fire, 1 hex further and 1 hex wider on each side: a 3-hex-wide band. Who
stands in it is each target's ``in_area``. And «персонаж может стрелять ТОЛЬКО в
ближайший к нему объект в направлении стрельбы»: the bullets reach the objects in
the band nearest the shooter first (Dr. Horat 3 hexes away before the bandit 6
away), so the targets are put in that order, those outside the band after them.

The band runs from the shooter through the model the burst is fired at,
``line_of_fire``: unset, the farthest target on the map (the one the shooter means to
reach; whoever stands nearer in the band takes the bullets first). It names a model,
not a place in the list, so the order the targets are put in never changes it.

A field the GM typed wins over the map, and the chain says both.
"""

from __future__ import annotations

from typing import Any

from gunline import Area, Battlefield, Measure, hookimpl
from gunline.unvalidated import measured, table, tables, text

from .messages import _

#: «на 1 гекс в направлении ведения стрельбы»: hexes the band runs past the model
#: the burst is fired at.
BAND_BEYOND = 1
#: «на 1 гекс с каждой стороны»: hexes on each side of the line of fire.
BAND_SIDE = 1
#: The top-level key naming the model the burst is fired at.
LINE_OF_FIRE = "line_of_fire"


def _hexes(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def band_words(shooter: str, aimed: str) -> str:
    width = 2 * BAND_SIDE + 1
    return _("the {width}-hex band from {shooter} through {aimed}, {beyond} beyond", width=width, shooter=shooter,
             aimed=aimed, beyond=BAND_BEYOND)


def farthest(battlefield: Battlefield, shooter: str, names: list[str]) -> str | None:
    """The target farthest from the shooter on the map (of two as far, the first by
    name, so that the answer does not hang on the order they are listed in)."""
    placed = [(battlefield.distance(shooter, n), n) for n in names]
    known = [(d, n) for d, n in placed if d is not None]
    if not known:
        return None
    most = max(d for d, _ in known)
    return min(n for d, n in known if d == most)


@hookimpl
def measure(document: dict[str, Any], battlefield: Battlefield) -> list[Measure]:
    """The targets' distances; for a burst also the line of fire, who stands in its
    band and the order the bullets reach them. Listed as the chain will take the
    targets, so that the same map listed in another order reads the same."""
    shooter = text(table(document.get("shooter")).get("name"))
    targets = tables(document.get("targets"))
    names = [text(t.get("name")) for t in targets]
    each: dict[int, list[Measure]] = {}
    hexes: dict[int, int] = {}
    for i, (target, name) in enumerate(zip(targets, names)):
        d = battlefield.distance(shooter, name)
        if d is not None and shooter is not None:
            hexes[i] = int(d)
            each[i] = [measured(target, f"targets[{i}]", "distance", hexes[i],
                                _("{name}: {distance} from {shooter} on the map", name=name,
                                  distance=battlefield.say(d), shooter=shooter))]
    if document.get("mode") != "burst" or shooter is None or battlefield.where(shooter) is None:
        return [m for i in sorted(each) for m in each[i]]
    out: list[Measure] = []
    aimed = farthest(battlefield, shooter, [n for n in names if n is not None and n != shooter])
    if LINE_OF_FIRE in document:
        typed = document[LINE_OF_FIRE]
        if aimed is not None:
            out.append(Measure(path=LINE_OF_FIRE, value=aimed, text=_("the farthest target"), used=False,
                               typed=typed))
        aimed = text(typed)
    elif aimed is not None:
        out.append(Measure(path=LINE_OF_FIRE, value=aimed,
                           text=_("the burst is fired at the farthest target: {band}",
                                  band=band_words(shooter, aimed))))
    band: list[str] = []
    inside: dict[int, bool] = {}
    if aimed is not None and battlefield.where(aimed) is not None:
        band = battlefield.band(shooter, aimed, beyond=BAND_BEYOND, half_width=BAND_SIDE)
        for i, (target, name) in enumerate(zip(targets, names)):
            if name is None or battlefield.where(name) is None:
                continue
            inside[i] = name in band
            band_text = band_words(shooter, aimed)
            where = _("in {band}", band=band_text) if inside[i] else _("outside {band}", band=band_text)
            each.setdefault(i, []).append(measured(target, f"targets[{i}]", "in_area", inside[i], where))
    order = _order(targets, names, hexes, inside, band) if inside else None
    rank: dict[str | None, int] = {name: k for k, name in enumerate(order or [])}
    for i in sorted(each, key=lambda i: (rank.get(names[i], len(rank)), i)):
        out.extend(each[i])
    if order is not None:
        out.append(Measure(path="targets", value=order,
                           text=_("the burst reaches those in its area nearest first; those outside it after")))
    return out


def _order(targets: list[dict[str, Any]], names: list[str | None], hexes: dict[int, int],
           inside: dict[int, bool], band: list[str]) -> list[str] | None:
    """The targets' names in the order the bullets reach them: those in the burst
    area nearest the shooter first (as far: along the line of fire), then those
    outside it, nearest first. The GM's typed ``distance`` and ``in_area`` win here
    too. None when the list cannot be read (validation names what is wrong) or holds
    one target."""
    if len(targets) < 2 or any(n is None for n in names) or len(set(names)) != len(names):
        return None
    keys = []
    for i, (target, name) in enumerate(zip(targets, names)):
        distance = target["distance"] if "distance" in target else hexes.get(i)
        in_area = target["in_area"] if "in_area" in target else inside.get(i, True)
        if not _hexes(distance) or not isinstance(in_area, bool):
            return None
        along = band.index(name) if name in band else len(band)
        keys.append(((not in_area, distance, along, i), name))
    return [str(name) for _, name in sorted(keys)]


@hookimpl
def map_areas(attack: Any, chain: Any) -> list[Area] | None:
    """What to shade when the map is drawn: a burst's area, the band from the
    shooter through the model it is fired at."""
    field = attack.map
    if field is None or attack.mode != "burst":
        return []
    shooter = attack.shooter.name
    aimed = getattr(attack.settings, LINE_OF_FIRE, None) or farthest(field, shooter, [t.name for t in attack.targets])
    if aimed is None or field.where(shooter) is None or field.where(aimed) is None:
        return []
    return [Area(shape="band", label=_("burst area: {band}", band=band_words(shooter, aimed)), start=shooter,
                 through=aimed, beyond=BAND_BEYOND)]


def out_of_sight(attack: Any) -> list[str]:
    """On the hex map, a blocked hex on the line from the shooter to the target he
    fires at (for a burst, also the model the burst is fired along) refuses the
    attack; the others in a burst's band are hit by where they stand, seen or not."""
    field = attack.map
    if field is None or not attack.targets:
        return []
    first = attack.targets[0].name
    out = ["targets[0]: " + why for why in field.out_of_sight(attack.shooter.name, [first])]
    along = attack.settings.line_of_fire if attack.settings is not None else None
    if attack.mode == "burst" and along and along != first:
        out += ["line_of_fire: " + why for why in field.out_of_sight(attack.shooter.name, [along])]
    return out
