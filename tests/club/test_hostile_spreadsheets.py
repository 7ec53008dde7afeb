"""Issue 32 §2: a hostile spreadsheet sent to a club's imports (its members, its archived
evenings) is refused, naming the bound it passed, in French, before it takes the worker's
time or memory; the page keeps its form and nothing is saved. The files are built here
(``hostile_files``); ``bench/hostile_spreadsheets.py`` measures the worker's time and memory
on them."""

import hostile_files
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from club.models import Player
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

#: Each import: its page, its form's other fields, a header and a good row of its own.
IMPORTS = {
    "members": ("player_import", ["Nom", "Prénom"], ["Dubois", "Anne"]),
    "archive": ("staff_archive_import", ["Date", "Joueur", "Points"], ["07/01/2026", "Dubois", 1]),
}


@pytest.fixture(params=sorted(IMPORTS))
def send(request, committee_client, club, season):
    """Send a file (its bytes, or a maker given the import's header and row) to one import's
    page; the response, its text with no-break spaces as spaces."""
    page, header, row = IMPORTS[request.param]

    def send(content, name="hostile.xlsx"):
        if callable(content):
            content = content(header, row)
        data = {"file": SimpleUploadedFile(name, content)}
        if page == "staff_archive_import":
            data |= {"season": season.pk, "game": "whist", "rounds": 3}
        response = committee_client.post(reverse(page, args=[club.slug]), data)
        response.text = response.content.decode().replace("\xa0", " ").replace("\u202f", " ")
        return response

    send.kind = request.param
    return send


@pytest.fixture(scope="session")
def huge_shared_string():
    """About 300 kB holding a 300 MB shared string (built once: a second of zlib)."""
    return hostile_files.huge_shared_string(["Nom", "Prénom", "Date", "Joueur"])


def assert_refused(response, message, client):
    assert response.status_code == 413, response.text[:3000]
    assert message in response.text
    assert 'name="file"' in response.text, "the form is there to send another file"
    assert not Player.objects.exists() and not Tournament.objects.exists()
    assert not {"player_import", "archive_import"} & set(client.session.keys())


def test_a_whole_grid_declared_is_read_as_its_real_rows(send):
    """A dimension declaring A1:XFD1048576 is not believed: the two real rows are previewed
    (not refused: a lie about the size is no bound passed)."""
    content = hostile_files.whole_grid
    response = send(lambda header, row: content(header, row, far="none"))
    assert response.status_code == 200, response.text[:3000]
    assert len(response.context["rows"]) == 1
    assert not Player.objects.exists() and not Tournament.objects.exists()


def test_a_last_row_a_million_rows_down_is_refused(send, client):
    response = send(lambda header, row: hostile_files.whole_grid(header, row, far="row"))
    assert_refused(response, "La feuille dépasse 20 000 lignes, lignes vides comprises", client)


def test_a_cell_in_the_grids_last_column_is_refused(send, client):
    response = send(lambda header, row: hostile_files.whole_grid(header, row, far="column"))
    assert_refused(response, "Le fichier dépasse 50 colonnes", client)


def test_a_hundred_thousand_rows_squeezed_into_a_few_kb_are_refused(send, client):
    response = send(lambda header, row: hostile_files.whole_grid(header, row, far="many"))
    assert_refused(response, "Le classeur est compressé plus de 100 fois", client)


def test_a_300_mb_shared_string_is_refused_before_it_is_unzipped(send, client, huge_shared_string):
    assert len(huge_shared_string) < 400_000
    response = send(huge_shared_string)
    assert_refused(
        response,
        "Une fois décompressée, la partie xl/sharedStrings.xml du classeur dépasse 16 Mo",
        client,
    )


def test_the_unzipped_total_is_bounded(send, client):
    big = lambda header, row: hostile_files.workbook([header] + [row] * 6000, "A1:C6001")  # noqa: E731
    with override_settings(ATOUT_SPREADSHEET_LIMITS={"max_unzipped_bytes": 512 * 1024}):
        response = send(big)
    assert_refused(response, "Une fois décompressé, le classeur dépasse 0,5 Mo", client)


def test_a_long_cell_is_refused_naming_its_line(send, client):
    long_row = lambda header, row: hostile_files.workbook([header, row, ["x" * 1001]], "A1:C3")  # noqa: E731
    assert_refused(send(long_row), "Ligne 3 : une cellule dépasse 1 000 caractères", client)
    text = "Nom;Prénom;Date;Joueur;Points\n" + "y" * 1001 + ";A;07/01/2026;B;1\n"
    response = send(text.encode(), name="hostile.csv")
    assert_refused(response, "Ligne 2 : une cellule dépasse 1 000 caractères", client)


def test_the_rows_and_columns_of_a_csv_are_bounded(send, client):
    wide = "Nom;Prénom;Date;Joueur;Points" + ";" * 60 + "x\n"
    assert_refused(send(wide.encode(), "wide.csv"), "Le fichier dépasse 50 colonnes", client)
    empty = "Nom;Prénom;Date;Joueur;Points\n" + "\n" * 30_000
    response = send(empty.encode(), "empty.csv")
    assert_refused(response, "La feuille dépasse 20 000 lignes", client)


def test_each_bound_is_a_setting_named_in_the_message(send, client):
    rows = lambda header, row: hostile_files.workbook([header, row, row, row], "A1:C4")  # noqa: E731
    with override_settings(ATOUT_SPREADSHEET_LIMITS={"max_rows": 2}):
        assert_refused(send(rows), "Le fichier dépasse 2 lignes : scindez-le.", client)
    with override_settings(ATOUT_SPREADSHEET_LIMITS={"max_seconds": 0}):
        response = send(rows)
    assert_refused(response, "La lecture du fichier a pris plus de 0 seconde", client)


def test_a_file_that_is_not_a_zip_is_not_a_workbook(send):
    response = send(b"PK\x03\x04 broken")
    assert response.status_code == 400
    assert "classeur Excel" in response.text
