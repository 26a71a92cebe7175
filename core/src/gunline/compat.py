"""What gunline says to a plugin written for a hook contract it does not run.

A plugin declares the contract it was written for (``api=`` in its ``Ruleset`` or
``Variant``). One it cannot run is refused at load time with one line that names the
plugin, its distribution and version, the contract it declares and the contracts
this gunline runs, and says what to do; the other plugins load as usual. The line is
quoted by docs/plugins.md ("Compatibility"), and a test holds the two together.
"""

from __future__ import annotations


class IncompatiblePlugin(TypeError):
    """A plugin whose declared contract (``api``, ``None`` when it declares none) is
    outside ``oldest`` .. ``newest``. ``str()`` is the whole line; :meth:`of` names
    the plugin in it once its distribution is known."""

    def __init__(self, api: int | None, oldest: int, newest: int, who: str = "this plugin") -> None:
        self.api, self.oldest, self.newest, self.who = api, oldest, newest, who
        super().__init__(self._line())

    def of(self, name: str, distribution: str = "", version: str = "") -> IncompatiblePlugin:
        """The same refusal, naming ``name`` and, when known, its distribution."""
        shipped = f" ({distribution} {version})".replace(" )", ")") if distribution else ""
        return IncompatiblePlugin(self.api, self.oldest, self.newest, f"plugin {name!r}{shipped}")

    def _line(self) -> str:
        runs = runs_text(self.oldest, self.newest)
        if self.api is None:
            return (
                f"{self.who} does not declare the hook contract it is written for; this gunline {runs}: "
                f"once it keeps contract {self.newest}, add api={self.newest} to its Ruleset or Variant "
                f"(gunline's docs/plugins.md, \"Compatibility\", says what changed)"
            )
        if self.api > self.newest:
            return (
                f"{self.who} is written for hook contract {self.api} (api={self.api}); this gunline {runs}: "
                f"upgrade gunline, or install a release of the plugin written for contract {self.newest}"
            )
        return (
            f"{self.who} is written for hook contract {self.api} (api={self.api}), which this gunline "
            f"no longer runs; it {runs}: update the plugin (gunline's docs/plugins.md, \"Compatibility\", "
            f"says what changed), or keep a gunline that runs contract {self.api}"
        )


def runs_text(oldest: int, newest: int) -> str:
    """``runs hook contract 2`` or ``runs hook contracts 2 to 3``."""
    return f"runs hook contract {newest}" if oldest == newest else f"runs hook contracts {oldest} to {newest}"


def check_api(api: object, oldest: int, newest: int) -> None:
    """Raise :class:`IncompatiblePlugin` unless ``api`` is a contract in range."""
    if api is None:
        raise IncompatiblePlugin(None, oldest, newest)
    if not isinstance(api, int) or isinstance(api, bool):
        raise TypeError(f"declares api={api!r}; expected the number of a hook contract, e.g. api={newest}")
    if not oldest <= api <= newest:
        raise IncompatiblePlugin(api, oldest, newest)
