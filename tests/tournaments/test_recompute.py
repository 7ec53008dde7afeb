"""``manage.py recompute``: stored results recomputed from the deal records."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Seat, TournamentResult

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("recompute", *args, stdout=out)
    return out.getvalue()


def corrupt_a_seat(tournament) -> tuple[Seat, int]:
    seat = (
        Seat.objects.filter(round__tournament=tournament, round__number=2)
        .select_related("entry__player", "table")
        .order_by("table__number", "position")
        .first()
    )
    right = seat.score
    Seat.objects.filter(pk=seat.pk).update(score=right + 1000)
    return seat, right


def test_a_corrupted_score_is_reported_and_fixed(played_tournament):
    seat, right = corrupt_a_seat(played_tournament)
    result = TournamentResult.objects.get(tournament=played_tournament, entry=seat.entry)
    TournamentResult.objects.filter(pk=result.pk).update(points=result.points + 7)

    out = run()

    name = seat.entry.player.full_name
    assert (
        f"{played_tournament}, ronde 2, table {seat.table.number}, {name} : "
        f"score {right + 1000} → {right}" in out
    )
    assert f"{played_tournament}, résultat de {name} : points {result.points + 7} → " in out
    assert "2 différences" in out and "corrigés" in out
    assert Seat.objects.get(pk=seat.pk).score == right
    assert TournamentResult.objects.get(entry=seat.entry).points == result.points
    # Run again: nothing left to correct.
    assert "0 différences" in run()


def test_a_dry_run_reports_without_writing(played_tournament):
    seat, right = corrupt_a_seat(played_tournament)

    out = run("--dry-run", "--tournament", str(played_tournament.pk))

    assert f"score {right + 1000} → {right}" in out
    assert "rien n’a été écrit" in out
    assert Seat.objects.get(pk=seat.pk).score == right + 1000


def test_only_the_tournament_asked_for_is_recomputed(played_tournament, make_tournament):
    other = make_tournament(players=4, rounds=1, name="Autre tournoi")
    seat, _right = corrupt_a_seat(played_tournament)

    out = run("--tournament", str(other.pk))

    assert "0 tournois" in out  # not drawn: nothing stored to recompute
    assert Seat.objects.get(pk=seat.pk).score == _right + 1000


def test_an_unknown_tournament_is_an_error(db):
    with pytest.raises(CommandError, match="Aucun tournoi"):
        run("--tournament", "999999")
