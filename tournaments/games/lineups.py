"""Who sits at the tables — a hook of every game plug-in (``GamePlugin.lineup``).

``PLAYERS``: each player has a seat and plays for himself (Double King, whist, Double).
``TEAMS``: two players form a team; a table seats two teams, team against team, and a match is
won, lost or drawn (Quarante de roi, Plonk). Everything that differs between the two — the
draw, the standings, the stored results, the exports — asks the lineup, never the game.

Services, selectors and exports are imported inside the methods: they import the plug-ins.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoring import match
from scoring.common import TableResult
from scoring.ranking import RoundLine

if TYPE_CHECKING:
    from openpyxl import Workbook

    from ..models import Round, Tournament


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

    def seat_round(self, round_: Round, seed: int) -> None:
        """Draw the round's tables."""
        from ..services.drawing import seat_players

        seat_players(round_, seed)

    def seating_gap(self, tournament: Tournament) -> tuple[int, int] | None:
        """What stops the units present from being seated: (add, remove), or ``None``."""
        from ..selectors.lineup import players_gap

        return players_gap(tournament)

    def complete_teams(self, tournament: Tournament) -> int | None:
        """Teams ready to play (``None``: the game has no teams)."""
        return None

    def standings(self, tournament: Tournament, *, live: bool) -> list[Any]:
        from ..selectors.classification import player_standings

        return player_standings(tournament, live=live)

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

    def write_standings_sheet(
        self, workbook: Workbook, standings: list[Any], rounds: Sequence[int], round_name: str
    ) -> None:
        from ..excel import player_standings_sheet

        player_standings_sheet(workbook, standings, rounds, round_name)

    def write_season_sheet(self, workbook: Workbook, rows: list[Any], title: str) -> None:
        from ..excel import player_season_sheet

        player_season_sheet(workbook, rows, title)


class TeamLineup(Lineup):
    """Teams of two: a table seats two teams; results are matches."""

    unit = "team"
    forms_teams = True
    swaps_players = False
    standings_excluded = ("best_round",)

    def seat_round(self, round_: Round, seed: int) -> None:
        from ..services.drawing import seat_teams

        seat_teams(round_, seed)

    def seating_gap(self, tournament: Tournament) -> tuple[int, int] | None:
        return None  # an odd team count gives a bye

    def complete_teams(self, tournament: Tournament) -> int | None:
        from ..selectors.lineup import playing_teams

        return len(playing_teams(tournament))

    def standings(self, tournament: Tournament, *, live: bool) -> list[Any]:
        from ..selectors.classification import team_standings

        return team_standings(tournament)

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

    def write_standings_sheet(
        self, workbook: Workbook, standings: list[Any], rounds: Sequence[int], round_name: str
    ) -> None:
        from ..excel import team_standings_sheet

        team_standings_sheet(workbook, standings, rounds, round_name)

    def write_season_sheet(self, workbook: Workbook, rows: list[Any], title: str) -> None:
        from ..excel import team_season_sheet

        team_season_sheet(workbook, rows, title)


PLAYERS = Lineup()
TEAMS = TeamLineup()
