"""The ranged weapons of the SRD's weapons table (Medium size), by name: damage,
critical (threat and multiplier), range increment in feet, and what reloading takes.
A scenario names one (``[weapon] name = "longbow"``) and may override any field."""

WEAPONS: dict[str, dict[str, object]] = {
    "shortbow": {"damage": "1d6", "multiplier": 3, "increment": 60},
    "longbow": {"damage": "1d8", "multiplier": 3, "increment": 100},
    "light crossbow": {"damage": "1d8", "threat": 19, "increment": 80, "reload": "move"},
    "heavy crossbow": {"damage": "1d10", "threat": 19, "increment": 120, "reload": "full-round"},
    "hand crossbow": {"damage": "1d4", "threat": 19, "increment": 30, "reload": "move"},
    "sling": {"damage": "1d4", "increment": 50, "reload": "move"},
    "javelin": {"damage": "1d6", "increment": 30, "thrown": True, "ammunition": 3},
    "dagger": {"damage": "1d4", "threat": 19, "increment": 10, "thrown": True, "ammunition": 1},
}
