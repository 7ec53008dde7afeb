"""Every game's sheet stays on one page whatever the names: 68-character names and a long
tournament name, blank and filled."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from club.models import Player
from tournaments.services import drawing

pytestmark = pytest.mark.django_db

# A 68-character full name.
LAST = "de la Tour d’Auvergne-Lauraguais-Montmoren"
GAMES = ["double_king", "whist", "quarante", "plonk", "double"]
PLAYERS = {"double_king": 4, "whist": 4, "quarante": 4, "plonk": 4, "double": 4}


@pytest.mark.parametrize("game", GAMES)
def test_one_page_per_sheet_with_68_character_names(scorekeeper_client, make_tournament, game):
    tournament = make_tournament(
        game,
        players=PLAYERS[game],
        rounds=1,
        name="Grand tournoi de printemps du Cercle royal des amis du whist et du roi",
    )
    assert len(f"Anne-Élisabeth-Marguerite {LAST}") == 68
    Player.objects.filter(entries__tournament=tournament).update(
        first_name="Anne-Élisabeth-Marguerite", last_name=LAST
    )
    round_ = drawing.draw_round(tournament, seed=1)
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert response.status_code == 200
    reader = PdfReader(BytesIO(response.content))
    tables = round_.tables.filter(bye=False).count()
    assert len(reader.pages) == tables, f"{game}: {len(reader.pages)} pages for {tables} tables"


def test_a_filled_whist_sheet_with_a_renege_stays_on_one_page(scorekeeper_client, make_tournament):
    from tournaments.services import deal_entry

    tournament = make_tournament("whist", players=4, rounds=1)
    Player.objects.filter(entries__tournament=tournament).update(
        first_name="Anne-Élisabeth-Marguerite", last_name=LAST
    )
    table = drawing.draw_round(tournament, seed=1).tables.get()
    first = table.seats.get(first_dealer=True).position
    records = [
        {"contract": "emballage_8", "declarers": [0, 2], "renege": 1, "dealer": first},
        {"contract": "solo_6", "declarers": [1], "tricks": 7, "dealer": (first + 1) % 4},
    ]
    deal_entry.save_sheet(table, records=records, version=0, user=None)
    response = scorekeeper_client.get(reverse("tournament_filled_pdf", args=[tournament.pk]))
    reader = PdfReader(BytesIO(response.content))
    assert len(reader.pages) == 1
    assert "erreur de suivi" in reader.pages[0].extract_text()
