"""RULES.md « Changes of 2026-11-25 » as a scorekeeper meets them: refused, in French."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from form_data import form_data

from scoring import InvalidDeal
from tournaments.forms import RulesForm
from tournaments.models import Tournament
from tournaments.scoring_messages import message_for
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


def _row(row: int, game: str, points: list[int]) -> dict[str, str]:
    return {f"g{row}": game, **{f"c{row}_{s}": str(p) for s, p in enumerate(points)}}


def test_a_penalty_in_a_game_played_out_is_refused_on_the_sheet(
    scorekeeper_client, make_tournament
):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    url = reverse("staff_sheet", args=[table.pk])
    # Both « Pas de dames » in rows 1 and 2, then a queens penalty line before row 3.
    data = {"version": "0", **_row(1, "queens", [-8, 0, 0, 0]), **_row(2, "queens", [0, -8, 0, 0])}
    data.update({"pb1": "3", "pg1": "queens", "pp1_0": "0", "pp1_1": "0", "pp1_2": "-8"})
    data["pp1_3"] = "0"
    response = scorekeeper_client.post(url, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "le donneur, ne peut plus choisir « Pas de dames »" in page
    assert not table.deals.exists()


def test_a_trump_penalty_worth_nothing_is_refused_on_the_rules_page(club):
    data = form_data(RulesForm(game="double_king", rules={}))
    data["list__trump_penalty"] = "0, 0"
    form = RulesForm(data, game="double_king", rules={})
    assert not form.is_valid()
    assert "La pénalité à l’atout ne peut pas valoir 0 et 0" in " ".join(
        form.errors["list__trump_penalty"]
    )


@pytest.mark.parametrize(
    ("code", "params", "french"),
    [
        (
            "tricks_after_stop",
            {"max": 8, "got": 9},
            "la donne s’arrête à 8 plis pour ce contrat : 9 plis, c’est impossible",
        ),
        (
            "live_cards_not_dealable",
            {"cards_0": 3, "cards_1": 5, "got_0": 31, "got_1": 67},
            "31 et 67 points vivants avec 3 et 5 cartes vivantes ne peuvent pas venir d’un même "
            "jeu (il faudrait plus de cartes d’une valeur que le jeu n’en compte, cinq as par "
            "exemple)",
        ),
        (
            "penalty_game_unavailable",
            {"game": "trump", "seat": 0},
            "Anne, le donneur, ne peut plus choisir « Atout » : une ligne de pénalité ne peut "
            "porter que sur un jeu qu’il peut encore jouer",
        ),
    ],
)
def test_the_new_refusals_have_french_messages(code, params, french):
    names = ["Anne", "Bruno", "Carla", "Denis"]
    error = InvalidDeal(code, "field", **params)
    assert message_for(error, seat_names=names, game_names={"trump": "Atout"}) == french


@pytest.mark.django_db(transaction=True)
def test_a_stored_trump_penalty_worth_nothing_gets_the_default_and_the_sheet_opens(
    make_tournament, scorekeeper_client
):
    """The rules page used to accept [0, 0]: a tournament that kept it still opens."""
    tournament = make_tournament("double_king", players=4)
    round_ = drawing.draw_round(tournament, seed=1)
    Tournament.objects.filter(pk=tournament.pk).update(
        rules={**tournament.rules, "trump_penalty": [0, 0]}
    )
    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0015_move_to_apps")])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    tournament.refresh_from_db()
    assert tournament.rules["trump_penalty"] == [-6, 2]
    table = round_.tables.get()
    assert scorekeeper_client.get(reverse("staff_sheet", args=[table.pk])).status_code == 200
