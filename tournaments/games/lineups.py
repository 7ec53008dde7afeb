"""Who sits at the tables — a hook of every game plug-in (``GamePlugin.lineup``).

``PLAYERS``: each player has a seat and plays for himself (Double King, whist, Double).
``TEAMS``: two players form a team; a table seats two teams, team against team, and a match is
won, lost or drawn (Quarante de roi, Plonk). Everything that differs between the two — the
draw, the standings, the stored results, the exports — asks the lineup, never the game.

A lineup says what it is (``unit``: the seat's column, ``forms_teams``…); the machinery acts on
it (the draw, the standings and the exports choose their own function by ``unit``), so the
plug-ins import no service, selector or exporter.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from scoring import match
from scoring.common import TableResult
from scoring.ranking import RoundLine


class Lineup:
    """The players' lineup: one player per seat."""

    #: The ``Seat`` column a unit of the lineup occupies.
    unit = "entry"
    #: The tournament has a teams page (pairs formed before the draw).
    forms_teams = False
    #: A drawn round's seats can be swapped player by player.
    swaps_players = True
    #: Standings columns this lineup leaves out.
    standings_excluded: tuple[str, ...] = ("wins", "difference")

    def winner(self, result: TableResult, *, closed: bool) -> int | None:
        """The winner of a table, if the lineup plays matches."""
        return None

    def round_line(
        self, score: int, place_points_60ths: int, won: bool | None, against: int
    ) -> RoundLine:
        """One stored seat as the game's classifier reads it."""
        return RoundLine(score, Fraction(place_points_60ths, 60))

    def counted_seats(self, seats: Any) -> Any:
        """Seats that count in the results: not a substitute's."""
        return seats.filter(entry__isnull=False, entry__substitute=False)

    def entries_of(self, entries: Any, unit_ids: Sequence[int]) -> Any:
        """The entries (players) of these units."""
        return entries.filter(pk__in=unit_ids)


class TeamLineup(Lineup):
    """Teams of two: a table seats two teams; results are matches."""

    unit = "team"
    forms_teams = True
    swaps_players = False
    standings_excluded = ("best_round",)

    def winner(self, result: TableResult, *, closed: bool) -> int | None:
        """Won when complete, else decided on the totals at the signal
        (docs/rules/matches.md#the-signal)."""
        if not result.complete and closed:
            return match.decide_at_signal(result.scores)
        return result.winner

    def round_line(
        self, score: int, place_points_60ths: int, won: bool | None, against: int
    ) -> RoundLine:
        return RoundLine(score, won=won, against=against)

    def counted_seats(self, seats: Any) -> Any:
        return seats.filter(team__isnull=False)

    def entries_of(self, entries: Any, unit_ids: Sequence[int]) -> Any:
        return entries.filter(team_id__in=unit_ids, substitute=False)


PLAYERS = Lineup()
TEAMS = TeamLineup()
