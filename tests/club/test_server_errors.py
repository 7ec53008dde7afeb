"""Part of issue 10: the 500 page, each game's own entry path, the clock for clock games only,
and the request values that used to give server errors."""

import pytest
from django.test import RequestFactory
from django.urls import get_resolver, reverse

from tournaments.models import Round
from tournaments.services import deal_entry, drawing, errors, round_clock

pytestmark = pytest.mark.django_db


def test_handler500_renders_the_french_page_without_the_database(django_assert_num_queries):
    handler = get_resolver().resolve_error_handler(500)
    with django_assert_num_queries(0):
        response = handler(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="fr">' in page and "Erreur du serveur" in page


def test_a_crashing_view_answers_the_french_500_page(settings, client):
    client.raise_request_exception = False
    settings.ROOT_URLCONF = "crash_urls"  # tests/club is on the path
    response = client.get("/boom/")
    assert response.status_code == 500
    assert "Erreur du serveur" in response.content.decode()


# --------------------------------------------------------------------------- entry paths


def test_the_whole_sheet_view_refuses_a_whist_table_and_keeps_its_deals(
    scorekeeper_client, whist_table
):
    import random

    from tournaments.sample_sheets import whist_pool

    first = whist_table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(
        whist_table, records=whist_pool(first, random.Random(1), 1, 4), version=0, user=None
    )
    url = reverse("staff_sheet", args=[whist_table.pk])
    assert scorekeeper_client.post(url, {"version": "1"}).status_code == 404
    assert scorekeeper_client.get(url).status_code == 404
    preview = reverse("staff_sheet_preview", args=[whist_table.pk])
    assert scorekeeper_client.post(preview, {}).status_code == 404
    assert whist_table.deals.count() == 1


def test_the_deal_views_refuse_a_whole_sheet_table(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    for name in ("staff_deals", "staff_deal_preview"):
        url = reverse(name, args=[table.pk])
        assert scorekeeper_client.post(url, {"number": "1"}).status_code == 404
    assert scorekeeper_client.get(reverse("staff_deals", args=[table.pk])).status_code == 404
    assert scorekeeper_client.get(reverse("staff_sheet", args=[table.pk])).status_code == 200


def test_clock_pages_and_actions_exist_only_for_clock_games(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=8, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    table = round_.tables.first()
    first = table.seats.get(first_dealer=True).position
    import random

    from tournaments.sample_sheets import double_king_round

    deal_entry.save_sheet(
        table, records=double_king_round(first, random.Random(1), games=1), version=0, user=None
    )
    for name in ("staff_clock", "staff_clock_state", "staff_round_progress"):
        assert scorekeeper_client.get(reverse(name, args=[round_.pk])).status_code == 404
    url = reverse("staff_clock", args=[round_.pk])
    assert scorekeeper_client.post(url, {"action": "close"}).status_code == 404
    # The service refuses too: one game played must not make the table complete at 0 points.
    with pytest.raises(errors.TournamentError):
        round_clock.close_round(round_)
    round_.refresh_from_db()
    table.refresh_from_db()
    assert round_.status != Round.Status.CLOSED and not table.complete


# --------------------------------------------------------------------------- request values


@pytest.mark.parametrize("number", ["²", "9" * 5000, "0", "-1", "2", "abc"])
def test_a_strange_deal_number_is_a_404_not_a_server_error(scorekeeper_client, whist_table, number):
    client = scorekeeper_client
    client.raise_request_exception = False
    url = reverse("staff_deals", args=[whist_table.pk])
    assert client.get(url, {"donne": number}).status_code == 404
    data = {"version": "0", "action": "delete", "number": number}
    # « 2 » is a number: no such deal, said in French on the page; the others are no number.
    assert client.post(url, data).status_code == (302 if number == "2" else 404)
    # A deal past the next one (the table has none: 2 is past 1).
    data = {"version": "0", "action": "preview", "number": number}
    assert client.post(url, data).status_code in {400, 404}
    assert whist_table.deals.count() == 0


def test_http_delete_on_the_deal_view_is_refused(scorekeeper_client, whist_table):
    url = reverse("staff_deals", args=[whist_table.pk])
    assert scorekeeper_client.delete(url).status_code == 405


@pytest.mark.parametrize("target", ["javascript:alert(1)", "https://evil.example/", "//evil.fr/"])
def test_the_clock_never_sends_back_to_another_site(scorekeeper_client, make_tournament, target):
    round_ = drawing.draw_round(make_tournament("whist", players=4, rounds=1), seed=1)
    url = reverse("staff_clock", args=[round_.pk])
    response = scorekeeper_client.post(url, {"action": "pause", "next": target})
    assert response.status_code == 302
    assert response["Location"] == url
    back = reverse("staff_round_progress", args=[round_.pk])
    assert scorekeeper_client.post(url, {"action": "pause", "next": back})["Location"] == back


def test_the_clock_minutes_must_be_a_plain_number(scorekeeper_client, make_tournament):
    round_ = drawing.draw_round(make_tournament("whist", players=4, rounds=1), seed=1)
    url = reverse("staff_clock", args=[round_.pk])
    for minutes in ("²", "9" * 5000, "0", "abc"):
        response = scorekeeper_client.post(url, {"action": "minutes", "minutes": minutes})
        assert response.status_code == 404
    scorekeeper_client.post(url, {"action": "minutes", "minutes": "45"})
    round_.refresh_from_db()
    assert round_.clock_minutes == 45


@pytest.mark.parametrize("value", [None, "", "abc", "²", "9" * 5000])
def test_registration_and_team_split_with_a_bad_id_are_404(
    scorekeeper_client, make_tournament, value
):
    tournament = make_tournament(players=4, rounds=1)
    data = {"action": "present", "value": "1"}
    if value is not None:
        data["entry"] = value
    url = reverse("staff_registration", args=[tournament.pk])
    assert scorekeeper_client.post(url, data).status_code == 404
    tournament.game = "quarante"
    tournament.save()
    data = {"action": "split"} | ({"team": value} if value is not None else {})
    url = reverse("staff_teams", args=[tournament.pk])
    assert scorekeeper_client.post(url, data).status_code == 404


@pytest.mark.parametrize("ronde", ["²", "9" * 5000, "0", "7"])
def test_filled_sheets_of_a_strange_round_are_404(scorekeeper_client, played_tournament, ronde):
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    assert scorekeeper_client.get(url, {"ronde": ronde}).status_code == 404


def test_a_megabyte_user_name_is_refused_on_the_field(client):
    response = client.post(reverse("login"), {"username": "x" * 1_000_000, "password": "pw"})
    assert response.status_code == 200
    assert "au plus 150 caractères" in response.content.decode()
