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


def test_every_projection_corrupted_is_rebuilt_from_the_facts_and_said(played_tournament):
    """Each kind of stored projection, corrupted, is rebuilt from the deal records and the
    draws, and the report says which kind changed how many times."""
    from tournaments.models import Deal, Table, Tournament

    seat, right = corrupt_a_seat(played_tournament)
    deal = Deal.objects.filter(table=seat.table).order_by("number").first()
    Deal.objects.filter(pk=deal.pk).update(points=[0] * len(deal.points))
    other_table = Table.objects.filter(round__tournament=played_tournament).exclude(
        pk=seat.table_id
    )[0]
    Table.objects.filter(pk=other_table.pk).update(complete=False)
    result = TournamentResult.objects.filter(tournament=played_tournament).order_by("rank")[0]
    TournamentResult.objects.filter(pk=result.pk).update(rank=99)
    Tournament.objects.filter(pk=played_tournament.pk).update(status=Tournament.Status.RUNNING)

    out = run()

    where = f"{played_tournament}, ronde {seat.round.number}"
    assert f"{where}, table {seat.table.number}, donne 1 : points " in out
    assert f"score {right + 1000} → {right}" in out
    assert f"table {other_table.number} : complete False → True" in out
    assert f"résultat de {result.player.full_name} : rank 99 → {result.rank}" in out
    assert f"{played_tournament} : status running → finished" in out
    assert (
        "Par sorte : points des donnes 1, places 1, tables 1, résultats des joueurs 1, "
        "statut des tournois 1." in out
    )
    assert Deal.objects.get(pk=deal.pk).points == deal.points
    assert Seat.objects.get(pk=seat.pk).score == right
    assert Table.objects.get(pk=other_table.pk).complete
    assert TournamentResult.objects.get(entry=result.entry_id).rank == result.rank
    assert Tournament.objects.get(pk=played_tournament.pk).status == Tournament.Status.FINISHED
    assert "0 différences" in run()
