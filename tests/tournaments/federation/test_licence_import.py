"""A federation's licence list (issue 35 §2): upload → preview → confirm through the imports'
flow, row-by-row French errors, nothing saved until confirmed; numbers unique per issuer and
never on public pages."""

import datetime
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook

from club.models import Club
from tournaments.federation import services
from tournaments.federation.licences import LicenceRow
from tournaments.federation.models import Federation, Licence

pytestmark = pytest.mark.django_db

HEADER = "N° de licence;Nom;Prénom;Club;Valable du;Valable jusqu’au;Statut\n"


def _csv(*lines: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("licences.csv", (HEADER + "\n".join(lines) + "\n").encode())


URL = reverse("federation_licence_import", args=["ffw"])


def _token(page: str) -> str:
    return page.split('name="token" value="')[1].split('"')[0]


def test_a_list_is_previewed_then_saved_once_confirmed(committee: Client, club: Club) -> None:
    upload = _csv(
        "B-1001;Henrard;Guy;Cercle de Test;01/09/2026;31/08/2027;valide",
        "B-1002;Peeters;Jan;helecine;2026-09-01;2027-08-31;suspendue",
    )
    preview = committee.post(URL, {"file": upload})
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "B-1001" in page and "Whist Hélécine" in page
    assert "/club/ffw/" not in page  # the layout's club links are never the federation's
    assert not Licence.objects.exists()
    done = committee.post(URL, {"token": _token(page)})
    assert done.status_code == 302 and done["Location"] == reverse("federation_desk", args=["ffw"])
    stored = {
        licence.number: (licence.last_name, licence.club.slug, licence.valid_until, licence.status)
        for licence in Licence.objects.select_related("club")
    }
    assert stored == {
        "B-1001": ("Henrard", club.slug, datetime.date(2027, 8, 31), "valid"),
        "B-1002": ("Peeters", "helecine", datetime.date(2027, 8, 31), "suspended"),
    }
    # The list again, one licence changed: it is updated, not added.
    again = committee.post(
        URL, {"file": _csv("B-1002;Peeters;Jan;helecine;01/09/2026;31/08/2027;valide")}
    )
    assert "met à jour la licence enregistrée" in again.content.decode()
    committee.post(URL, {"token": _token(again.content.decode())})
    assert Licence.objects.count() == 2
    assert Licence.objects.get(number="B-1002").status == "valid"


def test_each_bad_row_says_why_in_french_and_nothing_is_saved(
    committee: Client, ffw: Federation
) -> None:
    Club.objects.create(name="Cercle voisin", slug="voisin")  # not in the federation
    preview = committee.post(
        URL,
        {
            "file": _csv(
                "B-1;Henrard;Guy;Cercle de Test;01/09/2026;31/08/2027;",
                "B-1;Lambert;Anne;Cercle de Test;01/09/2026;31/08/2027;",
                "B-2;Dubois;Marc;Cercle voisin;01/09/2026;31/08/2027;",
                "B-3;Leroy;Eva;Cercle de Test;01/09/2027;31/08/2026;",
                "B-4;Marchal;Luc;Cercle de Test;le 1er;31/08/2027;radiée",
                ";;Paul;;01/09/2026;31/08/2027;",
            )
        },
    )
    page = preview.content.decode()
    assert "numéro de licence déjà présent à la ligne 2" in page
    assert "le club « Cercle voisin » n’est pas membre de la fédération" in page
    assert "la licence se termine le 31/08/2026, avant de commencer le 01/09/2027" in page
    assert "« Valable du » : « le 1er » n’est pas une date (p. ex. 31/01/2026)" in page
    assert "le statut « radiée » n’est pas connu : « valide » ou « suspendue »" in page
    assert "le numéro de licence (« Licence ») est manquant" in page
    assert "le nom (« Nom ») est manquant" in page
    assert 'name="token"' not in page
    # A confirmation forged with the session's token is refused all the same.
    token = committee.session["licence_import"]["token"]
    refused = committee.post(URL, {"token": token})
    assert refused.status_code == 400
    assert (
        "Rien ne peut être enregistré tant qu’une ligne est en erreur" in refused.content.decode()
    )
    assert not Licence.objects.exists()
    with pytest.raises(services.FederationError):
        services.import_licences(federation=ffw, rows=[LicenceRow(line=2, number="B-9")])
    assert not Licence.objects.exists()


def test_an_xlsx_list_with_date_cells_is_read(committee: Client) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Licence", "Nom", "Prénom", "Club", "Valable du", "Valable jusqu'au"])
    sheet.append(
        [
            "77",
            "Henrard",
            "Guy",
            "Cercle de Test",
            datetime.date(2026, 9, 1),
            datetime.date(2027, 8, 31),
        ]
    )
    data = BytesIO()
    book.save(data)
    upload = SimpleUploadedFile("licences.xlsx", data.getvalue())
    page = committee.post(URL, {"file": upload}).content.decode()
    committee.post(URL, {"token": _token(page)})
    licence = Licence.objects.get()
    assert (licence.number, licence.valid_from, licence.status) == (
        "77",
        datetime.date(2026, 9, 1),
        "valid",
    )


def test_a_file_past_the_bounds_or_of_another_kind_is_refused_before_it_is_read(
    committee: Client, settings: object
) -> None:
    settings.ATOUT_SPREADSHEET_LIMITS = {"max_rows": 2}  # type: ignore[attr-defined]
    lines = [f"B-{n};Nom{n};Prénom;Cercle de Test;01/09/2026;31/08/2027;" for n in range(5)]
    response = committee.post(URL, {"file": _csv(*lines)})
    assert response.status_code == 413
    assert "2 lignes" in response.content.decode()
    other = SimpleUploadedFile("licences.pdf", b"%PDF-1.4")
    refused = committee.post(URL, {"file": other})
    assert refused.status_code == 400
    assert "Choisissez un fichier .xlsx ou .csv." in refused.content.decode()
    assert not Licence.objects.exists()


def test_another_federations_import_answers_404_and_its_token_is_refused(
    committee: Client, ffw: Federation
) -> None:
    services.create_federation(name="Vlaamse Bond", slug="vlaams", games=["whist"], language="nl")
    other_url = reverse("federation_licence_import", args=["vlaams"])
    assert committee.get(other_url).status_code == 404
    page = committee.post(
        URL, {"file": _csv("B-1;Henrard;Guy;Cercle de Test;01/09/2026;31/08/2027;")}
    ).content.decode()
    assert committee.post(other_url, {"token": _token(page)}).status_code == 404
    assert not Licence.objects.exists()


def test_numbers_are_unique_per_issuer_and_never_on_public_pages(
    ffw: Federation, club: Club
) -> None:
    other = services.create_federation(
        name="Fédération française", slug="ffr", games=["whist"], language="fr"
    )
    day = datetime.date(2026, 9, 1)
    values = {"last_name": "Henrard", "first_name": "Guy", "club": club}
    Licence.objects.create(
        federation=ffw, number="9876543", valid_from=day, valid_until=day, **values
    )
    Licence.objects.create(
        federation=other, number="9876543", valid_from=day, valid_until=day, **values
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Licence.objects.create(
            federation=ffw, number="9876543", valid_from=day, valid_until=day, **values
        )
    for url in (reverse("federation_page", args=["ffw"]), reverse("club_home", args=[club.slug])):
        response = Client().get(url)
        assert response.status_code == 200
        assert "9876543" not in response.content.decode()
