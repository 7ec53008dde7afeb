"""The stored results the public pages read: bumped and rewritten after every change."""

from fractions import Fraction

from django.db.models import F

from scoring import GAMES
from scoring.common import TableResult

from .. import signals
from ..games import plugin_for
from ..models import (
    PLACE_POINTS_DENOMINATOR,
    Entry,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentResult,
)
from ..results import result_rows


def standings_changed(tournament: Tournament, *, sheet: bool = False) -> None:
    """What the public pages show changed (results, seats, players' flags, teams): bump the
    version their ETags and cached tables are keyed by. ``sheet``: only one table's sheet
    changed (its table's version was bumped): the other tables' pages stay as they are
    (``layout_version`` is kept).

    The update also locks the tournament's row until the transaction ends, so two sheets
    saved at once store the tournament's results one after the other.
    """
    bumps = {"results_version": F("results_version") + 1}
    if not sheet:
        bumps["layout_version"] = F("layout_version") + 1
    Tournament.objects.filter(pk=tournament.pk).update(**bumps)


def results_changed(tournament: Tournament, *, sheet: bool = False) -> None:
    """A table's result was stored: store every player's tournament result again (ranked by
    the tournament's rules), in the same transaction, and bump the standings' version
    (``sheet``: see ``standings_changed``)."""
    standings_changed(tournament, sheet=sheet)
    if tournament.archived:  # its results were recorded, not computed: kept as they are
        return
    TournamentResult.objects.filter(tournament=tournament).delete()
    TournamentResult.objects.bulk_create(
        TournamentResult(**row) for row in result_rows(tournament, Seat, Entry)
    )
    signals.results_changed.send(Tournament, tournament=tournament, sheet=sheet)


def refresh_tournament_status(tournament: Tournament) -> None:
    """Finished when every round is drawn and every sheet complete; running otherwise."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return
    rounds = tournament.round_set.count()
    incomplete = Table.objects.filter(round__tournament=tournament, complete=False).exists()
    status = (
        Tournament.Status.FINISHED
        if rounds == tournament.rounds and not incomplete
        else Tournament.Status.RUNNING
    )
    if status != tournament.status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status


def store_table_result(table: Table, result: TableResult, seats: list[Seat] | None = None) -> None:
    """Write the game's verdict on a table into its seats (the standings read them);
    ``seats``: the table's, when the caller read them already."""
    if seats is None:
        seats = list(table.seats.all())
    place_points = result.place_points or [Fraction(0)] * len(seats)
    closed = table.round.status == Round.Status.CLOSED
    winner = plugin_for(table.round.tournament.game).winner_at_signal(result, closed=closed)
    decided = result.complete or closed
    for seat in seats:
        seat.score = result.scores[seat.position]
        sixtieths = place_points[seat.position] * PLACE_POINTS_DENOMINATOR
        if sixtieths.denominator != 1:  # pragma: no cover - ties share among at most 6 seats
            raise ValueError("place points are not whole sixtieths")
        seat.place_points_60ths = int(sixtieths)
        if seat.team_id is not None:  # a team's seat: one of the match's two sides
            seat.against = result.scores[1 - seat.position]
            seat.won = (winner == seat.position) if decided and winner is not None else None
    # One UPDATE a seat (at most six): cheaper than bulk_update's CASE per field and seat.
    for seat in seats:
        Seat.objects.filter(pk=seat.pk).update(
            score=seat.score,
            place_points_60ths=seat.place_points_60ths,
            won=seat.won,
            against=seat.against,
        )
    # A round closed at the signal counts as played, even with fewer deals than planned.
    table.complete = result.complete or closed
    table.save(update_fields=["version", "complete", "updated_at"])


def store_bye(table: Table, seat: Seat) -> None:
    """A team's bye scores what the ruleset gives it; its table counts as complete."""
    line = GAMES[table.round.tournament.game].bye_line(table.round.tournament.rules or None)
    if line is not None:
        seat.score, seat.won, seat.against = line.score, line.won, line.against or 0
        seat.save(update_fields=["score", "won", "against"])
    table.complete = True
    table.save(update_fields=["complete"])
