"""A team's name made from its players (« Quackenbush – Hermans »), made when it is shown: from
its players' names as the page writes them (``club.names``: on a public page, their public
names), so that a player's mode, pseudonym or erasure applies to his teams at once. Nothing of
it is stored: ``Team.name`` holds only a name the club typed.

Two teams of a tournament that would read alike get their players' first initials
(« M. Delvaux – A. Delhaye », « P. Delvaux – J. Delhaye »), taken from the names shown: a
player shown by his initials, his pseudonym or « Joueur 17 » is written so, his real initial
never added. Teams that still read alike are numbered (« (2) »), in the order they were formed.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from club.names import public_label

#: Between the players' names.
SEPARATOR = " – "


@dataclass(frozen=True)
class Member:
    """A team's player, as much as his team's name needs."""

    first_name: str
    last_name: str
    #: His data erased: his name is the anonymous label (« Anonyme 17 »), written whole.
    erased: bool = False


def _part(member: Member, *, initial: bool) -> str:
    shown = public_label(member.first_name, member.last_name)
    if shown is not None:
        return shown
    if member.erased:
        return f"{member.first_name} {member.last_name}"
    if initial:
        return f"{member.first_name[:1]}. {member.last_name}"
    return member.last_name


def _reading(members: Sequence[Member], *, initials: bool) -> str:
    return SEPARATOR.join(_part(m, initial=initials) for m in members) or "?"


def made_names(teams: Mapping[int, Sequence[Member]], typed: frozenset[str]) -> dict[int, str]:
    """The names of one tournament's teams named from their players (team id → name), from
    their players in seat order; ``typed``: the names the club typed for its other teams."""
    plain = {pk: _reading(members, initials=False) for pk, members in teams.items()}
    counts = Counter(plain.values())
    names = {
        pk: _reading(teams[pk], initials=True) if counts[name] > 1 or name in typed else name
        for pk, name in plain.items()
    }
    seen: Counter[str] = Counter(typed)
    for pk in sorted(names):
        name = names[pk]
        seen[name] += 1
        if seen[name] > 1:
            names[pk] = f"{name} ({seen[name]})"
    return names
