"""The club's rating lists (issue 36): what counts, replays, the queue, the pages."""

import datetime
import random
from io import BytesIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from openpyxl import load_workbook
from rating_history import stored_history

from club.models import Player, PublicName
from scoring.rating import MODEL_NAME, MODEL_VERSION
from tournaments.models import Entry, Seat, Tournament
from tournaments.ratings import services
from tournaments.ratings.models import PlayerRating, RatingList
from tournaments.sample_sheets import whist_pool
from tournaments.services import deal_entry, drawing, result_store, tournament_settings
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db


def _ratings(rating_list):
    return {
        r.player_id: (r.mu, r.sigma, r.rated, r.tables, r.history)
        for r in PlayerRating.objects.filter(rating_list=rating_list)
    }


def test_a_list_rates_every_player_of_its_finished_tournaments(club, season, make_players):
    _people, made, rating_list = stored_history(club, season, make_players)
    assert services.rebuild(rating_list) == 4
    rows = PlayerRating.objects.filter(rating_list=rating_list)
    assert rows.count() == 20
    assert {(r.model_name, r.model_version) for r in rows} == {(MODEL_NAME, MODEL_VERSION)}
    assert rows.filter(rated=True).exists() and rows.filter(rated=False).exists()
    for row in rows:
        assert len(row.history) == sum(
            Entry.objects.filter(tournament=t, player_id=row.player_id).exists() for t in made
        )
        assert row.tables == row.history[-1]["n"]


def test_a_change_to_an_old_tournament_replays_from_it_and_equals_a_full_rebuild(
    club, season, make_players
):
    _, made, rating_list = stored_history(club, season, make_players, tournaments=5)
    services.rebuild(rating_list)
    # The third tournament's first table finishes the other way round.
    table_seats = list(
        Seat.objects.filter(round__tournament=made[2], round__number=1, table__number=1)
    )
    for seat in table_seats:
        seat.place_points_60ths = -seat.place_points_60ths
        seat.save(update_fields=["place_points_60ths"])
    assert services.rebuild(rating_list, since=made[2]) == 3  # the third, fourth and fifth
    replayed = _ratings(rating_list)
    RatingList.objects.filter(pk=rating_list.pk).update(model_version="0")  # another model
    assert services.rebuild(rating_list, since=made[2]) == 5
    full = _ratings(rating_list)
    assert replayed.keys() == full.keys()
    for player, (mu, sigma, rated, tables, history) in full.items():
        other = replayed[player]
        assert abs(mu - other[0]) <= 1e-9 and abs(sigma - other[1]) <= 1e-9
        assert (rated, tables) == (other[2], other[3])
        assert [p["t"] for p in history] == [p["t"] for p in other[4]]


def test_archived_evenings_and_running_tournaments_do_not_count(club, season, make_players):
    _people, made, rating_list = stored_history(club, season, make_players, tournaments=2)
    Tournament.objects.filter(pk=made[1].pk).update(status=Tournament.Status.RUNNING)
    # An archived evening (its players' results only) made like one: finished, no table.
    Tournament.objects.create(
        club=club,
        season=season,
        game="double_king",
        name="Soirée d’antan",
        date=datetime.date(2026, 1, 2),
        archived=True,
        status=Tournament.Status.FINISHED,
    )
    assert services.rebuild(rating_list) == 1
    assert {p["t"] for r in PlayerRating.objects.all() for p in r.history} == {made[0].pk}


def test_an_unpublished_tournament_counts_once_published(
    club, season, make_players, django_capture_on_commit_callbacks, monkeypatch
):
    """A public list never moves with results the committee has not published; publishing
    them queues the list's rebuild, after commit."""
    _people, made, rating_list = stored_history(club, season, make_players, tournaments=2)
    Tournament.objects.filter(pk=made[1].pk).update(published=False)
    assert services.rebuild(rating_list) == 1
    assert {p["t"] for r in PlayerRating.objects.all() for p in r.history} == {made[0].pk}
    made[1].refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_settings.set_published(made[1], published=True)
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    call_command("db_worker", batch=True, startup_delay=False, verbosity=0)
    counted = {p["t"] for r in PlayerRating.objects.all() for p in r.history}
    assert counted == {made[0].pk, made[1].pk}


def test_a_substitute_is_left_out_of_the_tournament_he_filled(club, season, make_players):
    _people, made, rating_list = stored_history(club, season, make_players, tournaments=3)
    sub = Entry.objects.filter(tournament=made[1]).first()
    Entry.objects.filter(pk=sub.pk).update(substitute=True)
    services.rebuild(rating_list)
    row = PlayerRating.objects.get(rating_list=rating_list, player_id=sub.player_id)
    assert made[1].pk not in [p["t"] for p in row.history]
    # His tables there still count for the others.
    mate = (
        Seat.objects.filter(table__seats__entry=sub, round__tournament=made[1])
        .exclude(entry=sub)
        .first()
    )
    mate_row = PlayerRating.objects.get(rating_list=rating_list, player_id=mate.entry.player_id)
    assert made[1].pk in [p["t"] for p in mate_row.history]


def test_a_phones_confirmation_queues_the_rating_after_commit_and_the_worker_computes_it(
    club, make_tournament, django_capture_on_commit_callbacks, monkeypatch
):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=3).tables.get()
    drawing.start_round(table.round)
    first = table.seats.get(first_dealer=True).position
    records = whist_pool(first, random.Random(1), 12, 4)
    deal_entry.save_sheet(table, records=records[:11], version=table.version, user=None)
    table.refresh_from_db()
    seats = list(table.seats.order_by("position").select_related("entry"))
    pending = table_entry.enter_deal(
        table, entry=seats[0].entry, side=0, record=records[11], version=table.version, key="k"
    )
    with django_capture_on_commit_callbacks(execute=False) as after_commit:
        table_entry.confirm_deal(table, pending.pk, entry=seats[1].entry, side=1)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # Nothing computed inside the confirmation, nothing queued before it is committed.
    assert not PlayerRating.objects.exists()
    assert not DBTaskResult.objects.filter(task_path__contains="rebuild_club_rating").exists()
    for callback in after_commit:
        callback()
    queued = DBTaskResult.objects.get(task_path__contains="rebuild_club_rating")
    assert queued.priority == 0
    assert not PlayerRating.objects.exists()
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    call_command("db_worker", batch=True, startup_delay=False, verbosity=0)
    assert PlayerRating.objects.filter(rating_list__game="whist").count() == 4


def test_a_running_tournaments_confirmations_queue_nothing(
    make_tournament, django_capture_on_commit_callbacks
):
    tournament = make_tournament("whist", players=4, rounds=2)
    table = drawing.draw_round(tournament, seed=3).tables.get()
    records = whist_pool(table.seats.get(first_dealer=True).position, random.Random(1), 2, 4)
    with django_capture_on_commit_callbacks(execute=True):
        deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    assert not DBTaskResult.objects.filter(task_path__contains="rebuild_club_rating").exists()


def _page_rows(html: str, section: str) -> str:
    start = html.index(f'id="{section}"')
    return html[start : html.index("</section>", start)]


def test_the_list_page_ranks_the_rated_apart_from_the_provisional_with_public_names(
    client, club, season, make_players
):
    people, _made, rating_list = stored_history(club, season, make_players)
    services.rebuild(rating_list)
    rows = {r.player_id: r for r in PlayerRating.objects.filter(rating_list=rating_list)}
    rated = [p for p in people if rows[p.pk].rated]
    provisional = [p for p in people if not rows[p.pk].rated]
    assert rated and provisional
    initials, hidden, erased = rated[0], rated[1], rated[2]
    Player.objects.filter(pk=initials.pk).update(public_name=PublicName.INITIALS)
    Player.objects.filter(pk=hidden.pk).update(public_name=PublicName.HIDDEN)
    Player.objects.filter(pk=erased.pk).update(erased_at=timezone.now())
    response = client.get(reverse("rating_list", args=[club.slug, "double_king"]))
    assert response.status_code == 200
    html = response.content.decode()
    rated_part = _page_rows(html, "rated")
    assert f"{initials.first_name} {initials.last_name[0]}." in rated_part
    assert initials.last_name not in html
    assert hidden.last_name not in html and f"Joueur {hidden.pk}" not in html
    assert erased.last_name not in html
    for player in rated[3:]:
        assert player.full_name in rated_part
    provisional_part = _page_rows(html, "provisional")
    for player in provisional:
        assert player.full_name in provisional_part and player.full_name not in rated_part
    # The erased player's tables still count for the others: his row is kept, unlisted.
    assert PlayerRating.objects.filter(rating_list=rating_list, player=erased).exists()
    assert reverse("rating_method", args=[club.slug, "double_king"]) in html


def test_the_lists_queries_do_not_grow_with_its_players(client, club, season, make_players):
    _, _, small = stored_history(club, season, make_players, tournaments=1, pool=8, players=8)
    services.rebuild(small)
    url = reverse("rating_list", args=[club.slug, "double_king"])
    client.get(url)
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    stored_history(club, season, make_players, tournaments=3, pool=40, players=40, seed=2)
    services.rebuild(small)
    assert PlayerRating.objects.filter(rating_list=small).count() == 48
    with CaptureQueriesContext(connection) as many:
        client.get(url)
    assert len(many) == len(few)


def test_the_list_exports_to_xlsx(client, club, season, make_players):
    _people, _, rating_list = stored_history(club, season, make_players)
    services.rebuild(rating_list)
    response = client.get(reverse("rating_xlsx", args=[club.slug, "double_king"]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    sheet = load_workbook(BytesIO(response.content)).active
    values = [[c for c in row] for row in sheet.iter_rows(values_only=True)]
    assert values[1] == [f"{MODEL_NAME} {MODEL_VERSION}", None, None, None, None]
    assert values[3] == ["Rang", "Joueur", "Cote", "Tables", "Adversaires différents"]
    best = PlayerRating.objects.filter(rating_list=rating_list, rated=True).order_by("-value")[0]
    assert values[4][0] == 1
    assert values[4][1:4] == [best.player.full_name, best.value, best.tables]
    assert ["Provisoire", None, None, None, None] in values


def test_a_name_typed_as_a_formula_stays_text_in_the_lists_workbook(
    client, club, season, make_players
):
    _people, _, rating_list = stored_history(club, season, make_players)
    services.rebuild(rating_list)
    rated = PlayerRating.objects.filter(rating_list=rating_list, rated=True)[0].player
    # Whatever the club's name order, the name shown starts with « = ».
    rated.first_name = rated.last_name = '=HYPERLINK("http://evil.example","x")'
    rated.save()
    response = client.get(reverse("rating_xlsx", args=[club.slug, "double_king"]))
    sheet = load_workbook(BytesIO(response.content)).active
    names = [row[1] for row in sheet.iter_rows(min_row=5) if isinstance(row[1].value, str)]
    typed = [cell for cell in names if cell.value.startswith("=HYPERLINK")]
    assert typed and all(cell.data_type == "s" for cell in typed)


def test_the_method_page_says_the_gates_and_the_model(client, club, season, make_players):
    _, _, rating_list = stored_history(club, season, make_players, tournaments=1)
    services.rebuild(rating_list)
    html = client.get(reverse("rating_method", args=[club.slug, "double_king"])).content.decode()
    assert MODEL_VERSION in html and "openskill" in html
    assert "6 tables" in html


def test_the_players_season_page_draws_his_rating_history(client, club, season, make_players):
    people, made, rating_list = stored_history(club, season, make_players)
    services.rebuild(rating_list)
    for tournament in made:
        result_store.results_changed(tournament)
    player = next(p for p in people if len(PlayerRating.objects.get(player=p).history) >= 2)
    html = client.get(reverse("season_player", args=[season.pk, player.pk])).content.decode()
    assert 'class="chart chart-rating"' in html and "<polyline" in html
    assert reverse("rating_list", args=[club.slug, "double_king"]) in html


def test_the_club_page_links_its_rating(client, club):
    html = client.get(reverse("club_home", args=[club.slug])).content.decode()
    assert reverse("rating_index", args=[club.slug]) in html


def test_the_demo_has_rated_and_provisional_players(demo_db, client):
    whist = RatingList.objects.get(club__slug="la-chevalerie", game="whist")
    rows = PlayerRating.objects.filter(rating_list=whist)
    assert rows.filter(rated=True).exists() and rows.filter(rated=False).exists()
    response = client.get(reverse("rating_list", args=["la-chevalerie", "whist"]))
    assert response.status_code == 200


def test_the_committee_asks_for_its_list_again_and_the_queue_does_it(committee_client, club):
    url = reverse("rating_rebuild", args=[club.slug, "whist"])
    rebuilds = DBTaskResult.objects.filter(task_path__endswith="rebuild_club_rating")
    assert Client().post(url).status_code == 302  # anonymous: to the login page
    assert not rebuilds.exists()
    response = committee_client.post(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("rating_list", args=[club.slug, "whist"])
    queued = rebuilds.get()
    assert queued.task_path.endswith("rebuild_club_rating") and queued.priority == 0
