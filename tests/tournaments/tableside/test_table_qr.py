"""The tables' private links on paper: each table's sheet, the wall plan and the staff round
page carry its QR code. Read back as a phone would: the PDF page rendered to an image
(pdftoppm) and decoded (zbarimg); the link opens that table's page. The token is derived
(HMAC), never stored; unknown tokens are counted in the database, for every worker."""

import subprocess
import tempfile
from io import BytesIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings
from django.urls import reverse
from helpers import fr
from pypdf import PdfReader

from club.models import Player
from club.settings.base import base_url_from_env
from tournaments.printing.models import SheetPdf
from tournaments.services import drawing
from tournaments.tableside import link_throttle, table_entry
from tournaments.tableside.models import LinkMiss, TableLink
from tournaments.tableside.table_entry import token_digest

pytestmark = pytest.mark.django_db

SITE = "http://testserver"
GAMES = ["double_king", "whist", "quarante", "plonk", "double"]
# A 68-character full name (the sheets' long-name tests): the code must not push the sheet
# onto a second page.
LONG_FIRST, LONG_LAST = "Anne-Élisabeth-Marguerite", "de la Tour d’Auvergne-Lauraguais-Montmoren"


def decode(content: bytes, page: int) -> list[str]:
    """The QR codes on page ``page`` (1-based) of a PDF, read from a 150 dpi image."""
    with tempfile.TemporaryDirectory() as work:
        pdf = Path(work) / "doc.pdf"
        pdf.write_bytes(content)
        pages = ["-f", str(page), "-l", str(page)]
        image = Path(work) / "page"
        subprocess.run(
            ["pdftoppm", "-r", "150", *pages, "-png", "-singlefile", pdf, image], check=True
        )
        found = subprocess.run(
            ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", f"{work}/page.png"],
            capture_output=True,
            text=True,
        )
    # zbarimg: 0 codes found, 4 none found; anything else is a failure of the tool.
    assert found.returncode in (0, 4), found.stderr
    return found.stdout.split()


def link_url(link: TableLink) -> str:
    return SITE + reverse("table_page", args=[link.token])


def live(table) -> TableLink:
    return TableLink.objects.get(table=table, revoked_at__isnull=True)


def phones_round(make_tournament, game: str, **kwargs):
    tournament = make_tournament(game, rounds=2, **kwargs)
    tournament.table_phones = True
    tournament.save(update_fields=["table_phones"])
    return drawing.draw_round(tournament, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_each_sheet_carries_its_tables_link_and_it_opens_that_table(
    scorekeeper_client, make_tournament, game
):
    round_ = phones_round(
        make_tournament,
        game,
        players=8,
        name="Grand tournoi de printemps du Cercle royal des amis du whist et du roi",
    )
    Player.objects.filter(entries__tournament=round_.tournament).update(
        first_name=LONG_FIRST, last_name=LONG_LAST
    )
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert response.status_code == 200
    tables = list(round_.tables.filter(bye=False).order_by("number"))
    assert len(PdfReader(BytesIO(response.content)).pages) == len(tables)  # one page each
    for page, table in enumerate(tables, start=1):
        assert decode(response.content, page) == [link_url(live(table))]
        opened = Client().get(decode(response.content, page)[0].removeprefix(SITE))
        assert opened.status_code == 200
        assert opened.context["table"] == table


def test_no_phones_no_link_no_code(scorekeeper_client, make_tournament):
    """A club that scores on paper (the default) prints no QR code and issues no link."""
    round_ = drawing.draw_round(make_tournament("whist", players=4), seed=1)
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert decode(response.content, 1) == []
    plan = scorekeeper_client.get(reverse("round_plan_pdf", args=[round_.pk]))
    assert len(PdfReader(BytesIO(plan.content)).pages) == 1 and decode(plan.content, 1) == []
    assert not TableLink.objects.exists()
    page = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    assert 'class="table-qr"' not in page  # no table's code (the clock's icon is drawn too)


def test_a_new_link_is_printed_at_once_and_the_old_one_opens_nothing(
    scorekeeper_client, make_tournament
):
    round_ = phones_round(make_tournament, "whist", players=4)
    sheets = reverse("round_sheets_pdf", args=[round_.pk])
    first = decode(scorekeeper_client.get(sheets).content, 1)
    table = round_.tables.get()
    assert SheetPdf.objects.filter(table=table).count() == 1  # kept for a reprint
    assert decode(scorekeeper_client.get(sheets).content, 1) == first
    table_entry.issue_link(table, user=None)  # the scorekeeper's « new link »
    second = decode(scorekeeper_client.get(sheets).content, 1)
    assert second == [link_url(live(table))] and second != first
    # The old link opens nothing but the sentence saying it was replaced, and how to rejoin.
    old = Client().get(first[0].removeprefix(SITE))
    assert old.status_code == 410 and 'id="link-replaced"' in old.content.decode()
    # Revoked with no new one, on a tournament scored on paper: the sheet prints no code.
    round_.tournament.table_phones = False
    round_.tournament.save(update_fields=["table_phones"])
    table_entry.revoke_link(table, user=None)
    assert decode(scorekeeper_client.get(sheets).content, 1) == []


def test_the_wall_plan_ends_with_every_tables_code(scorekeeper_client, make_tournament):
    round_ = phones_round(make_tournament, "double_king", players=12)
    response = scorekeeper_client.get(reverse("round_plan_pdf", args=[round_.pk]))
    reader = PdfReader(BytesIO(response.content))
    assert len(reader.pages) == 2  # the players, then the codes
    assert fr("Phones at the tables") in reader.pages[1].extract_text()
    expected = {link_url(live(t)) for t in round_.tables.all()}
    assert len(expected) == 3 and set(decode(response.content, 2)) == expected


def test_the_staff_round_page_shows_each_tables_code(scorekeeper_client, make_tournament):
    round_ = phones_round(make_tournament, "double_king", players=8)
    page = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    for table in round_.tables.all():
        assert page.count(reverse("table_page", args=[live(table).token])) == 1
    assert page.count("<svg") == 2


def test_links_follow_the_tournaments_setting(scorekeeper_client, make_tournament):
    """Switching phones on for a tournament under way gives the open rounds their links."""
    tournament = make_tournament("whist", players=4)
    round_ = drawing.draw_round(tournament, seed=1)
    form = scorekeeper_client.get(reverse("staff_tournament_edit", args=[tournament.pk]))
    label = fr("scores entered on phones at the tables")
    assert label[0].upper() + label[1:] in form.content.decode()
    assert not TableLink.objects.exists()
    data = {
        "club": tournament.club_id,
        "season": tournament.season_id,
        "game": "whist",
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "rounds": tournament.rounds,
        "entry_fee": "3,00",
        "round_minutes": "45",
        "table_phones": "on",
    }
    response = scorekeeper_client.post(reverse("staff_tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 302, response.context["form"].errors
    tournament.refresh_from_db()
    assert tournament.table_phones
    assert TableLink.objects.filter(table__round=round_, revoked_at__isnull=True).count() == 1


def test_the_token_is_derived_never_stored(make_tournament):
    round_ = drawing.draw_round(make_tournament("whist", players=4), seed=1)
    table = round_.tables.get()
    link = table_entry.issue_link(table, user=None)
    assert len(link.token) == 43  # 256 bits, URL-safe base64
    stored = TableLink.objects.filter(pk=link.pk).values().get()
    assert link.token not in str(stored) and stored["token_hash"] == token_digest(link.token)
    assert table_entry.find_link(link.token) == link
    # A row written into the database with a token of one's own choosing opens nothing: the
    # token must be the HMAC of its salt under the server's key.
    table_entry.revoke_link(table, user=None)
    forged = TableLink.objects.create(table=table, salt="chosen", token_hash=token_digest("x" * 43))
    assert table_entry.find_link("x" * 43) is None
    assert table_entry.find_link(forged.token) is None  # its hash is not the token's
    # Another key (SECRET_KEY changed): every link changes; the printed ones stop working.
    live_one = table_entry.issue_link(table, user=None)
    token = live_one.token
    with override_settings(SECRET_KEY="another-key-" + "k" * 40):
        assert TableLink.objects.get(pk=live_one.pk).token != token
        assert table_entry.find_link(token) is None


def test_guessing_is_counted_for_every_worker(whist_table):
    """The misses are rows in the database: a worker with an empty cache of its own (here the
    cache cleared between requests) still refuses an address that guessed too much."""
    link = table_entry.issue_link(whist_table, user=None)
    client = Client()
    for i in range(link_throttle.MISSES_ALLOWED):
        cache.clear()
        assert client.get(reverse("table_page", args=[f"guess{i}"])).status_code == 404
    assert LinkMiss.objects.get().count == link_throttle.MISSES_ALLOWED
    cache.clear()
    assert client.get(reverse("table_page", args=["guess-more"])).status_code == 429
    # The hall's phones share the Wi-Fi's address: a live link still answers from it (a
    # phone left polling a revoked link locks no other table out).
    assert client.get(reverse("table_page", args=[link.token])).status_code == 200
    # Another address is not concerned; a window long past is forgotten.
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.get(reverse("table_page", args=["guess-again"])).status_code == 404
    LinkMiss.objects.filter(address="127.0.0.1").update(window=0)
    assert client.get(reverse("table_page", args=["guess-later"])).status_code == 404
    # The window's first miss deleted the windows that no longer count.
    assert sorted(LinkMiss.objects.values_list("address", "count")) == [
        ("127.0.0.1", 1),
        ("192.0.2.7", 1),
    ]


def test_sheets_built_by_the_task_queue_carry_the_codes_too(
    scorekeeper_client, make_tournament, settings, monkeypatch
):
    """Off the request, the worker prints the links to the address the request came to."""
    from django.core.management import call_command
    from django_tasks_db.management.commands import db_worker

    from tournaments.printing.models import PdfExport

    settings.PDF_INLINE_MAX_RENDERS = 0
    round_ = phones_round(make_tournament, "whist", players=8)
    response = scorekeeper_client.get(
        reverse("round_sheets_pdf", args=[round_.pk]), HTTP_HOST="club.example"
    )
    assert response.status_code == 302
    export = PdfExport.objects.get()
    assert export.base_url == "http://club.example"
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    call_command("db_worker", batch=True, startup_delay=False, verbosity=0)
    export.refresh_from_db()
    assert export.status == PdfExport.Status.READY
    for page, table in enumerate(round_.tables.order_by("number"), start=1):
        token = live(table).token
        assert decode(bytes(export.content), page) == [f"http://club.example/t/{token}/"]


def test_the_codes_carry_the_configured_site_address(scorekeeper_client, make_tournament, settings):
    """ATOUT_BASE_URL (a club behind another address, the demo served on the local network):
    the printed code opens there, whatever address the scorekeeper's browser used."""
    settings.ATOUT_BASE_URL = "http://192.168.1.20:8000"
    round_ = phones_round(make_tournament, "double_king", players=4)
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    path = reverse("table_page", args=[live(round_.tables.get()).token])
    assert decode(response.content, 1) == ["http://192.168.1.20:8000" + path]
    page = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    assert f'href="http://192.168.1.20:8000{path}"' in page  # its phone page's link
    settings.ATOUT_BASE_URL = ""
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert decode(response.content, 1) == [SITE + path]  # unset: the request's host


@pytest.mark.parametrize("value", ["192.168.1.20", "http://club.example/atout", "ftp://x"])
def test_a_site_address_with_a_path_or_no_scheme_is_refused(value):
    with pytest.raises(ImproperlyConfigured, match="ATOUT_BASE_URL"):
        base_url_from_env(value)
    assert base_url_from_env(" https://club.example/ ") == "https://club.example"
