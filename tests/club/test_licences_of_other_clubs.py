"""Issue 32 §3: another club's licence numbers in a file. The archived evenings' import puts
only this club's members into an evening, and never prints another club's player's name; the
member import links a person who plays elsewhere only when the file names him (accents and
case aside), and shows only what the file typed."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.models import Club, Player
from tournaments.models import Tournament, TournamentResult

pytestmark = pytest.mark.django_db

OTHER_NAMES = ("Lefèvre", "Lefevre", "Émile", "Emile")


@pytest.fixture
def elsewhere(club):
    """Émile Lefèvre, licence L-77, a member of another club only; the club has Anne Dubois."""
    other = Club.objects.create(name="Autre Cercle", slug="autre-cercle")
    player = Player.objects.create(first_name="Émile", last_name="Lefèvre", licence_number="L-77")
    other.players.add(player)
    club.players.add(Player.objects.create(first_name="Anne", last_name="Dubois"))
    return player


def names_of_him_in(text: str) -> list[str]:
    return [name for name in OTHER_NAMES if name.lower() in text.lower()]


def archive_upload(client, club, season, text):
    return client.post(
        reverse("staff_archive_import", args=[club.slug]),
        {
            "season": season.pk,
            "game": "whist",
            "rounds": 3,
            "file": SimpleUploadedFile("soirees.csv", text.encode()),
        },
    )


def archive_confirm(client, club, response):
    data = {"token": response.context["confirm_form"]["token"].value(), "create_players": "on"}
    return client.post(reverse("staff_archive_import", args=[club.slug]), data)


def public_pages(client, club, season) -> str:
    client.logout()
    pages = [reverse("club_home", args=[club.slug]), reverse("season_standings", args=[season.pk])]
    return "".join(client.get(url).content.decode() for url in pages)


REFUSAL = (
    "le numéro de licence L-77 n’est celui d’aucun membre du club : "
    "ajoutez d’abord ce joueur aux membres"
)


def test_another_clubs_licence_under_a_wrong_name_is_refused_without_his_name(
    committee_client, club, season, elsewhere
):
    text = "Date;Licence;Joueur;Points\n07/01/2026;;Dubois Anne;10\n07/01/2026;L-77;Martin Paul;4\n"
    response = archive_upload(committee_client, club, season, text)
    assert response.status_code == 200
    errors = {row.line: row.errors for row in response.context["rows"]}
    assert errors == {2: [], 3: [REFUSAL]}
    assert names_of_him_in(response.content.decode()) == []
    assert archive_confirm(committee_client, club, response).status_code == 400
    assert not Tournament.objects.exists()


def test_another_clubs_licence_alone_never_puts_him_into_the_evening(
    client, committee_client, club, season, elsewhere
):
    text = "Date;Licence;Joueur;Points\n07/01/2026;;Dubois Anne;10\n07/01/2026;L-77;;4\n"
    response = archive_upload(committee_client, club, season, text)
    assert [row.errors for row in response.context["rows"]] == [[], [REFUSAL]]
    assert names_of_him_in(response.content.decode()) == []
    assert archive_confirm(committee_client, club, response).status_code == 400
    assert not TournamentResult.objects.filter(player=elsewhere).exists()
    assert not club.players.filter(pk=elsewhere.pk).exists()
    assert names_of_him_in(public_pages(client, club, season)) == []


def test_another_clubs_licence_under_his_own_name_is_not_a_member_either(
    committee_client, club, season, elsewhere
):
    text = "Date;Licence;Nom;Prénom;Points\n07/01/2026;L-77;LEFEVRE;emile;4\n"
    response = archive_upload(committee_client, club, season, text)
    assert [row.errors for row in response.context["rows"]] == [[REFUSAL]]
    assert not club.players.filter(pk=elsewhere.pk).exists()


def test_a_members_licence_still_finds_him_alone(committee_client, club, season, elsewhere):
    dubois = club.players.get(last_name="Dubois")
    Player.objects.filter(pk=dubois.pk).update(licence_number="L-1")
    text = "Date;Licence;Joueur;Points\n07/01/2026;L-1;;10\n"
    response = archive_upload(committee_client, club, season, text)
    assert [row.player_id for row in response.context["rows"]] == [dubois.pk]
    assert archive_confirm(committee_client, club, response).status_code == 302
    assert TournamentResult.objects.get().player == dubois


def member_upload(client, club, text):
    file = SimpleUploadedFile("joueurs.csv", text.encode())
    return client.post(reverse("player_import", args=[club.slug]), {"file": file})


def test_the_member_import_links_him_when_the_file_names_him(committee_client, club, elsewhere):
    response = member_upload(committee_client, club, "Nom;Prénom;Licence\nLEFEVRE;emile;L-77\n")
    page = response.content.decode()
    assert "joueur existant, ajouté au club" in page
    assert "LEFEVRE" in page and "emile" in page
    assert "Lefèvre" not in page and "Émile" not in page, "only what the file typed"
    data = {"token": response.context["confirm_form"]["token"].value()}
    confirmed = committee_client.post(reverse("player_import", args=[club.slug]), data)
    assert confirmed.status_code == 302
    assert club.players.filter(pk=elsewhere.pk).exists()
    assert Player.objects.filter(licence_number="L-77").count() == 1


def test_the_member_import_refuses_his_licence_under_another_name(
    client, committee_client, club, season, elsewhere
):
    response = member_upload(committee_client, club, "Nom;Prénom;Licence\nMartin;Paul;L-77\n")
    assert response.context["rows"][0].errors == [
        "numéro de licence déjà attribué à une autre personne"
    ]
    assert names_of_him_in(response.content.decode()) == []
    data = {"token": response.context["confirm_form"]["token"].value(), "skip_invalid": "on"}
    committee_client.post(reverse("player_import", args=[club.slug]), data)
    assert not club.players.filter(pk=elsewhere.pk).exists()
    assert not Player.objects.filter(last_name="Martin").exists()
    assert names_of_him_in(public_pages(client, club, season)) == []
