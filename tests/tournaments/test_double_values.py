"""Double's values on the club's rules page (issue 24 §1): the bonus of an exact bid, the
points of each trick bid made or missed; a bid is backed by what it would lose, so the tokens
never drop below 0 (hypothesis); what the page refuses, in French, on the field."""

from functools import partial

import form_data
import pytest
from helpers import post_deals
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, double
from tournaments.models import GameRules
from tournaments.services import drawing

rules_url = partial(form_data.rules_url, game="double")
page_data = partial(form_data.rules_page_data, game="double")


def manche(table, bids, tricks):
    table.refresh_from_db()
    data = {"version": str(table.version), "action": "save", "number": "1"}
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        data.update({f"b{seat}": str(bid), f"t{seat}": str(took)})
    return data


@pytest.mark.django_db
def test_values_typed_on_the_rules_page_score_a_manche(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("double", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    page = client.get(rules_url(club)).content.decode()
    assert "Points par pli d’une annonce exacte" in page
    changes = {
        "setting__exact_bonus": 10,
        "setting__exact_per_trick": 3,
        "setting__wrong_per_trick": 2,
        "list__manches": "3, 2",
    }
    response = client.post(rules_url(club), page_data(client, club, **changes))
    assert response.status_code == 302, response.context["form"].errors

    table = drawing.draw_round(tournament, seed=2).tables.get()
    client.force_login(scorekeeper_user)
    # 3 cards: seat 0 bids 2 and takes 2 (10 + 2 × 3), seat 1 bids 1 and takes 0 (-1 × 2),
    # seat 2 bids 0 and takes 1 (wrong, nothing at stake), seat 3 bids 0 and takes 0 (10).
    response = post_deals(client, table, manche(table, [2, 1, 0, 0], [2, 0, 1, 0]))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert table.deals.get().points == [16, -2, 0, 10]


@pytest.mark.django_db
def test_a_bid_staking_more_than_the_tokens_is_refused_in_french(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("double", players=3, rounds=1)
    client.force_login(committee_user)
    changes = {"setting__start_points": 3, "setting__wrong_per_trick": 2, "list__manches": "3"}
    client.post(rules_url(tournament.club), page_data(client, tournament.club, **changes))
    table = drawing.draw_round(tournament, seed=2).tables.get()
    client.force_login(scorekeeper_user)
    # A bid of 2 would lose 4 of the 3 tokens held.
    response = post_deals(client, table, manche(table, [2, 0, 0], [2, 1, 0]))
    assert response.status_code == 400
    assert "mise 4 points, mais n’en a que 3" in response.content.decode()
    assert not table.deals.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "field", "french"),
    [
        ({"setting__wrong_per_trick": 0}, "setting__wrong_per_trick", "supérieure ou égale à 1"),
        ({"setting__exact_per_trick": 11}, "setting__exact_per_trick", "inférieure ou égale à 10"),
        ({"setting__exact_per_trick": "un"}, "setting__exact_per_trick", "nombre entier"),
    ],
)
def test_values_out_of_bounds_are_refused_on_the_field(
    committee_client, club, changes, field, french
):
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert response.status_code == 400
    form = response.context["form"]
    assert french in " ".join(form.errors[field])
    assert str(form[field].value()) == str(changes[field])
    assert not GameRules.objects.filter(club=club).exists()


@st.composite
def games(draw):
    """A ruleset's values and a game of bids, each bid backed or not."""
    rules = {
        "start_points": draw(st.integers(0, 20)),
        "exact_bonus": draw(st.integers(0, 10)),
        "exact_per_trick": draw(st.integers(1, 10)),
        "wrong_per_trick": draw(st.integers(1, 10)),
    }
    records = []
    for cards in double.DEFAULT_RULES["manches"]:
        bids = draw(st.lists(st.integers(0, cards), min_size=3, max_size=3))
        cuts = sorted(draw(st.lists(st.integers(0, cards), min_size=2, max_size=2)))
        tricks = [cuts[0], cuts[1] - cuts[0], cards - cuts[1]]
        records.append({"cards": cards, "bids": bids, "tricks": tricks})
    return rules, records


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_the_tokens_never_drop_below_zero(game):
    rules, records = game
    played = []
    for record in records:  # every manche the rules accept, in order
        try:
            result = double.table_result([*played, record], rules, n_seats=3)
        except InvalidDeal as error:
            assert error.code in ("bid_above_points", "stake_above_points")
            record = {**record, "bids": [0, 0, 0]}  # nothing at stake: always accepted
            result = double.table_result([*played, record], rules, n_seats=3)
        played.append(record)
        assert min(result.scores) >= 0
