"""Reading the battlefield: what a scenario's map (yards) says of the fields the rules read.

The Storytelling System measures in yards: the Ranged Weapons Chart gives each gun's
short/medium/long ranges in yards, and the autofire rules catch anyone "within one
yard" of a target. With a ``[map]`` (``kind = "yards"``) the rules read off it:

* each target's ``range``: his distance from the shooter against the weapon's
  ``ranges`` (its own, or the chart's). Beyond long range he is out of reach: the
  band is read as long, and the attack is refused unless the GM types the band;
* ``point_blank`` for a prone target: within a yard of the shooter (+2, not −2, and
  his Defense counts);
* a **short burst** has one intended target, the first listed: anyone else listed is
  hit only for standing within a yard of him ("in close combat with someone, or
  someone within a yard of him"): ``bystander`` true when he stands within a yard,
  false otherwise (and then he is a second intended target, which a short burst
  refuses);
* a **single shot** at the first listed target: anyone else listed within a yard of
  him is in close combat with him, a combatant the shot tries to avoid (``avoided``,
  −2 each on the shot; a grapple, −4, is typed);
* a **burst** catches everyone within a yard of a target it is aimed at, and a medium
  or long burst at several targets everyone standing between them (our reading:
  within a yard of the straight line from one target to the next, in the order
  listed). Someone placed on the map in the spray but not listed is refused by name
  (:func:`caught_unlisted`): the GM lists him as a target (``bystander = true``) or
  moves him. A wall between him and the target (or the shooter) shields him.

Every distance is read to a tenth of a yard, as the chain says it. A field the GM
typed wins over the map, and the chain says both (``Chain.geometry``).
"""

from __future__ import annotations

import math
from typing import Any

from gunline import Area, Battlefield, Measure, hookimpl
from gunline.battlefield import Point
from gunline.unvalidated import measured, table, tables, text, unmeasured, with_catalogue

from .catalogue import FIREARMS
from .fire_modes import FIRE_MODES, mode_label
from .messages import _
from .pool import range_words
from .ranges import BANDS, given, ranges_of
from .schema import WodAttack

#: "Within one yard": the spray of a burst, close combat, point blank.
WITHIN = 1.0
#: Distances are read to a tenth of a yard.
TENTH = 1
#: The fire mode a scenario without one fires (the ruleset's first).
DEFAULT_MODE = next(iter(FIRE_MODES))
EPS = 1e-9


def band_of(yards: float, ranges: tuple[float, float, float]) -> str | None:
    """The range band a distance falls in; None beyond long range."""
    return next((band for band, reach in zip(BANDS, ranges) if yards <= reach + EPS), None)


def _unread(battlefield: Battlefield, shooter: str | None, name: str | None, weapon: dict[str, Any],
            gun: str) -> str | None:
    """Why the map cannot give a target's range band, in words saying what would (None
    where validation names the fault: a name or ranges that cannot be read, which
    core reports first). Left to its default, the band would read short whatever the
    distance."""
    if shooter is None or name is None:
        return None
    for model in (shooter, name):
        if battlefield.where(model) is None:
            return _("{name} is not placed on the map: add him to map.at, or type it", name=model)
    ranges = weapon.get("ranges", "")
    if isinstance(ranges, str) and not given(ranges):
        return _('the {weapon} gives no ranges to read the band against: give weapon.ranges, short/medium/long '
                 'in yards (e.g. "150/300/600"), or type it', weapon=gun)
    return None


def _say_ranges(ranges: tuple[float, float, float]) -> str:
    return "/".join(f"{r:g}" for r in ranges)


# -- the hook ------------------------------------------------------------------------------
@hookimpl
def measure(document: dict[str, Any], battlefield: Battlefield) -> list[Measure]:
    shooter = text(table(document.get("shooter")).get("name"))
    targets = tables(document.get("targets"))
    weapon = with_catalogue(document.get("weapon"), FIREARMS)
    gun = text(weapon.get("name")) or _("weapon")
    ranges = ranges_of(weapon.get("ranges"))
    mode = document.get("mode", DEFAULT_MODE)
    out = []
    for i, target in enumerate(targets):
        name = text(target.get("name"))
        d = battlefield.distance(shooter, name)
        why = _unread(battlefield, shooter, name, weapon, gun) if d is None or ranges is None else None
        lacking = unmeasured(target, f"targets[{i}]", "range", why) if why is not None else None
        if lacking is not None:
            out.append(lacking)
        if d is None:
            continue
        yards = round(d, TENTH)
        far = _("{name}: {distance} from {shooter} on the map", name=name, distance=battlefield.say(yards),
                shooter=shooter)
        if ranges is not None:
            band = band_of(yards, ranges)
            said = (range_words()[band] if band else
                    _("beyond long range ({reach}): out of reach", reach=battlefield.say(ranges[2])))
            chart = _("(the {weapon}: {ranges} yd)", weapon=gun, ranges=_say_ranges(ranges))
            out.append(measured(target, f"targets[{i}]", "range", band or "long", f"{far}: {said} {chart}"))
        if target.get("prone") is True:
            close = yards <= WITHIN + EPS
            out.append(measured(target, f"targets[{i}]", "point_blank", close,
                                 f"{far}: " + (_("within a yard, point blank") if close else _("not at point blank"))))
    aimed = text(targets[0].get("name")) if targets else None
    if battlefield.where(aimed) is None or mode not in ("short", "single"):
        return out
    for i, target in enumerate(targets[1:], 1):
        name = text(target.get("name"))
        apart = battlefield.distance(aimed, name)
        if apart is None:
            continue
        near = round(apart, TENTH) <= WITHIN + EPS
        how = _("{name}: {distance} from {aimed}", name=name, distance=battlefield.say(round(apart, TENTH)),
                aimed=aimed)
        if mode == "short":
            out.append(measured(target, f"targets[{i}]", "bystander", near, how + ": " + (
                _("within a yard, caught by the burst") if near
                else _("not within a yard of him, so not caught by the burst"))))
        else:
            out.append(measured(target, f"targets[{i}]", "avoided", near, how + ": " + (
                _("within a yard, in close combat with him: the shot avoids him") if near
                else _("not in close combat with him"))))
    return out


# -- what the rules refuse ----------------------------------------------------------------
def _off_line(p: Point, a: Point, b: Point) -> float | None:
    """How far ``p`` stands from the straight line between ``a`` and ``b``, where it
    stands beside it (between the two, not past either end); None otherwise."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length <= EPS:
        return None
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length
    if not 0.0 < t < 1.0:
        return None
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def intended(attack: WodAttack) -> list[str]:
    """The targets the burst is aimed at (not those caught standing close, nor those a
    single shot avoids), placed on the map, in the order listed."""
    field = attack.map
    return [t.name for t in attack.targets
            if not t.bystander and not t.avoided and field is not None and field.where(t.name) is not None]


def _caught(field: Battlefield, name: str, p: Point, aimed: list[str], pairs: list[tuple[str, str]],
            shooter: Point | None) -> str | None:
    """Why the burst catches ``name`` standing at ``p`` (None when it does not)."""
    for t in aimed:
        d = field.distance(t, name)
        if d is not None and round(d, TENTH) <= WITHIN + EPS and field.line_of_sight(field.at[t], p):
            return _("within a yard of {name} ({distance})", name=t, distance=field.say(round(d, TENTH)))
    for a, b in pairs:
        off = _off_line(p, field.at[a], field.at[b])
        beside = off is not None and round(off, TENTH) <= WITHIN + EPS
        if off is not None and beside and (shooter is None or field.line_of_sight(shooter, p)):
            return _("between {one} and {other} ({distance} off the line between them)", one=a, other=b,
                     distance=field.say(round(off, TENTH)))
    return None


def caught_unlisted(attack: WodAttack) -> list[str]:
    """Everyone on the map a burst catches who is not listed as a target: within a yard
    of a target it is aimed at, or (a medium or long burst at several) standing between
    two of them. One message each, saying what would work."""
    field = attack.map
    if field is None or not FIRE_MODES[attack.mode].autofire:
        return []
    aimed = intended(attack)
    listed = {t.name for t in attack.targets} | {attack.shooter.name}
    label = mode_label(attack.mode)
    pairs = list(zip(aimed, aimed[1:])) if attack.mode in ("medium", "long") else []
    out = []
    for name, p in field.at.items():
        if name in listed:
            continue
        why = _caught(field, name, p, aimed, pairs, field.where(attack.shooter.name))
        if why is not None:
            out.append("targets: " + _("{name} stands {where}: the {mode} catches him too: list him as a target "
                         "(bystander = true), or move him on the map", name=name, where=why, mode=label))
    return out


def out_of_reach(attack: WodAttack) -> list[str]:
    """The targets whose range band the map read beyond the weapon's long range (a band
    the GM typed stands: the Storyteller's call)."""
    field = attack.map
    ranges = ranges_of(attack.weapon.ranges)
    if field is None or ranges is None:
        return []
    read = {m.path for m in attack.measures if m.used}
    out = []
    for i, t in enumerate(attack.targets):
        d = field.distance(attack.shooter.name, t.name)
        if f"targets[{i}].range" in read and d is not None and band_of(round(d, TENTH), ranges) is None:
            out.append(_("targets[{i}]: {name} stands {distance} from {shooter}, beyond the {weapon}'s long "
                         "range ({reach}): move him nearer, or type his range if the Storyteller allows the shot",
                         i=i, name=t.name, distance=field.say(round(d, TENTH)), shooter=attack.shooter.name,
                         weapon=attack.weapon.name, reach=field.say(ranges[2])))
    return out


# -- drawing ------------------------------------------------------------------------------
@hookimpl
def map_areas(attack: WodAttack, chain: Any) -> list[Area] | None:
    """A yard round each target the attack is aimed at: who stands in it is caught by
    a burst, or in close combat for a single shot; and a yard round the shooter where
    a prone target is shot at point blank."""
    field = attack.map
    if field is None:
        return None
    burst = FIRE_MODES[attack.mode].autofire
    out = []
    for name in intended(attack):
        label = (_("a yard round {name}: a burst catches anyone in it", name=name) if burst else
                 _("a yard round {name}: close combat: a single shot may avoid those in it", name=name))
        out.append(Area(shape="circle", label=label, centre=field.at[name], radius=WITHIN))
    shooter = field.where(attack.shooter.name)
    if shooter is not None and any(t.prone for t in attack.targets):
        out.append(Area(shape="circle", label=_("a yard round {name}: point blank", name=attack.shooter.name),
                        centre=shooter, radius=WITHIN))
    return out


def out_of_sight(attack: Any) -> list[str]:
    """On the map, a wall between the shooter and someone he shoots at refuses the
    attack; a bystander the spray catches is hit where he stands, seen or not."""
    field = attack.map
    if field is None:
        return []
    return [f"targets[{i}]: {why}" for i, t in enumerate(attack.targets) if not t.bystander
            for why in field.out_of_sight(attack.shooter.name, [t.name])]
