"""The registry of games: each game module's ``SPEC``, by game key.

A game outside this package (a club's own, or one a test defines) joins with
:func:`register` and leaves with :func:`unregister`.

>>> GAMES["double_king"].table_sizes, GAMES["quarante"].teams
((4,), ((0, 2), (1, 3)))
>>> GAMES["whist"].score_deal({"contract": "trou", "declarers": [1, 3], "tricks": 13})
[-12, 12, -12, 12]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from . import double, double_king, plonk, quarante, whist
from .spec import GameSpec

__all__ = ["GAMES", "GameSpec", "register", "unregister"]


class _Registry(Mapping[str, GameSpec]):
    """A read-only mapping of the games, in the order they were registered."""

    def __init__(self, *specs: GameSpec) -> None:
        self._specs: dict[str, GameSpec] = {spec.key: spec for spec in specs}

    def __getitem__(self, key: str) -> GameSpec:
        return self._specs[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)

    def add(self, spec: GameSpec) -> None:
        if spec.key in self._specs:
            raise ValueError(f"game {spec.key!r} is already registered")
        self._specs[spec.key] = spec

    def remove(self, key: str) -> None:
        del self._specs[key]


GAMES: Mapping[str, GameSpec] = _Registry(
    double_king.SPEC, whist.SPEC, quarante.SPEC, plonk.SPEC, double.SPEC
)


def register(spec: GameSpec) -> None:
    """Add a game; its key must be new."""
    assert isinstance(GAMES, _Registry)
    GAMES.add(spec)


def unregister(key: str) -> None:
    """Remove a game added with :func:`register`."""
    assert isinstance(GAMES, _Registry)
    GAMES.remove(key)
