"""Each player's result per tournament, as ``TournamentResult`` stores it.

Computed from the seats of complete tables and ranked by the tournament's own rules
(``scoring``'s classification keys and tie-breaks). The models are parameters so the data
migration that fills the table for existing tournaments runs this same code.
"""

from collections import defaultdict
from fractions import Fraction

from scoring import GAMES
from scoring.ranking import RoundLine, place_points_by_key, shared_places

DENOMINATOR = 60  # place points are stored as sixtieths (models.PLACE_POINTS_DENOMINATOR)


def result_rows(tournament, seat_model, entry_model) -> list[dict[str, object]]:
    """The ``TournamentResult`` fields of every counted player of ``tournament`` (two queries).

    Counted: not a substitute, at least one complete table. Individual games rank players,
    team games rank teams and give each of the team's players the team's row.
    """
    spec = GAMES[tournament.game]
    unit = "team_id" if spec.team_game else "entry_id"
    seats = seat_model.objects.filter(round__tournament_id=tournament.pk, table__complete=True)
    if spec.team_game:
        seats = seats.filter(team__isnull=False)
    else:
        seats = seats.filter(entry__isnull=False, entry__substitute=False)
    lines: dict[int, list[RoundLine]] = defaultdict(list)
    sixtieths: dict[int, int] = defaultdict(int)
    for unit_id, score, points_60ths, won, against in seats.values_list(
        unit, "score", "place_points_60ths", "won", "against"
    ):
        if spec.team_game:
            lines[unit_id].append(RoundLine(score, won=won, against=against))
        else:
            lines[unit_id].append(RoundLine(score, Fraction(points_60ths, DENOMINATOR)))
        sixtieths[unit_id] += points_60ths
    if not lines:
        return []
    key_of = spec.classifier(tournament.rules or None)
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
            "matches_drawn": sum(1 for line in own if line.won is None) if spec.team_game else 0,
            "against": sum(line.against or 0 for line in own),
        }
    owner = "team_id__in" if spec.team_game else "pk__in"
    entries = entry_model.objects.filter(tournament_id=tournament.pk, **{owner: ids})
    if spec.team_game:
        entries = entries.filter(substitute=False)
    return [
        {
            "tournament_id": tournament.pk,
            "player_id": player_id,
            "entry_id": entry_id,
            "team_id": team_id if spec.team_game else None,
            **totals[team_id if spec.team_game else entry_id],
        }
        for entry_id, player_id, team_id in entries.values_list("pk", "player_id", "team_id")
    ]
