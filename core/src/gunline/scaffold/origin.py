"""Where the running gunline came from, so that a new plugin gets it from there too.

gunline is on no package index: a new plugin's ``uv run pytest`` can only find
gunline (and the app, gunline-tui) where the author's own gunline came from. That is
found out at run time, in this order:

1. the ``gunline`` package imported from a checkout's ``core/src`` (an editable
   install, ``uv run`` inside the checkout);
2. the distribution's ``direct_url.json`` (PEP 610), which installers write for a
   direct install: a checkout's ``core/`` folder, or a wheel file in a folder;
3. the receipt uv writes beside a tool it installed (``uv tool install --find-links
   DIR``): the folder of wheels it was installed from.

Anything else (an install from an index, or from ``--find-links`` by another
installer) is *unknown*; ``gunline new-plugin --gunline-from DIR`` then says where.
The project written points ``[tool.uv.sources]`` at what was found, with a comment
an author can read and a README section on switching to an index release later.
"""

from __future__ import annotations

import json
import sys
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

from ..errors import BadInput
from ..tomlwrite import inline

#: The name of the flat index a project made from a folder of wheels reads gunline from.
INDEX_NAME = "gunline-wheels"


@dataclass(frozen=True)
class Origin:
    """A gunline checkout (``core`` and, if it has one, ``tui``), a folder of wheels,
    or neither (``kind == "unknown"``)."""

    kind: str
    folder: Path | None = None
    #: For a checkout: the ``core/`` and ``tui/`` project folders.
    core: Path | None = None
    tui: Path | None = None
    #: For a folder of wheels: whether it holds gunline-tui too.
    has_tui: bool = False

    @property
    def app(self) -> bool:
        """Whether the app (gunline-tui) comes from the same place."""
        return self.tui is not None or self.has_tui

    def describe(self) -> str:
        if self.kind == "checkout":
            return f"the gunline checkout at {self.folder}"
        if self.kind == "wheels":
            return f"the folder of gunline wheels {self.folder}"
        return "a place gunline cannot tell"

    def sources(self) -> str:
        """The ``pyproject.toml`` lines that make uv take gunline from here."""
        if self.kind == "checkout":
            lines = [
                "# Where gunline comes from while it is on no package index: the gunline checkout",
                "# this project was made from (a change there is seen here at once). To use a",
                "# release from a package index instead, delete this table (see README.md).",
                "[tool.uv.sources]",
                f"gunline = {inline({'path': str(self.core), 'editable': True})}",
            ]
            if self.tui is not None:
                lines.append(f"gunline-tui = {inline({'path': str(self.tui), 'editable': True})}")
            return "\n".join(lines) + "\n"
        if self.kind == "wheels":
            source = inline({"index": INDEX_NAME})
            lines = [
                "# Where gunline comes from while it is on no package index: the folder of wheels",
                "# this project was made from, and nowhere else (explicit = true). To use a release",
                "# from a package index instead, delete this table and the index (see README.md).",
                "[tool.uv.sources]",
                f"gunline = {source}",
                *([f"gunline-tui = {source}"] if self.has_tui else []),
                "",
                "[[tool.uv.index]]",
                f"name = {inline(INDEX_NAME)}",
                f"url = {inline(str(self.folder))}",
                'format = "flat"',
                "explicit = true",
            ]
            return "\n".join(lines) + "\n"
        return (
            "# gunline new-plugin could not tell where its gunline came from. If gunline is on no\n"
            "# package index you use, say where it is: a checkout (path to its core/ and tui/)...\n"
            "# [tool.uv.sources]\n"
            '# gunline = { path = "/path/to/gunline/core", editable = true }\n'
            '# gunline-tui = { path = "/path/to/gunline/tui", editable = true }\n'
            "# ...or run `gunline new-plugin NAME --gunline-from DIR` again (DIR: a checkout or a\n"
            "# folder of gunline wheels) and it writes this table for you.\n"
        )


def template_values(origin: Origin, gunline_version: str) -> dict[str, str]:
    """What the templates say about where gunline comes from."""
    with_app = origin.app or origin.kind == "unknown"  # an index you use may have gunline-tui
    if origin.kind == "unknown":
        where = (
            "`gunline new-plugin` could not tell where its gunline came from, so `[tool.uv.sources]`\n"
            "in `pyproject.toml` is left commented out: unless a package index you use has gunline,\n"
            "fill it in as its comments say."
        )
    else:
        app = " (and the app, gunline-tui)" if origin.app else ""
        where = (
            f"gunline is on no package index yet, so `[tool.uv.sources]` in `pyproject.toml` takes\n"
            f"it{app} from {origin.describe()}, where this project was made."
        )
        if origin.kind == "wheels":
            # uv keeps the gunline it installed while the version asked for is the same
            tui = " --reinstall-package gunline-tui" if origin.app else ""
            where += (
                "\nWheels built there again under the same version are not taken by themselves:\n"
                f"`uv sync --reinstall-package gunline{tui}` takes them."
            )
    return {
        "guide": guide(origin),
        "sources": origin.sources(),
        "dev_app": f', "gunline-tui>={gunline_version}"' if with_app else "",
        "where": where,
    }


def guide(origin: Origin) -> str:
    """Where the plugin author's guide is: in the checkout this project came from, or
    in gunline's source (a folder of wheels has no docs)."""
    if origin.kind == "checkout" and origin.folder is not None:
        return f"`{origin.folder / 'docs' / 'plugins.md'}`"
    return "`docs/plugins.md` in gunline's source (the checkout its wheels are built from)"


def _project_name(folder: Path) -> str | None:
    try:
        with open(folder / "pyproject.toml", "rb") as fh:
            name = tomllib.load(fh).get("project", {}).get("name")
    except (OSError, tomllib.TOMLDecodeError):
        return None
    return name if isinstance(name, str) else None


def checkout(root: Path) -> Origin | None:
    """The checkout whose root is ``root`` (it has ``core/``, the gunline project)."""
    core = root / "core"
    if _project_name(core) != "gunline":
        return None
    tui = root / "tui"
    app = tui.resolve() if _project_name(tui) == "gunline-tui" else None
    return Origin("checkout", root.resolve(), core.resolve(), app)


def wheels(folder: Path) -> Origin | None:
    """A folder holding a gunline wheel (and perhaps one of gunline-tui)."""
    if not folder.is_dir() or not any(folder.glob("gunline-*.whl")):
        return None
    return Origin("wheels", folder.resolve(), has_tui=any(folder.glob("gunline_tui-*.whl")))


def given(path: str | Path) -> Origin:
    """What ``--gunline-from`` names: a checkout (its root or its ``core/``) or a folder
    of wheels."""
    folder = Path(path).expanduser()
    root = folder.parent if _project_name(folder) == "gunline" else folder
    found = checkout(root) or wheels(folder)
    if found is None:
        raise BadInput(
            f"--gunline-from: {path} is neither a gunline checkout (with core/pyproject.toml) "
            "nor a folder of gunline wheels (gunline-*.whl)"
        )
    return found


def _file_path(url: str) -> Path | None:
    parsed = urlparse(url)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


def _from_direct_url(dist: metadata.Distribution) -> Origin | None:
    try:
        record = json.loads(dist.read_text("direct_url.json") or "null")
        path = _file_path(record["url"])
    except (ValueError, KeyError, TypeError):
        return None
    if path is None:
        return None
    if "dir_info" in record:
        return checkout(path.parent) if _project_name(path) == "gunline" else None
    if "archive_info" in record and path.suffix == ".whl":
        return wheels(path.parent)
    return None


def _from_uv_receipt(version: str) -> Origin | None:
    """The find-links folders of the uv tool this interpreter belongs to."""
    try:
        with open(Path(sys.prefix) / "uv-receipt.toml", "rb") as fh:
            options = tomllib.load(fh).get("tool", {}).get("options", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    for link in options.get("find-links", []):
        folder = _file_path(link) if "://" in link else Path(link)
        if folder is not None and any(folder.glob(f"gunline-{version}-*.whl")):
            return wheels(folder)
    return None


def find() -> Origin:
    """Where the running gunline came from (see the module)."""
    import gunline

    package = Path(gunline.__file__).resolve().parent
    if package.parent.name == "src" and package.parent.parent.name == "core":
        found = checkout(package.parents[2])
        if found is not None:
            return found
    try:
        dist = metadata.distribution("gunline")
    except metadata.PackageNotFoundError:
        return Origin("unknown")
    return _from_direct_url(dist) or _from_uv_receipt(dist.version) or Origin("unknown")
