"""``gunline new-plugin``: write a complete, working ruleset distribution.

The templates (package data under ``templates/``) are a small d6 ruleset that uses
every hook a ruleset usually needs, with Structs, a catalogue, example scenarios,
rule tests and the conformance suite: a new author starts from something that
passes its own tests and changes it rule by rule.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BadInput
from ..models import HOOKSPEC_VERSION
from .origin import Origin, template_values
from .origin import find as find_origin

if TYPE_CHECKING:
    from ..plugins import Registry

#: Output path (with ``{package}``) -> template file.
FILES = {
    "pyproject.toml": "pyproject.toml.tmpl",
    "README.md": "README.md.tmpl",
    ".gitignore": "gitignore.tmpl",
    "src/{package}/__init__.py": "init.py.tmpl",
    "src/{package}/schema.py": "schema.py.tmpl",
    "src/{package}/catalogue.py": "catalogue.py.tmpl",
    "src/{package}/ruleset.py": "ruleset.py.tmpl",
    "src/{package}/examples/single.toml": "example_single.toml.tmpl",
    "src/{package}/examples/burst.toml": "example_burst.toml.tmpl",
    "tests/test_conformance.py": "test_conformance.py.tmpl",
    "tests/test_rules.py": "test_rules.py.tmpl",
}

#: A ruleset name: lower case, digits and single hyphens, starting with a letter
#: (so that ``gunline_<name>`` with ``_`` for ``-`` is a Python identifier).
NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: Longest name: it is typed in scenario files and becomes folder and package names.
MAX_NAME = 40
#: The rulesets shipped with gunline: a new distribution must not shadow one of them,
#: installed here or not (a GM may install it later beside the new one).
BUNDLED = ("fallout", "necromunda", "samurai", "wod")


def names(name: str) -> dict[str, str]:
    """Everything the templates say about the new ruleset, from its name."""
    if len(name) > MAX_NAME:
        raise BadInput(
            f"new-plugin: the name is {len(name)} characters long; at most {MAX_NAME} (e.g. 'space-marines')"
        )
    if not NAME.fullmatch(name):
        raise BadInput(
            f"new-plugin: {name!r} is not a usable ruleset name; use lower-case letters, digits "
            "and hyphens, starting with a letter (e.g. 'space-marines')"
        )
    if name.startswith("gunline-"):  # it wrote gunline-gunline-pirates/
        rest = name.removeprefix("gunline-")
        raise BadInput(
            f"new-plugin: {name!r} is the distribution's name; the ruleset's is {rest!r}, and its "
            f"distribution is named for it: gunline new-plugin {rest}"
        )
    from .. import __version__

    return {
        "name": name,
        "package": "gunline_" + name.replace("-", "_"),
        "distribution": "gunline-" + name,
        "title": name.replace("-", " ").title(),
        "class_name": "".join(part.title() for part in name.split("-")),
        "gunline_version": __version__,
        "api": str(HOOKSPEC_VERSION),
    }


def check_free(name: str, registry: Registry | None = None) -> None:
    """Refuse a name a bundled ruleset has, or any installed plugin or distribution:
    the new one would be in conflict with it (and neither would be used)."""
    from importlib import metadata

    from ..plugins import discover

    if name in BUNDLED:
        raise BadInput(f"new-plugin: {name!r} is the name of a ruleset shipped with gunline; choose another")
    registry = discover() if registry is None else registry
    taken = {*registry.plugins, *registry.conflicts, *registry.blocked, *(b.name for b in registry.broken)}
    if name in taken:
        raise BadInput(
            f"new-plugin: {name!r} is the name of an installed plugin (see 'gunline plugins'); choose another"
        )
    try:
        dist = metadata.distribution(f"gunline-{name}")
    except metadata.PackageNotFoundError:
        return
    raise BadInput(
        f"new-plugin: a distribution gunline-{name} {dist.version} is installed already; choose another name"
    )


def render(template: str, values: dict[str, str]) -> str:
    text = (resources.files(__package__) / "templates" / template).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def generate(name: str, parent: str | Path = ".", origin: Origin | None = None) -> tuple[Path, list[Path]]:
    """Write the distribution ``gunline-<name>`` under ``parent``; returns its folder
    and the files written. Refuses to write over an existing folder. Its project
    takes gunline from ``origin`` (by default, where the running gunline came from)."""
    values = names(name)
    values.update(template_values(origin or find_origin(), values["gunline_version"]))
    root = Path(parent) / values["distribution"]
    if "\x00" in str(root):
        raise BadInput(f"new-plugin: --dir {parent!r} is not a usable folder name (it holds a NUL character)")
    written = []
    try:
        if root.exists():
            raise BadInput(f"new-plugin: {root} already exists; choose another --dir or name")
        for target, template in FILES.items():
            path = root / target.format(package=values["package"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render(template, values), encoding="utf-8")
            written.append(path)
    except OSError as exc:
        raise BadInput(f"new-plugin: cannot write {exc.filename or root}: {exc.strerror or exc}") from None
    return root, written
