"""RULES.md « Changes of 2026-11-28 » on the rules page: a row of exactly the tricks bid
(misères, piccolo) offers no over- or undertricks and refuses one sent (docs/rules/whist.md)."""

import random

import pytest
from django.urls import reverse
from form_data import form_data

from club.models import Club
from tournaments import sample_sheets
from tournaments.forms import RulesForm
from tournaments.models import GameRules
from tournaments.selectors import classification, rulebook
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db


def _page(client, club: Club):
    return client.get(reverse("staff_rules", args=[club.slug, "whist"]))


def test_an_exact_row_offers_no_over_or_undertricks(committee_client, club) -> None:
    form = _page(committee_client, club).context["form"]
    for column in ("overtrick", "undertrick", "capo_bonus", "capo_multiplier"):
        assert f"contract__petite_misere__{column}" not in form.fields
        assert f"contract__piccolo__{column}" not in form.fields
        assert f"contract__solo_6__{column}" in form.fields  # a row with tricks to spare
    assert "contract__petite_misere__overtrick_cap" in form.fields


def test_a_new_exact_row_with_an_overtrick_is_refused_on_its_field(committee_client, club):
    data = form_data(RulesForm(game="whist", rules={}))
    data.update(
        {
            "new_contract__1__name_fr": "Misère ouverte",
            "new_contract__1__points": "30",
            "new_contract__1__tricks": "0",
            "new_contract__1__declarers_min": "1",
            "new_contract__1__declarers_max": "4",
            "new_contract__1__payout": "alone",
            "new_contract__1__exact": "on",
            "new_contract__1__tricks_per_declarer": "on",
            "new_contract__1__overtrick": "3",
        }
    )
    url = reverse("staff_rules", args=[club.slug, "whist"])
    response = committee_client.post(url, data)
    assert response.status_code == 400
    errors = response.context["form"].errors["new_contract__1__overtrick"]
    assert "n’a ni pli en plus, ni pli en moins, ni capot : laissez 0" in " ".join(errors)
    assert response.context["form"]["new_contract__1__overtrick"].value() == "3"  # kept
    assert not GameRules.objects.filter(club=club, game="whist").exists()
    # Without the overtrick the row is added.
    data["new_contract__1__overtrick"] = "0"
    assert committee_client.post(url, data).status_code == 302
    rows = {row["code"]: row for row in rulebook.club_rules(club, "whist")["contracts"]}
    assert rows["misere_ouverte"]["exact"] is True


def test_an_exact_row_stored_with_an_overtrick_is_refused_until_corrected(committee_client, club):
    rules = rulebook.club_rules(club, "whist")
    for row in rules["contracts"]:
        if row["code"] == "piccolo":
            row["undertrick"] = 3
    GameRules.objects.create(club=club, game="whist", rules=rules)
    page = _page(committee_client, club)
    response = committee_client.post(page.request["PATH_INFO"], form_data(page.context["form"]))
    assert response.status_code == 400
    # Shown on its row, where the committee corrects it.
    errors = response.context["form"].errors["contract__piccolo__undertrick"]
    assert "Piccolo : un contrat à exactement les plis annoncés" in " ".join(errors)
    data = {**form_data(response.context["form"]), "contract__piccolo__undertrick": "0"}
    assert committee_client.post(page.request["PATH_INFO"], data).status_code == 302
    assert (
        "contract__piccolo__undertrick" not in _page(committee_client, club).context["form"].fields
    )


@pytest.mark.parametrize(("game", "players"), [("double_king", 12), ("whist", 12), ("double", 10)])
def test_seated_by_standings_every_tables_first_dealer_is_its_best_ranked(
    make_tournament, fill_round, game, players
):
    tournament = make_tournament(game, players=players, rounds=2)
    first = drawing.draw_round(tournament, seed=4)
    drawing.start_round(first)
    for table in first.tables.all():
        seats = table.seats.count()
        dealer = table.seats.get(first_dealer=True).position
        rng = random.Random(table.number)
        if game == "double_king":
            records = sample_sheets.double_king_round(dealer, rng)
        elif game == "whist":
            records = sample_sheets.whist_pool(dealer, rng, n_seats=seats)
        else:
            records = sample_sheets.double_game(seats, dealer, rng)
        deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    second = drawing.draw_round(tournament, seed=5, by_standings=True)
    rank = {row.entry_id: row.rank for row in classification.tournament_standings(tournament)}
    assert second.tables.count() > 1
    for table in second.tables.all():
        seats = list(table.seats.all())
        dealer = next(s for s in seats if s.first_dealer)
        assert rank[dealer.entry_id] == min(rank[s.entry_id] for s in seats), table.number
