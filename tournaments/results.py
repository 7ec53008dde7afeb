"""Each player's result per tournament, as ``TournamentResult`` stores it.

Computed from the seats of complete tables and ranked by the tournament's own rules
(``scoring``'s classification keys and tie-breaks). The models are parameters so the data
migration that fills the table for existing tournaments runs this same code.
"""

from collections import defaultdict
from typing import TYPE_CHECKING

from scoring.ranking import RoundLine, place_points_by_key, shared_places

from .games import plugin_for

if TYPE_CHECKING:
    from .models import Entry, Seat, Tournament

DENOMINATOR = 60  # place points are stored as sixtieths (models.PLACE_POINTS_DENOMINATOR)


def result_rows(
    tournament: "Tournament", seat_model: type["Seat"], entry_model: type["Entry"]
) -> list[dict[str, object]]:
    """The ``TournamentResult`` fields of every counted player of ``tournament`` (two queries).

    Counted: not a substitute, at least one complete table. Individual games rank players,
    team games rank teams and give each of the team's players the team's row.
    """
    plugin = plugin_for(tournament.game)
    lineup = plugin.lineup
    unit = f"{lineup.unit}_id"
    seats = lineup.counted_seats(
        seat_model.objects.filter(round__tournament_id=tournament.pk, table__complete=True)
    )
    lines: dict[int, list[RoundLine]] = defaultdict(list)
    sixtieths: dict[int, int] = defaultdict(int)
    for unit_id, score, points_60ths, won, against in seats.values_list(
        unit, "score", "place_points_60ths", "won", "against"
    ):
        lines[unit_id].append(lineup.round_line(score, points_60ths, won, against))
        sixtieths[unit_id] += points_60ths
    if not lines:
        return []
    key_of = plugin.spec.classifier(tournament.rules or None)
    ids = list(lines)
    keys = [key_of(lines[i]) for i in ids]
    totals = {}
    for unit_id, rank, annual in zip(
        ids, shared_places(keys), place_points_by_key(keys), strict=True
    ):
        own = lines[unit_id]
        totals[unit_id] = {
            "rank": rank,
            "rounds": len(own),
            "points": sum(line.score for line in own),
            "best_round": max(line.score for line in own),
            "place_points_60ths": sixtieths[unit_id],
            "annual_place_points_60ths": int(annual * DENOMINATOR),
            "matches_won": sum(1 for line in own if line.won),
            # A draw is a match whose ``won`` is None; individual lines have no match.
            "matches_drawn": sum(
                1 for line in own if line.won is None and line.against is not None
            ),
            "against": sum(line.against or 0 for line in own),
        }
    entries = lineup.entries_of(entry_model.objects.filter(tournament_id=tournament.pk), ids)
    return [
        {
            "tournament_id": tournament.pk,
            "player_id": player_id,
            "entry_id": entry_id,
            "team_id": team_id if lineup.forms_teams else None,
            **totals[team_id if lineup.forms_teams else entry_id],
        }
        for entry_id, player_id, team_id in entries.values_list("pk", "player_id", "team_id")
    ]
