"""The games' words on the pages in the visitor's language (issue 28): Dutch pages say « Samen 8 »,
« Troel », « Geen harten »; English and French pages keep their own words; a club's own names
for its contracts stay as it typed them."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from form_data import rules_page_data as page_data
from form_data import rules_url

from scoring import GAMES
from tournaments.games.whist import contract_names
from tournaments.language import contract_name, game_word, spec_name
from tournaments.selectors import rulebook
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


def in_language(client, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.parametrize(
    ("language", "game", "contracts"),
    [
        ("nl", "Kleurenwiezen", ["Samen 8", "Troel", "Troela", "Kleine miserie", "Open miserie"]),
        ("en", "Whist", ["Emballage 8", "Royal trou", "Little misery", "Misery on the table"]),
        ("fr", "Whist", ["Emballage 8", "Trou royal", "Petite misère", "Grande misère sur table"]),
    ],
)
def test_the_clubs_whist_table_names_the_contracts_in_the_pages_language(
    committee_client, club, language, game, contracts
):
    page = in_language(committee_client, language).get(rules_url(club)).content.decode()
    title = page[page.index("<h1>") : page.index("</h1>")]
    assert f"{game} (RC « La Chevalerie »)" in title
    # Each contract's row is headed by its name, the inputs below hold every language's.
    headings = re.findall(r"<summary>([^<]*)</summary>", page)
    for contract in contracts:
        assert contract in headings, contract
    assert ("Kleine miserie" in headings) == (language == "nl")
    assert ("Petite misère" in headings) == (language == "fr")


def test_the_clubs_whist_table_has_a_dutch_column_a_club_can_edit(committee_client, club):
    """Each language of the site is a name input of each contract: the Dutch one is filled
    with the words table's, and a club's own Dutch name is kept and shown on Dutch pages only."""
    form = committee_client.get(rules_url(club)).context["form"]
    assert form["contract__emballage_8__name_nl"].value() == "Samen 8"
    assert form["contract__trou__name_nl"].value() == "Troel"
    changed = page_data(committee_client, club, contract__emballage_8__name_nl="Vragen 8")
    response = committee_client.post(rules_url(club), changed)
    assert response.status_code == 302, response.context["form"].errors
    row = rulebook.club_rules(club, "whist")["contracts"][0]
    assert (row["name_fr"], row["name_nl"]) == ("Emballage 8", "Vragen 8")
    dutch = in_language(committee_client, "nl").get(rules_url(club)).content.decode()
    assert "Vragen 8" in dutch and "Samen 8" not in dutch
    french = in_language(committee_client, "fr").get(rules_url(club)).content.decode()
    assert "Emballage 8" in french


def test_a_whist_deal_page_offers_the_contracts_in_dutch(make_tournament, scorekeeper_client):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    client = in_language(scorekeeper_client, "nl")
    page = client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert ">Troel<" in page and ">Kleine miserie<" in page and ">Samen 8<" in page
    assert ">Petite misère<" not in page  # the options: the help text is the catalogue's


@pytest.mark.parametrize(
    ("language", "hearts", "absent"),
    [
        ("nl", "Geen harten", "Pas de cœurs"),
        ("en", "No hearts", "Geen harten"),
        ("fr", "Pas de cœurs", "Geen harten"),
    ],
)
def test_a_double_king_sheet_names_its_games_in_the_pages_language(
    make_tournament, scorekeeper_client, language, hearts, absent
):
    tournament = make_tournament("double_king", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    client = in_language(scorekeeper_client, language)
    page = client.get(reverse("staff_sheet", args=[table.pk])).content.decode()
    assert hearts in page and absent not in page


def test_the_double_king_rules_page_labels_each_game_in_dutch(committee_client, club):
    page = in_language(committee_client, "nl").get(rules_url(club, "double_king"))
    text = page.content.decode()
    assert "B — Geen harten" in text and "T — Troef" in text and "Pas de cœurs" not in text


def test_a_contract_name_the_club_typed_stays_as_typed_in_every_language():
    """The saved row's name in the page's language, then the words table's for its code, then
    the club's name in the site's language, then the code."""
    renamed = {"code": "trou", "name_fr": "Trou (club)", "name_nl": "Troel (club)"}
    own = {"code": "solo_5", "name_fr": "Solo 5"}
    bare = {"code": "petite_misere"}
    with translation.override("nl-be"):
        assert contract_name(renamed) == "Troel (club)"
        assert contract_name({"code": "trou", "name_fr": "Trou (club)"}) == "Troel"
        assert contract_name(own) == "Solo 5"  # no Dutch word anywhere: the club's French
        assert contract_name(bare) == "Kleine miserie"
        assert contract_name({"code": "mystery"}) == "mystery"
    with translation.override("de"):  # a language without a column: the club's name
        assert contract_name(renamed) == "Trou (club)"
        assert contract_name(bare) == "Petite misère"
    with translation.override("en"):
        assert contract_name(renamed) == "Trou"  # the table's English before the club's French
    with translation.override("nl"):
        names = list(contract_names().values())
        assert names[:5] == ["Samen 8", "Samen 9", "Alleen 6", "Troel", "Troela"]


def test_the_game_names_follow_the_active_language():
    with translation.override("nl"):
        assert spec_name(GAMES["whist"]) == "Kleurenwiezen (RC « La Chevalerie »)"
        assert game_word("dk.queens") == "Geen vrouwen"
    with translation.override("en"):
        assert spec_name(GAMES["quarante"]) == "Forty for kings"
    with translation.override("fr"):
        assert spec_name(GAMES["double"]) == "Double"
