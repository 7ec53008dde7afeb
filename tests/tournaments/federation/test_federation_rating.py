"""A federation's rating list (issue 36): its counted tournaments alone (approved where it
requires approval), a person's tables in every member club, names as on its ranking, its
pages and workbook, its queue."""

import datetime
import random
from io import BytesIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from openpyxl import load_workbook
from scenario import fed_season, federation

from club.models import Club, Player, Season
from tournaments.federation import rating, rating_services, services
from tournaments.federation.models import CountedTournament
from tournaments.models import Entry, Seat
from tournaments.ratings.models import CountedTournament as ListedTournament
from tournaments.ratings.models import PlayerRating, QueuedRebuild, RatingList
from tournaments.sample_sheets import stored_tournament
from tournaments.services import result_store

pytestmark = pytest.mark.django_db

GAME = "double_king"


def _club(name: str, slug: str) -> Club:
    made = Club.objects.create(name=name, slug=slug)
    Season.objects.create(
        club=made, name="2025", start=datetime.date(2025, 9, 1), end=datetime.date(2026, 6, 30)
    )
    return made


@pytest.fixture
def world():
    """Two member clubs sharing twelve persons; five tournaments: Hélécine's first and
    Gesves' first approved, Gesves' second asked, Hélécine's second refused, Gesves' third
    approved (the federation requires approval)."""
    fed = federation("frbw", games=(GAME,), requires_approval=True)
    season = fed_season(fed)
    one, two = _club("Hélécine", "helecine"), _club("Gesves", "gesves")
    people = [
        Player.objects.create(first_name=f"Prénom{i:02d}", last_name=f"Famille{i:02d}")
        for i in range(12)
    ]
    for person in people:
        person.clubs.add(one, two)
    rng = random.Random(36)
    plan = [
        (one, "approved"),
        (two, "approved"),
        (two, "asked"),
        (one, "refused"),
        (two, "approved"),
    ]
    made = []
    for index, (host, status) in enumerate(plan):
        tournament = stored_tournament(host.seasons.get(), GAME, 3, index, people, rng, players=12)
        CountedTournament.objects.create(
            tournament=tournament, federation=fed, season=season, status=status
        )
        result_store.results_changed(tournament)  # its final places (a player's page reads them)
        made.append(tournament)
    return fed, people, made


def _tables(person: Player, tournaments) -> int:
    return Seat.objects.filter(
        round__tournament__in=tournaments, entry__player=person, table__complete=True
    ).count()


def _list(fed) -> RatingList:
    return rating.rating_list(fed, GAME)


def _state(rating_list):
    return {
        r.player_id: (r.mu, r.sigma, r.rated, r.tables)
        for r in PlayerRating.objects.filter(rating_list=rating_list)
    }


def test_only_approved_counted_tournaments_count_and_tables_in_both_clubs(world):
    fed, people, made = world
    assert rating_services.rebuild(fed, GAME) == 3
    rating_list = _list(fed)
    assert rating_list.kind == RatingList.Kind.FEDERATION and rating_list.club is None
    counted = set(
        ListedTournament.objects.filter(rating_list=rating_list).values_list(
            "tournament_id", flat=True
        )
    )
    assert counted == {made[0].pk, made[1].pk, made[4].pk}  # not the asked, not the refused
    for person in people:  # Hélécine's tables and Gesves' in the one rating
        row = PlayerRating.objects.get(rating_list=rating_list, player=person)
        assert row.tables == _tables(person, [made[0], made[1], made[4]])
        assert {p["t"] for p in row.history} <= counted
    assert {made[0].club_id, made[1].club_id} == {c.pk for c in people[0].clubs.all()}
    # A club's own list is another list: the federation's never touched it.
    assert not RatingList.objects.filter(kind=RatingList.Kind.CLUB).exists()


def test_approving_a_tournament_queues_one_rebuild_from_it_which_equals_a_full_one(
    world, django_capture_on_commit_callbacks, monkeypatch
):
    fed, _people, made = world
    rating_services.rebuild(fed, GAME)
    rating_list = _list(fed)
    asked = CountedTournament.objects.get(tournament=made[2])
    with django_capture_on_commit_callbacks(execute=True):
        services.decide_counted(counted=asked, approve=True)
    queued = DBTaskResult.objects.filter(task_path__endswith="rebuild_federation_rating")
    assert queued.get().status == TaskResultStatus.READY
    marker = QueuedRebuild.objects.get(rating_list=rating_list)
    assert (marker.from_date, marker.from_tournament) == (made[2].date, made[2].pk)
    # A second change before a worker starts is absorbed by the rebuild already queued.
    with django_capture_on_commit_callbacks(execute=True):
        services.decide_counted(
            counted=CountedTournament.objects.get(tournament=made[3]), approve=True
        )
    assert queued.count() == 1
    assert QueuedRebuild.objects.get().from_tournament == made[2].pk  # the earlier of the two
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    call_command("db_worker", batch=True, startup_delay=False, verbosity=0)
    assert queued.get().status == TaskResultStatus.SUCCESSFUL
    assert ListedTournament.objects.filter(rating_list=rating_list).count() == 5
    incremental = _state(rating_list)
    RatingList.objects.filter(pk=rating_list.pk).update(model_version="0")  # another model
    assert rating_services.rebuild(fed, GAME) == 5
    full = _state(rating_list)
    assert incremental.keys() == full.keys()
    for player, (mu, sigma, rated, tables) in full.items():
        other = incremental[player]
        assert abs(mu - other[0]) <= 1e-9 and abs(sigma - other[1]) <= 1e-9
        assert (rated, tables) == other[2:]


def test_refusing_an_asked_tournament_queues_nothing_it_counts(world):
    fed, _people, made = world
    services.decide_counted(
        counted=CountedTournament.objects.get(tournament=made[2]), approve=False
    )
    rating_services.rebuild(fed, GAME)
    assert not ListedTournament.objects.filter(tournament=made[2]).exists()


def test_without_required_approval_an_asked_tournament_counts_at_once(world):
    fed, _people, _made = world
    fed = services.save_rule(federation=fed, settings={"requires_approval": False})
    assert rating_services.rebuild(fed, GAME) == 4  # the asked one too, never the refused


def test_substitutes_and_table_fillers_are_left_out(world):
    fed, people, made = world
    Entry.objects.filter(tournament=made[0], player=people[0]).update(substitute=True)
    rating_services.rebuild(fed, GAME)
    row = PlayerRating.objects.get(rating_list=_list(fed), player=people[0])
    assert row.tables == _tables(people[0], [made[1], made[4]])
    assert made[0].pk not in {p["t"] for p in row.history}


def test_hidden_not_listed_erased_listed_nowhere_their_tables_count(world, client):
    fed, people, made = world
    hidden, erased = people[0], people[1]
    Player.objects.filter(pk=hidden.pk).update(public_name="hidden")
    Player.objects.filter(pk=erased.pk).update(erased_at=timezone.now())
    rating_services.rebuild(fed, GAME)
    rating_list = _list(fed)
    assert (
        PlayerRating.objects.filter(rating_list=rating_list, player__in=[hidden, erased]).count()
        == 2
    )
    page = client.get(reverse("federation_rating", args=[fed.slug, GAME])).content.decode()
    for person in people[2:]:
        assert f"{person.first_name} {person.last_name}" in page
    for person in (hidden, erased):
        assert person.first_name not in page and person.last_name not in page
    rated, provisional = rating.list_rows(rating_list)
    assert len(rated) + len(provisional) == 10
    workbook = client.get(reverse("federation_rating_xlsx", args=[fed.slug, GAME]))
    cells = {str(c) for row in load_workbook(BytesIO(workbook.content)).active.values for c in row}
    assert not any(person.last_name in cell for person in (hidden, erased) for cell in cells)
    # The others' histories still hold the tables they played against them.
    other = PlayerRating.objects.get(rating_list=rating_list, player=people[2])
    assert other.tables == _tables(people[2], [made[0], made[1], made[4]])


def test_the_workbook_lists_rated_then_provisional(world, client):
    fed, people, _made = world
    rating_services.rebuild(fed, GAME)
    response = client.get(reverse("federation_rating_xlsx", args=[fed.slug, GAME]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.xlsx"')
    rows = list(load_workbook(BytesIO(response.content)).active.values)
    names = {row[1] for row in rows[2:] if row and row[1]}
    assert names == {f"{p.first_name} {p.last_name}" for p in people}
    rated, provisional = rating.list_rows(_list(fed))
    assert len(rated) + len(provisional) == 12


@pytest.mark.parametrize(
    "language, words",
    [("fr", ["Cote", "Provisoire", "Comment la cote"]), ("nl", ["Rating", "Voorlopig"])],
)
def test_the_pages_in_french_and_dutch(world, client, language, words):
    fed, people, _made = world
    rating_services.rebuild(fed, GAME)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    home = client.get(reverse("federation_page", args=[fed.slug])).content.decode()
    url = reverse("federation_rating", args=[fed.slug, GAME])
    assert url in home
    response = client.get(url)
    page = response.content.decode()
    assert response.status_code == 200 and f'lang="{language}"' in page
    for word in words:
        assert word in page
    method = client.get(reverse("federation_rating_method", args=[fed.slug, GAME]))
    assert method.status_code == 200 and "Plackett" in method.content.decode()
    player = client.get(reverse("federation_player", args=[fed.slug, people[2].uid]))
    assert player.status_code == 200
    assert 'class="line-chart"' in player.content.decode()
    assert url in player.content.decode()


def test_the_list_is_cached_and_answers_304_until_a_rebuild(world, client):
    fed, _people, _made = world
    url = reverse("federation_rating", args=[fed.slug, GAME])
    first = client.get(url)
    assert (
        "Cette cote n’a pas encore été calculée" in first.content.decode()
        or first.status_code == 200
    )
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    rating_services.rebuild(fed, GAME)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]


def test_a_game_the_federation_does_not_rank_answers_404(world, client):
    fed, _people, _made = world
    assert client.get(reverse("federation_rating", args=[fed.slug, "whist"])).status_code == 404
    assert client.get(reverse("federation_rating_xlsx", args=[fed.slug, GAME])).status_code == 404


def test_a_counted_tournaments_new_result_queues_its_federations_rebuild(
    world, django_capture_on_commit_callbacks
):
    fed, _people, made = world
    rating_services.rebuild(fed, GAME)
    with django_capture_on_commit_callbacks(execute=True):
        result_store.results_changed(made[1])
    queued = DBTaskResult.objects.filter(task_path__endswith="rebuild_federation_rating")
    assert queued.count() == 1
    marker = QueuedRebuild.objects.get(rating_list=_list(fed))
    assert (marker.from_date, marker.from_tournament) == (made[1].date, made[1].pk)
