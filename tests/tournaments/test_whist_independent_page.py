"""Whist with each opponent's value typed independently (issue 37 §4, RULES.md « Changes of
2026-11-28 »): the model and the opponents' columns typed on the club's rules page, scored
through the staff sheet with RULES.md's figures (« solo 6, failed at 5: −15, +10 each »;
« abondance 9, failed at 8: −30, +20 each »), and named wherever the standings show."""

from io import BytesIO

import pytest
from django.urls import reverse
from form_data import rules_page_data as page_data
from form_data import rules_url
from helpers import post_deals, table_phone
from pypdf import PdfReader
from test_club_tables import deal_data

from tournaments.models import GameRules
from tournaments.selectors import classification, rulebook
from tournaments.services import drawing
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

LABEL = "Modèle : adversaires payés indépendamment"
#: The club's figures: solo 6 failed −15 flat (+10 to each opponent), abondance 9 failed
#: −30 (+20 each); made, each opponent pays 2 and 9 (the zero-sum thirds kept).
CLUB_VALUES = {
    "contract__solo_6__points_failed": 15,
    "contract__solo_6__undertrick": 0,
    "contract__solo_6__opponent_points_failed": 10,
    "contract__abondance_9__points_failed": 30,
    "contract__abondance_9__opponent_points_failed": 20,
}


def choose_independent(client, club):
    response = client.post(
        rules_url(club), page_data(client, club, setting__scoring_model="independent")
    )
    assert response.status_code == 302, response.context["form"].errors


def test_choosing_the_model_keeps_every_figure_until_the_club_types_its_own(committee_client, club):
    choose_independent(committee_client, club)
    rules = rulebook.club_rules(club, "whist")
    rows = {r["code"]: r for r in rules["contracts"]}
    # The zero-sum shares filled in: solo 6 (6 made, 6 failed) → 2 and 2; trou (partners) 6.
    assert (rows["solo_6"]["opponent_points"], rows["solo_6"]["opponent_points_failed"]) == (2, 2)
    assert rows["trou"]["opponent_points"] == 6
    form = committee_client.get(rules_url(club)).context["form"]
    assert form["contract__solo_6__opponent_points_failed"].value() == 2


def test_the_club_s_figures_typed_on_the_rules_page_score_on_the_staff_sheet(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("whist", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    choose_independent(client, club)
    response = client.post(rules_url(club), page_data(client, club, **CLUB_VALUES))
    assert response.status_code == 302, response.context["form"].errors

    round_ = drawing.draw_round(tournament, seed=1)  # started: the rules copied
    table = round_.tables.get()
    client.force_login(scorekeeper_user)
    for contract, declarer, tricks in (("solo_6", 1, 5), ("abondance_9", 3, 8)):
        response = post_deals(client, table, deal_data(table, contract, declarer, tricks))
        assert response.status_code == 302, response.content.decode()[:2000]
    points = [d.points for d in table.deals.order_by("number")]
    assert points == [[10, -15, 10, 10], [20, 20, 20, -30]]

    rows = {r.entry_id: r.score for r in classification.tournament_standings(tournament, live=True)}
    seats = table.seats.order_by("position")
    assert [rows[seat.entry_id] for seat in seats] == [30, 5, 30, -20]
    for name in ("tournament_standings", "staff_standings"):
        page = client.get(reverse(name, args=[tournament.pk])).content.decode()
        assert f'<p class="muted" id="scoring-model">{LABEL}</p>' in page
    pdf = client.get(reverse("round_sheets_pdf", args=[round_.pk])).content
    assert LABEL in " ".join(PdfReader(BytesIO(pdf)).pages[0].extract_text().split())


def test_an_opponent_s_value_out_of_bounds_is_refused_on_its_field(committee_client, club):
    choose_independent(committee_client, club)
    before = GameRules.objects.get(club=club, game="whist").rules
    data = page_data(committee_client, club, contract__solo_6__opponent_points_failed=1001)
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["contract__solo_6__opponent_points_failed"] == [
        "Assurez-vous que cette valeur est inférieure ou égale à 1000."
    ]
    assert form["contract__solo_6__opponent_points_failed"].value() == "1001"
    assert GameRules.objects.get(club=club, game="whist").rules == before


def test_back_to_zero_sum_an_opponent_s_own_value_is_refused_on_its_field(committee_client, club):
    """Nothing typed is silently ignored: the opponents' own values stay on the page, refused,
    until the club empties them or keeps the model."""
    choose_independent(committee_client, club)
    committee_client.post(rules_url(club), page_data(committee_client, club, **CLUB_VALUES))
    before = GameRules.objects.get(club=club, game="whist").rules
    data = page_data(committee_client, club, setting__scoring_model="zero_sum")
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["contract__solo_6__opponent_points_failed"] == [
        "Solo 6 : la valeur propre de chaque adversaire ne compte qu’avec les adversaires payés "
        "indépendamment : laissez-la vide ou choisissez ce modèle."
    ]
    assert GameRules.objects.get(club=club, game="whist").rules == before


def test_the_staff_sheet_and_the_phones_name_the_model_above_the_deal(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("whist", players=4, rounds=1)
    client.force_login(committee_user)
    choose_independent(client, tournament.club)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    client.force_login(scorekeeper_user)
    page = client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert f'<p class="help muted" id="deal-scoring-model">{LABEL}</p>' in page
    # The phones' form is the same one: it names the model too.
    link = table_entry.issue_link(table, user=None)
    phone = table_phone(link, table.seats.get(position=0).entry_id)
    html = phone.get(reverse("table_page", args=[link.token])).content.decode()
    assert f'<p class="help muted" id="deal-scoring-model">{LABEL}</p>' in html
