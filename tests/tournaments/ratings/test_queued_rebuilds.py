"""Changes in a row queue one rebuild (issue 36): a rebuild already queued for the list and not
started absorbs the next change, from the earliest tournament changed; once it has started, a
change queues the next one; a queued rebuild that failed absorbs nothing."""

import random

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from rating_history import stored_history

from tournaments.models import Seat
from tournaments.ratings import services
from tournaments.ratings.models import PlayerRating, QueuedRebuild, RatingList
from tournaments.sample_sheets import stored_tournament
from tournaments.services import result_store

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(club, season, make_players):
    """Four finished Double King tournaments, their list built."""
    _people, made, rating_list = stored_history(club, season, make_players, seed=5, prefix="Q")
    services.rebuild(rating_list)
    return made, rating_list


def _rebuilds():
    return DBTaskResult.objects.filter(task_path__endswith="rebuild_club_rating")


def _change(tournament, capture):
    """A result of ``tournament`` stored again, committed (one request)."""
    with capture(execute=True):
        result_store.results_changed(tournament)


def _work(monkeypatch):
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    call_command("db_worker", batch=True, startup_delay=False, verbosity=0)


def _ratings(rating_list):
    return {
        r.player_id: (r.mu, r.sigma, r.rated, r.tables)
        for r in PlayerRating.objects.filter(rating_list=rating_list)
    }


def test_ten_changes_in_a_row_queue_one_rebuild_from_the_earliest_tournament(
    history, django_capture_on_commit_callbacks, monkeypatch
):
    made, rating_list = history
    # The second tournament's first table finishes the other way round...
    for seat in Seat.objects.filter(round__tournament=made[1], round__number=1, table__number=1):
        seat.place_points_60ths = -seat.place_points_60ths
        seat.save(update_fields=["place_points_60ths"])
    # ... among ten changes in a row to the later ones and to it.
    for tournament in [made[3], made[2], made[3], made[1], made[2], *[made[3]] * 5]:
        _change(tournament, django_capture_on_commit_callbacks)
    queued = _rebuilds().get()
    assert queued.status == TaskResultStatus.READY
    marker = QueuedRebuild.objects.get(rating_list=rating_list)
    assert (marker.task_id, marker.from_date, marker.from_tournament) == (
        str(queued.pk),
        made[1].date,
        made[1].pk,
    )
    _work(monkeypatch)
    assert _rebuilds().get().status == TaskResultStatus.SUCCESSFUL
    assert not QueuedRebuild.objects.exists()
    # Replayed from the second tournament on: what a full rebuild gives.
    replayed = _ratings(rating_list)
    RatingList.objects.filter(pk=rating_list.pk).update(model_version="0")  # another model
    assert services.rebuild(rating_list) == 4
    full = _ratings(rating_list)
    assert replayed.keys() == full.keys()
    for player, (mu, sigma, rated, tables) in full.items():
        other = replayed[player]
        assert abs(mu - other[0]) <= 1e-9 and abs(sigma - other[1]) <= 1e-9
        assert (rated, tables) == other[2:]
    # Once the rebuild has run, the next change queues the next one.
    _change(made[3], django_capture_on_commit_callbacks)
    assert _rebuilds().count() == 2
    assert _rebuilds().filter(status=TaskResultStatus.READY).count() == 1


def test_a_rebuild_that_has_started_absorbs_nothing(history, django_capture_on_commit_callbacks):
    made, _rating_list = history
    _change(made[2], django_capture_on_commit_callbacks)
    _rebuilds().update(status=TaskResultStatus.RUNNING)  # a worker took it
    _change(made[1], django_capture_on_commit_callbacks)
    assert _rebuilds().count() == 2
    waiting = _rebuilds().get(status=TaskResultStatus.READY)
    marker = QueuedRebuild.objects.get()
    assert (marker.task_id, marker.from_tournament) == (str(waiting.pk), made[1].pk)


def test_a_failed_rebuild_absorbs_nothing_and_the_next_starts_from_the_earlier(
    history, django_capture_on_commit_callbacks, monkeypatch
):
    made, _rating_list = history
    _change(made[1], django_capture_on_commit_callbacks)
    _rebuilds().update(status=TaskResultStatus.FAILED)  # it will never take its row
    _change(made[3], django_capture_on_commit_callbacks)
    waiting = _rebuilds().get(status=TaskResultStatus.READY)
    marker = QueuedRebuild.objects.get()
    assert (marker.task_id, marker.from_tournament) == (str(waiting.pk), made[1].pk)
    _work(monkeypatch)
    assert not QueuedRebuild.objects.exists()
    assert _rebuilds().filter(status=TaskResultStatus.SUCCESSFUL).count() == 1


def test_the_committees_recompute_from_the_start_lowers_a_queued_rebuild(
    history, django_capture_on_commit_callbacks, committee_client, club
):
    made, _rating_list = history
    _change(made[3], django_capture_on_commit_callbacks)
    committee_client.post(reverse("rating_rebuild", args=[club.slug, "double_king"]))
    assert _rebuilds().count() == 1
    assert QueuedRebuild.objects.get().from_date is None  # from the start


def test_one_game_does_not_absorb_another_games_change(
    history, season, django_capture_on_commit_callbacks, monkeypatch
):
    """Per game: a whist rating is not a Double King rating, and neither list waits for the
    other's rebuild."""
    made, rating_list = history
    people = list({e.player for t in made for e in t.entries.select_related("player")})
    whist = stored_tournament(season, "whist", 3, 9, people, random.Random(9), players=16)
    before = _ratings(rating_list)
    _change(made[3], django_capture_on_commit_callbacks)
    _change(whist, django_capture_on_commit_callbacks)
    assert sorted(_rebuilds().values_list("args_kwargs__args__1", flat=True)) == [
        "double_king",
        "whist",
    ]
    _work(monkeypatch)
    assert _ratings(rating_list) == before  # nothing changed in Double King
    whist_list = RatingList.objects.get(club=rating_list.club, game="whist")
    rows = PlayerRating.objects.filter(rating_list=whist_list)
    assert rows.count() == 16
    assert {p["t"] for r in rows for p in r.history} == {whist.pk}
