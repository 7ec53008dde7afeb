"""Whist deals entered one at a time through the web form: every contract family, the errors
a scorekeeper can make (in French, on the field, values kept), edits, deletes, two phones."""

import pytest
from django.urls import reverse
from django.utils import translation
from helpers import post_deals

from tournaments.games import plugin_for
from tournaments.models import ResultChange
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


def seats_of(table):
    return {s.position: s for s in table.seats.select_related("entry__player")}


def dealer_of(table, number):
    first = table.seats.get(first_dealer=True).position
    return (first + number - 1) % table.seats.count()


def deal_data(table, contract, declarers, tricks=None, *, against="", renege="", number=None):
    """The form's fields: declarers d1..d4, per-declarer tricks t1..t4 (list) or ``tricks``."""
    table.refresh_from_db()
    data = {
        "version": str(table.version),
        "contract": contract,
        "against": against,
        "renege": "" if renege == "" else str(renege),
        "action": "save",
        "number": str(number or table.deals.count() + 1),
    }
    for i, seat in enumerate(declarers, start=1):
        data[f"d{i}"] = str(seat)
        if isinstance(tricks, list):
            data[f"t{i}"] = str(tricks[i - 1])
    if isinstance(tricks, int):
        data["tricks"] = str(tricks)
    return data


CASES = [
    # family, record fields, expected points per seat (seats 0-3)
    ("emballage", ("emballage_9", [0, 2], 10), [5, -5, 5, -5]),
    ("emballage capo", ("emballage_10", [0, 2], 13), [17, -17, 17, -17]),
    ("solo failed", ("solo_8", [1], 7), [7, -21, 7, 7]),
    ("solo made", ("solo_6", [3], 8), [-4, -4, -4, 12]),
    ("trou capo", ("trou", [1, 3], 13), [-12, 12, -12, 12]),
    ("trou royal", ("trou_royal", [0, 1], 9), [6, 6, -6, -6]),
    ("two petites misères", ("petite_misere", [0, 1], [0, 0]), [12, 12, -12, -12]),
    ("misère made and failed", ("petite_misere", [0, 1], [0, 2]), [24, -24, 0, 0]),
    ("piccolo", ("piccolo", [2], [1]), [-8, -8, 24, -8]),
    ("abondance", ("abondance_10", [1], 10), [-10, 30, -10, -10]),
    ("grande misère", ("grande_misere", [0], [0]), [36, -12, -12, -12]),
    ("sur table failed", ("grande_misere_table", [3], [1]), [20, 20, 20, -60]),
    ("petit schlem", ("petit_schlem", [2], 12), [-30, -30, 90, -30]),
    ("grand schlem", ("grand_schlem", [0], 13), [120, -40, -40, -40]),
]


@pytest.mark.parametrize(("family", "fields", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_contract_family_through_the_form(
    scorekeeper_client, whist_table, family, fields, expected
):
    contract, declarers, tricks = fields
    response = post_deals(
        scorekeeper_client, whist_table, deal_data(whist_table, contract, declarers, tricks)
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    deal = whist_table.deals.get()
    assert deal.points == expected
    assert deal.record["dealer"] == dealer_of(whist_table, 1)
    assert sum(deal.points) == 0
    seats = {s.position: s.score for s in whist_table.seats.all()}
    assert [seats[i] for i in range(4)] == expected


def test_counter_and_renege_through_the_form(scorekeeper_client, whist_table):
    data = deal_data(whist_table, "emballage_12", [0, 1], 12, against="abondance_9")
    assert post_deals(scorekeeper_client, whist_table, data).status_code == 302
    data = deal_data(whist_table, "emballage_9", [0, 2], None, renege=0)
    assert post_deals(scorekeeper_client, whist_table, data).status_code == 302
    points = [d.points for d in whist_table.deals.order_by("number")]
    assert points == [[27, 27, -27, -27], [-12, 4, 4, 4]]
    assert whist_table.deals.get(number=1).record["against"] == "abondance_9"


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (("solo_7", [0, 1], 7), "d1", "ce contrat se joue à 1 déclarant, vous en avez choisi 2"),
        (
            ("emballage_8", [0], 8),
            "d1",
            "ce contrat se joue à 2 déclarants, vous en avez choisi 1",
        ),
        (("emballage_8", [0, 2], 14), "tricks", "14 plis, c’est impossible (de 0 à 13)"),
        (("emballage_8", [1, 1], 8), "d1", "le même joueur est choisi deux fois"),
    ],
    ids=["two declarers for a solo", "emballage with one", "14 tricks", "a seat twice"],
)
def test_impossible_deals_are_refused_on_the_field(
    scorekeeper_client, whist_table, fields, field, message
):
    contract, declarers, tricks = fields
    response = post_deals(
        scorekeeper_client, whist_table, deal_data(whist_table, contract, declarers, tricks)
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert any(message in str(e) for e in form.errors[field]), form.errors
    html = response.content.decode()
    assert message in html
    assert f'<option value="{contract}" selected>' in html  # what was typed is kept
    assert not whist_table.deals.exists()


def test_the_rule_documents_counters_through_the_form(scorekeeper_client, whist_table):
    # RULES.md (2026-11-22): a grand schlem against a petit schlem scores its own P (120).
    data = deal_data(whist_table, "grand_schlem", [1], 13, against="petit_schlem")
    assert post_deals(scorekeeper_client, whist_table, data).status_code == 302
    deal = whist_table.deals.get()
    assert deal.points == [-40, 120, -40, -40] and deal.record["against"] == "petit_schlem"
    # an abondance 10 cannot counter a grande misère: refused on the field
    data = deal_data(whist_table, "abondance_10", [2], 10, against="grande_misere")
    response = post_deals(scorekeeper_client, whist_table, data)
    assert response.status_code == 400
    assert "le barème du club n’a pas ce contre" in " ".join(
        str(e) for e in response.context["form"].errors["against"]
    )
    assert whist_table.deals.count() == 1


def test_a_counter_the_club_does_not_have(scorekeeper_client, whist_table):
    data = deal_data(whist_table, "solo_6", [0], 6, against="piccolo")
    response = post_deals(scorekeeper_client, whist_table, data)
    assert response.status_code == 400
    assert "le barème du club n’a pas ce contre" in " ".join(
        str(e) for e in response.context["form"].errors["against"]
    )
    assert '<option value="piccolo" selected>' in response.content.decode()


def test_misere_needs_the_tricks_of_each_declarer(scorekeeper_client, whist_table):
    data = deal_data(whist_table, "petite_misere", [0, 1], [0, 0])
    data["t2"] = ""
    response = post_deals(scorekeeper_client, whist_table, data)
    assert response.status_code == 400
    assert "t2" in response.context["form"].errors


def test_points_are_shown_before_saving(scorekeeper_client, whist_table):
    data = deal_data(whist_table, "solo_8", [1], 7)
    data["action"] = "preview"
    response = post_deals(scorekeeper_client, whist_table, data)
    assert response.status_code == 200
    assert response.context["preview"][1][1] == -21
    assert 'data-points="1">-21<' in response.content.decode()
    assert not whist_table.deals.exists()
    json_response = scorekeeper_client.post(
        reverse("staff_deal_preview", args=[whist_table.pk]), data
    ).json()
    assert json_response["ok"] and json_response["points"] == [7, -21, 7, 7]
    data["tricks"] = "14"
    bad = scorekeeper_client.post(reverse("staff_deal_preview", args=[whist_table.pk]), data)
    assert bad.json()["ok"] is False and "14 plis" in bad.json()["errors"][0]


def test_edit_and_delete_go_through_validation_and_history(
    scorekeeper_client, whist_table, scorekeeper_user
):
    for _ in range(3):
        post_deals(
            scorekeeper_client, whist_table, deal_data(whist_table, "emballage_8", [0, 2], 8)
        )
    assert whist_table.deals.count() == 3
    # Editing deal 2 with an impossible value is refused and nothing changes.
    bad = deal_data(whist_table, "emballage_8", [0], 8, number=2)
    assert post_deals(scorekeeper_client, whist_table, bad).status_code == 400
    good = deal_data(whist_table, "solo_7", [3], 7, number=2)
    assert post_deals(scorekeeper_client, whist_table, good).status_code == 302
    assert whist_table.deals.get(number=2).record["contract"] == "solo_7"
    assert whist_table.deals.get(number=2).record["dealer"] == dealer_of(whist_table, 2)
    # The edit form shows the stored deal.
    page = scorekeeper_client.get(reverse("staff_deals", args=[whist_table.pk]) + "?donne=2")
    assert '<option value="solo_7" selected>' in page.content.decode()
    # Deleting the last deal works; every change is in the history.
    whist_table.refresh_from_db()
    response = post_deals(
        scorekeeper_client,
        whist_table,
        {"action": "delete", "number": "3", "version": str(whist_table.version)},
    )
    assert response.status_code == 302
    assert whist_table.deals.count() == 2
    changes = ResultChange.objects.filter(table=whist_table).order_by("version")
    assert [len(c.after) for c in changes] == [1, 2, 3, 3, 2]
    assert all(c.user == scorekeeper_user for c in changes)
    history = scorekeeper_client.get(reverse("staff_history", args=[whist_table.pk]))
    assert "Solo 7" in history.content.decode()


def test_deleting_a_middle_deal_would_change_the_dealers_and_is_refused(
    scorekeeper_client, whist_table
):
    for _ in range(3):
        post_deals(
            scorekeeper_client, whist_table, deal_data(whist_table, "emballage_8", [0, 2], 8)
        )
    whist_table.refresh_from_db()
    response = scorekeeper_client.post(
        reverse("staff_deals", args=[whist_table.pk]),
        {"action": "delete", "number": "1", "version": str(whist_table.version)},
        follow=True,
    )
    assert whist_table.deals.count() == 3
    assert "ne peut pas être supprimée" in response.content.decode()


def test_two_scorekeepers_on_one_table_lose_no_deal(scorekeeper_client, whist_table):
    first = deal_data(whist_table, "emballage_8", [0, 2], 8)
    # typed from the same version, as new deals (the page says ``adding``)
    second = dict(deal_data(whist_table, "solo_6", [1], 6), adding="1")
    assert post_deals(scorekeeper_client, whist_table, first).status_code == 302
    stale = post_deals(scorekeeper_client, whist_table, second)
    assert stale.status_code == 409
    html = stale.content.decode()
    assert "Quelqu’un d’autre a enregistré une donne" in html
    assert '<option value="solo_6" selected>' in html  # the typed deal is kept
    assert whist_table.deals.count() == 1
    # The typed deal now comes after the one saved meanwhile: saving again drops nothing.
    assert stale.context["form"].number == 2 and 'name="replace_version"' not in html
    again = dict(second, version=str(stale.context["version"]), number="2")
    assert post_deals(scorekeeper_client, whist_table, again).status_code == 302
    contracts = [d.record["contract"] for d in whist_table.deals.order_by("number")]
    assert contracts == ["emballage_8", "solo_6"]


def test_table_of_five_the_dealer_sits_out(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=5, rounds=1, rules={"tables_of_five": True})
    table = drawing.draw_round(tournament, seed=1).tables.get()
    assert table.seats.count() == 5
    dealer = dealer_of(table, 1)
    page = scorekeeper_client.get(reverse("staff_deals", args=[table.pk]))
    assert f'<option value="{dealer}" disabled>' in page.content.decode()
    others = [s for s in range(5) if s != dealer]
    data = deal_data(table, "solo_6", [others[0]], 6)
    assert post_deals(scorekeeper_client, table, data).status_code == 302
    points = table.deals.get().points
    assert len(points) == 5 and points[dealer] == 0 and points[others[0]] == 6
    # The sitting-out dealer cannot be chosen.
    data = deal_data(table, "solo_6", [dealer_of(table, 2)], 6)
    assert post_deals(scorekeeper_client, table, data).status_code == 400


def test_pool_complete_after_twelve_deals(scorekeeper_client, whist_table):
    for _ in range(12):
        assert (
            post_deals(
                scorekeeper_client, whist_table, deal_data(whist_table, "emballage_8", [0, 2], 8)
            ).status_code
            == 302
        )
    whist_table.refresh_from_db()
    assert whist_table.complete
    page = scorekeeper_client.get(reverse("staff_deals", args=[whist_table.pk]))
    assert "La poule est complète" in page.content.decode()
    data = deal_data(whist_table, "emballage_8", [0, 2], 8, number=13)
    response = post_deals(scorekeeper_client, whist_table, data)
    assert response.status_code == 400
    assert "au plus 12 donnes" in response.content.decode()


@pytest.mark.parametrize(
    "record, dutch",
    [
        ({"contract": "solo_6", "declarers": [0], "tricks": 1}, "Alleen 6: Anne, 1 slag"),
        (
            {"contract": "petite_misere", "declarers": [0], "tricks": [1]},
            "Kleine miserie: Anne, 1 slag",
        ),
        ({"contract": "solo_8", "declarers": [0], "tricks": 8}, "Alleen 8: Anne, 8 slagen"),
    ],
)
def test_a_deal_in_words_counts_one_trick_in_the_singular(record, dutch):
    names = ["Anne", "Bob", "Cléo", "Dirk"]
    with translation.override("nl"):
        assert plugin_for("whist").describe({**record, "dealer": 1}, names) == dutch
