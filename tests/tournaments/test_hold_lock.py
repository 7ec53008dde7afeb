"""The hold's guard locks the tournament's row (« Emporter la soirée »): a write in progress
and a hold taken at the same moment cannot interleave. The guard's ``SELECT … FOR UPDATE``
keeps the row until the writer's transaction ends, so the hold waits for the write, and a
write that comes after the hold sees it."""

import threading

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from tournaments.models import Tournament
from tournaments.services import drawing, errors, holds

HOLDER = "Portable du bar"


@pytest.mark.django_db
def test_the_guard_locks_the_tournaments_row(make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        holds.ensure_writable(tournament)
    (guard,) = [q["sql"] for q in queries.captured_queries if "tournaments_tournament" in q["sql"]]
    if connection.features.has_select_for_update:  # PostgreSQL (SQLite locks the whole file)
        assert guard.rstrip().endswith("FOR UPDATE")


@pytest.mark.django_db
def test_of_several_tournaments_the_held_one_refuses_the_others_take_writes(
    make_tournament,
):
    tournament, other = make_tournament(players=4, rounds=1), make_tournament(players=4, rounds=1)
    holds.hold_tournament(tournament=tournament, holder=HOLDER)
    with transaction.atomic():
        with pytest.raises(errors.TournamentHeld):
            holds.ensure_none_held([other.pk, tournament.pk])
        holds.ensure_none_held([other.pk])
    round_ = drawing.draw_round(other, seed=1)  # the other tournament still takes writes
    assert round_.tables.exists()


def _hold_from_another_connection(tournament_id: int, outcome: list[object]) -> None:
    """Try to hold the tournament from another connection, giving up after a short wait."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '300ms'")
            holds.hold_tournament(
                tournament=Tournament.objects.get(pk=tournament_id), holder=HOLDER
            )
        outcome.append("held")
    except OperationalError as error:
        outcome.append(error)
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_a_hold_waits_for_the_write_in_progress(make_tournament):
    """Two requests at once on PostgreSQL: while a write that passed the guard is still in its
    transaction, the laptop cannot take the evening; once it is committed, it can."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL (SQLite writes one transaction at a time)")
    tournament = make_tournament(players=4, rounds=1)
    outcome: list[object] = []
    with transaction.atomic():
        holds.ensure_writable(tournament)  # the write in progress
        waiting = threading.Thread(
            target=_hold_from_another_connection, args=(tournament.pk, outcome)
        )
        waiting.start()
        waiting.join()
    assert len(outcome) == 1 and isinstance(outcome[0], OperationalError)
    assert holds.current_hold(tournament) is None
    waiting = threading.Thread(target=_hold_from_another_connection, args=(tournament.pk, outcome))
    waiting.start()
    waiting.join()
    assert outcome[1] == "held" and holds.current_hold(tournament) is not None
    with transaction.atomic(), pytest.raises(errors.TournamentHeld):
        holds.ensure_writable(tournament)
