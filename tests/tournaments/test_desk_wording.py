"""Small things at the desk (issue 37, « At the tables and the desk »): the phones page offers
to create the table links only while a table has none; a queued PDF does not say « many
sheets » of a 3-table round; the entry fee's label starts with a capital; the club's desk lists
« Membres et confidentialité » once; the members list's pagination links have a name."""

import re

import pytest
from django.urls import reverse

from club.models import Player
from tournaments.printing.models import PdfExport
from tournaments.services import drawing
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db


def test_table_links_are_offered_only_while_one_is_missing(scorekeeper_client, make_tournament):
    round_ = drawing.draw_round(make_tournament(players=12, rounds=1), seed=1)
    url = reverse("staff_round_phones", args=[round_.pk])
    tables = list(round_.tables.order_by("number"))
    table_entry.issue_link(tables[0], user=None)
    assert 'id="issue-links"' in scorekeeper_client.get(url).content.decode()
    table_entry.issue_round_links(round_, user=None)
    page = scorekeeper_client.get(url).content.decode()
    assert 'id="issue-links"' not in page
    assert "Créer les liens des tables" not in page


def test_a_queued_pdf_does_not_speak_of_many_sheets(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=12, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    assert round_.tables.count() == 3
    export = PdfExport.objects.create(
        kind=PdfExport.Kind.ROUND_SHEETS, tournament=tournament, round=round_, language="fr"
    )
    page = scorekeeper_client.get(reverse("pdf_export", args=[export.pk])).content.decode()
    assert "beaucoup de feuilles" not in page
    assert "Votre fichier est en préparation. Cette page se met à jour toute seule" in page


def test_the_entry_fee_label_starts_with_a_capital(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    page = scorekeeper_client.get(reverse("staff_tournament_edit", args=[tournament.pk]))
    text = page.content.decode()
    assert re.search(r"<label[^>]*>Droit d’inscription", text), "no capital"
    assert re.search(r"<label[^>]*>droit d’inscription", text) is None


def test_the_desk_lists_members_and_privacy_once(committee_client, club):
    page = committee_client.get(reverse("club_desk", args=[club.slug])).content.decode()
    assert page.count("Membres et confidentialité") == 1
    assert f'href="{reverse("club_members", args=[club.slug])}">Membres<' in page


def test_the_members_pagination_links_have_a_name(committee_client, club):
    club.players.add(
        *(Player.objects.create(first_name=f"P{i:02d}", last_name=f"N{i:02d}") for i in range(60))
    )
    url = reverse("club_members", args=[club.slug])
    for query, names in (("", {"2", "Suivant →"}), ("?page=2", {"← Précédent", "1"})):
        html = committee_client.get(url + query).content.decode()
        footer = html[html.index("<tfoot") : html.index("</tfoot>")]
        links = re.findall(r"<a [^>]*>(.*?)</a>", footer, re.S)
        assert links and all(text.strip() for text in links), links
        assert names <= {text.strip() for text in links}, links
