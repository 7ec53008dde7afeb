"""A held tournament's staff desk (« Emporter la soirée »): it says once, at the top, which
laptop holds it and since when, and offers none of the actions the services would refuse
(draw, registration, the sheets, the round's buttons, publishing, the settings); reading,
printing and the exports stay. The refusal itself stays in the services: a forced POST is
still refused."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Entry, Tournament
from tournaments.services import drawing, holds

pytestmark = pytest.mark.django_db

HOLDER = "Portable du bar"


def hold(tournament: Tournament) -> Tournament:
    holds.hold_tournament(tournament=tournament, holder=HOLDER)
    tournament.refresh_from_db()
    return tournament


def text(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def banner(tournament: Tournament) -> str:
    since = timezone.localtime(tournament.held_since)
    return (
        f"Tenue par « {HOLDER} » depuis le {since:%d/%m/%Y} à {since:%H:%M} : le site "
        "n’accepte aucune modification de ce tournoi"
    )


def test_the_desk_says_once_who_holds_it_and_offers_no_write(
    committee_client, make_tournament
) -> None:
    tournament = make_tournament("whist", players=8, rounds=3)
    page = text(committee_client.get(reverse("staff_tournament", args=[tournament.pk])))
    # Before: the desk offers its actions.
    for offered in ("Tirer les tables", "Modifier", "Dépublier", "Emporter la soirée"):
        assert offered in page, offered
    hold(tournament)
    page = text(committee_client.get(reverse("staff_tournament", args=[tournament.pk])))
    assert page.count('id="held-banner"') == 1
    assert banner(tournament) in page
    assert "les actions qui le modifieraient ne sont pas proposées" in page
    for refused in ("Tirer les tables", ">Modifier<", "Dépublier", 'id="hold-form"'):
        assert refused not in page, refused
    assert 'action="' + reverse("staff_draw", args=[tournament.pk]) not in page
    # Reading, printing and the exports stay.
    for kept in (
        reverse("staff_registration", args=[tournament.pk]),
        reverse("staff_standings", args=[tournament.pk]),
        reverse("tournament_xlsx", args=[tournament.pk]),
        reverse("travel_export", args=[tournament.pk]),
        reverse("staff_release", args=[tournament.pk]),
    ):
        assert f'href="{kept}"' in page, kept


def test_the_registration_page_lists_the_players_without_its_forms(
    scorekeeper_client, make_tournament
) -> None:
    tournament = hold(make_tournament("whist", players=4, rounds=1))
    page = text(scorekeeper_client.get(reverse("staff_registration", args=[tournament.pk])))
    assert page.count('id="held-banner"') == 1 and banner(tournament) in page
    for name in Entry.objects.filter(tournament=tournament).values_list(
        "player__last_name", flat=True
    ):
        assert name in page
    for refused in (
        "Inscrire les membres cochés",
        "Joueur de passage",
        'name="action" value="present"',
        'name="action" value="remove"',
        '<form method="post"',
    ):
        assert refused not in page, refused
    assert "✔ oui" in page  # present, as text


def test_the_round_and_its_sheet_offer_no_write(scorekeeper_client, make_tournament) -> None:
    tournament = make_tournament("double_king", players=8, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    table = round_.tables.first()
    hold(tournament)
    page = text(scorekeeper_client.get(reverse("staff_round", args=[round_.pk])))
    assert page.count('id="held-banner"') == 1
    for refused in (
        "Refaire le tirage",
        "Annuler ce tirage",
        "Échanger deux joueurs",
        "Saisir la feuille",
    ):
        assert refused not in page, refused
    assert "Voir la feuille" in page and "Imprimer les feuilles (PDF)" in page
    sheet = text(scorekeeper_client.get(reverse("staff_sheet", args=[table.pk])))
    assert "Enregistrer la feuille" not in sheet and 'id="held-banner"' in sheet
    edit = text(scorekeeper_client.get(reverse("staff_tournament_edit", args=[tournament.pk])))
    assert ">Enregistrer<" not in edit and 'id="held-banner"' in edit


def test_a_forced_post_is_still_refused_by_the_service(scorekeeper_client, make_tournament) -> None:
    tournament = hold(make_tournament("whist", players=8, rounds=2))
    response = scorekeeper_client.post(
        reverse("staff_draw", args=[tournament.pk]), {"confirm": "1"}, follow=True
    )
    said = " ".join(str(m) for m in response.context["messages"])
    assert "est tenu par l’ordinateur « Portable du bar »" in said
    assert not tournament.round_set.exists()
    walk_in = {"action": "walk_in", "first_name": "Nouveau", "last_name": "Venu"}
    refused = scorekeeper_client.post(reverse("staff_registration", args=[tournament.pk]), walk_in)
    assert refused.status_code == 409
    assert "est tenu par l’ordinateur « Portable du bar »" in refused.content.decode()
    assert tournament.entries.count() == 8


def test_the_desk_of_a_tournament_no_laptop_holds_is_unchanged(
    scorekeeper_client, make_tournament
) -> None:
    tournament = make_tournament("whist", players=4, rounds=1)
    page = text(scorekeeper_client.get(reverse("staff_registration", args=[tournament.pk])))
    assert 'id="held-banner"' not in page and "Inscrire les membres cochés" in page


def test_the_hall_link_and_federation_pages_offer_no_write(
    committee_client, make_tournament
) -> None:
    tournament = hold(make_tournament("whist", players=8, rounds=2))
    for name in ("staff_hall_link", "tournament_federation"):
        page = text(committee_client.get(reverse(name, args=[tournament.pk])))
        assert page.count('id="held-banner"') == 1, name
        assert 'name="action" value="renew"' not in page and ">Enregistrer<" not in page, name


def test_a_tournament_imported_from_its_clubs_site_is_read_only_on_the_desk_too(
    committee_client, make_tournament
) -> None:
    """A hosted club's results, imported by the federation: the same desk without actions,
    its banner naming the site that changes it."""
    tournament = make_tournament("whist", players=8, rounds=3)
    holds.mark_imported(tournament, site="Cercle de Gesves")
    page = text(committee_client.get(reverse("staff_tournament", args=[tournament.pk])))
    assert page.count('id="held-banner"') == 1
    assert "Importé du site « Cercle de Gesves », qui héberge son club" in page
    for refused in ("Tirer les tables", ">Modifier<", "Dépublier"):
        assert refused not in page, refused
    page = text(committee_client.get(reverse("staff_registration", args=[tournament.pk])))
    assert 'name="action"' not in page
    # The service still refuses a forced POST.
    committee_client.post(reverse("staff_draw", args=[tournament.pk]), {"confirm": "1"})
    assert not tournament.round_set.exists()
