import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from uploads import csv_file, xlsx_file

from club.models import Player

pytestmark = pytest.mark.django_db


def upload(client, club, file):
    return client.post(reverse("player_import", args=[club.slug]), {"file": file})


def confirm(client, club, response, skip_invalid=False):
    data = {"token": response.context["confirm_form"]["token"].value()}
    if skip_invalid:
        data["skip_invalid"] = "on"
    return client.post(reverse("player_import", args=[club.slug]), data)


CLEAN = (
    "Nom;Prénom;E-mail;Téléphone;Licence\n"
    "Dubois;Anne;anne@example.be;0470 11 22 33;L-1\n"
    "Maes;Luc;;;\n"
)


def test_clean_file_is_previewed_then_imported_on_confirmation(committee_client, club):
    response = upload(committee_client, club, csv_file(CLEAN))
    assert response.status_code == 200
    assert "2 lignes valides" in response.content.decode()
    assert Player.objects.count() == 0, "nothing is saved before confirmation"

    response = confirm(committee_client, club, response)
    assert response.status_code == 302
    assert sorted(club.players.values_list("last_name", flat=True)) == ["Dubois", "Maes"]
    assert Player.objects.get(last_name="Dubois").email == "anne@example.be"


def test_xlsx_file_with_english_headers(committee_client, club):
    response = upload(
        committee_client,
        club,
        xlsx_file([["Last name", "First name", "Licence"], ["Peeters", "Marc", 1234]]),
    )
    confirm(committee_client, club, response)
    assert Player.objects.get().licence_number == "1234"


def test_bad_rows_are_named_in_french_and_nothing_is_imported(committee_client, club):
    text = "Nom;Prénom;E-mail\nDubois;;x@example.be\nMaes;Luc;pas-une-adresse\nClaes;Eve;\n"
    response = upload(committee_client, club, csv_file(text))
    page = response.content.decode()
    assert "le prénom (« Prénom ») est manquant" in page
    assert "l’adresse e-mail « pas-une-adresse » n’est pas valide" in page
    assert "Ligne 2" in page and "Ligne 3" in page

    refused = confirm(committee_client, club, response)
    assert refused.status_code == 400
    assert "cochez cette case" in refused.content.decode()
    assert Player.objects.count() == 0

    accepted = confirm(committee_client, club, refused, skip_invalid=True)
    assert accepted.status_code == 302
    assert list(Player.objects.values_list("last_name", flat=True)) == ["Claes"]


def test_duplicates_in_the_file_and_in_the_club_are_refused(committee_client, club):
    existing = Player.objects.create(first_name="Anne", last_name="Dubois")
    club.players.add(existing)
    text = "Nom;Prénom\nDUBOIS;anne\nMaes;Luc\nmaes;Luc\n"
    response = upload(committee_client, club, csv_file(text))
    page = response.content.decode()
    assert "ce joueur est déjà membre du club" in page
    assert "doublon de la ligne 3" in page
    confirm(committee_client, club, response, skip_invalid=True)
    assert Player.objects.filter(last_name__iexact="maes").count() == 1


def test_a_known_licence_attaches_the_existing_player(committee_client, club):
    player = Player.objects.create(first_name="Anne", last_name="Dubois", licence_number="L-9")
    response = upload(committee_client, club, csv_file("Nom;Prénom;Licence\nDubois;Anne;L-9\n"))
    assert "joueur existant, ajouté au club" in response.content.decode()
    confirm(committee_client, club, response)
    assert Player.objects.count() == 1 and club in player.clubs.all()


def test_unreadable_file_is_refused_on_the_field(committee_client, club):
    response = upload(committee_client, club, SimpleUploadedFile("joueurs.txt", b"hello"))
    assert response.status_code == 400
    assert "Choisissez un fichier .xlsx ou .csv." in response.content.decode()
    response = upload(committee_client, club, csv_file("Nom;Ville\nDubois;Namur\n"))
    assert response.status_code == 400
    assert "« Nom » et « Prénom » sont obligatoires" in response.content.decode()
    response = upload(committee_client, club, SimpleUploadedFile("joueurs.xlsx", b"not a zip"))
    assert response.status_code == 400
    assert "classeur Excel" in response.content.decode()


def test_a_player_added_between_preview_and_confirmation_is_not_duplicated(committee_client, club):
    response = upload(committee_client, club, csv_file(CLEAN))
    club.players.add(Player.objects.create(first_name="Luc", last_name="Maes"))
    again = confirm(committee_client, club, response)
    assert again.status_code == 400
    assert "ont changé depuis l’aperçu" in again.content.decode()
    assert Player.objects.count() == 1


def test_an_expired_import_asks_for_the_file_again(committee_client, club):
    response = committee_client.post(
        reverse("player_import", args=[club.slug]), {"token": "deadbeef"}, follow=True
    )
    assert "envoyez à nouveau le fichier" in response.content.decode()


# --------------------------------------------------------------------------- hostile files


def test_names_match_ignoring_accents_case_and_apostrophe_style(committee_client, club):
    club.players.add(
        Player.objects.create(first_name="Gérard", last_name="Dupont"),
        Player.objects.create(first_name="Awa", last_name="N'Diaye"),
    )
    text = "Nom;Prénom\ndupont;gerard\nN’Diaye;AWA\nLe Roy;Zoé\nle roy;zoe\n"
    page = upload(committee_client, club, csv_file(text)).content.decode()
    assert page.count("ce joueur est déjà membre du club") == 2
    assert "doublon de la ligne 4" in page


def test_invisible_characters_are_refused_naming_the_field(committee_client, club):
    text = "Nom;Prénom;Licence\nDubois\u202e;Anne;\nMaes;Luc;L\x00-2\nPeeters;Jan;\n"
    response = upload(committee_client, club, csv_file(text))
    page = response.content.decode()
    assert "Le champ « nom » contient des caractères invisibles" in page
    assert "U+202E" in page
    assert "Le champ « numéro de licence » contient des caractères invisibles" in page
    assert "U+0000" in page
    confirm(committee_client, club, response, skip_invalid=True)
    assert list(Player.objects.values_list("last_name", flat=True)) == ["Peeters"]


def test_a_file_over_the_row_limit_is_refused_without_reading_it_all(
    committee_client, club, monkeypatch
):
    from club import spreadsheet_limits

    seen = []
    read = spreadsheet_limits._Reading.row  # noqa: SLF001 (the module's own reader, counted)

    def counting(reading, row):
        seen.append(row)
        return read(reading, row)

    monkeypatch.setattr(spreadsheet_limits._Reading, "row", counting)  # noqa: SLF001 (idem)
    text = "Nom;Prénom\n" + "".join(f"N{i};P\n" for i in range(150_000))  # under 2 MB
    response = upload(committee_client, club, csv_file(text))
    assert response.status_code == 413
    assert "Le fichier dépasse 5\xa0000 lignes" in response.content.decode()
    assert len(seen) == 5002  # the header, the 5,000 rows allowed, the one too many
    assert not Player.objects.exists()
    xlsx = xlsx_file([["Nom", "Prénom"]] + [[f"N{i}", "P"] for i in range(5001)])
    assert upload(committee_client, club, xlsx).status_code == 413


def test_a_file_over_2_mb_is_refused_before_parsing(committee_client, club, monkeypatch):
    from club import titled_table

    monkeypatch.setattr(titled_table, "read_table", lambda *a: pytest.fail("file was parsed"))
    big = csv_file("Nom;Prénom\n" + "Dubois;Anne\n" * 200_000)
    response = upload(committee_client, club, big)
    assert response.status_code == 413
    assert "dépasse 2 Mo" in response.content.decode()
    assert 'name="file"' in response.content.decode()  # the page is still there to try again


def test_a_cell_over_the_csv_field_limit_is_a_french_error(committee_client, club):
    text = "Nom;Prénom\nDubois;Anne\n" + '"' + "x" * 131_073 + '";Luc\n'
    response = upload(committee_client, club, csv_file(text))
    assert response.status_code == 400
    assert "La ligne 3 du fichier CSV est illisible" in response.content.decode()
