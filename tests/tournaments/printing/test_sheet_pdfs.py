"""Sheets laid out table by table and kept; long documents built by the task queue, a few
sheets per task."""

import random
from io import BytesIO

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from club.models import Club
from tournaments.models import Table
from tournaments.printing import pdf
from tournaments.printing.models import PdfExport, SheetPdf
from tournaments.sample_sheets import double_king_round
from tournaments.selectors import round_reads
from tournaments.services import deal_entry, drawing


def pages_of(content: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(content)).pages]


def heading(round_number: int, table_number: int) -> str:
    with translation.override("fr"):
        return translation.gettext("Round %(r)s, table %(n)s") % {
            "r": round_number,
            "n": table_number,
        }


@pytest.fixture
def layouts(monkeypatch):
    """Counts the sheets WeasyPrint lays out (the expensive step)."""
    calls = []
    real = pdf.html_to_pdf

    def counting(html: str) -> bytes:
        calls.append(html)
        return real(html)

    monkeypatch.setattr(pdf, "html_to_pdf", counting)
    return calls


@pytest.fixture
def first_round(played_tournament):
    return played_tournament.round_set.get(number=1)


@pytest.fixture
def run_worker(monkeypatch):
    """What `manage.py db_worker` does in production: run every queued task, then stop. The
    worker closes the connections it finds in a transaction, as the test's is: not here."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    return lambda: call_command("db_worker", batch=True, startup_delay=False, verbosity=0)


def test_reprint_of_an_unchanged_round_lays_out_nothing(scorekeeper_client, first_round, layouts):
    url = reverse("round_sheets_pdf", args=[first_round.pk])
    first = scorekeeper_client.get(url)
    assert len(layouts) == 2  # one per table
    layouts.clear()
    again = scorekeeper_client.get(url)
    assert layouts == []
    assert pages_of(again.content) == pages_of(first.content)
    assert SheetPdf.objects.filter(table__round=first_round, filled=False).count() == 2


def test_a_changed_table_is_laid_out_again_alone(
    scorekeeper_client, played_tournament, layouts, scorekeeper_user, settings
):
    settings.PDF_INLINE_MAX_RENDERS = 4  # the tournament's tables, laid out by the request
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    scorekeeper_client.get(url)
    assert len(layouts) == 4
    layouts.clear()
    table = Table.objects.filter(round__tournament=played_tournament).order_by("pk").first()
    first = table.seats.get(first_dealer=True).position
    records = double_king_round(first, random.Random(99))
    deal_entry.save_sheet(table, records=records, version=table.version, user=scorekeeper_user)
    table.refresh_from_db()
    response = scorekeeper_client.get(url)
    assert len(layouts) == 1  # the new version; the three others come from the cache
    pages = pages_of(response.content)
    assert len(pages) == 4
    page = next(p for p in pages if heading(table.round.number, table.number) in p)
    totals = " ".join(str(seat.score) for seat in table.seats.order_by("position"))
    assert totals in page
    row = SheetPdf.objects.get(table=table, filled=True)
    assert row.version == table.version  # replaced, not added: one row per table


def test_a_renamed_player_shows_at_once(scorekeeper_client, first_round, layouts):
    """Nothing in the table's version changes, its sheet does: it is laid out again."""
    url = reverse("round_sheets_pdf", args=[first_round.pk])
    scorekeeper_client.get(url)
    layouts.clear()
    table = round_reads.round_tables(first_round)[0]
    player = table.seats.all()[0].entry.player
    player.last_name = "Renommé"
    player.save()
    pages = pages_of(scorekeeper_client.get(url).content)
    assert len(layouts) == 1
    assert "Renommé" in pages[0]


def names_at(table: Table) -> list[str]:
    return [seat.entry.player.full_name for seat in table.seats.order_by("position")]


def test_a_rounds_pdf_has_one_page_per_table_with_its_players(scorekeeper_client, first_round):
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[first_round.pk]))
    assert response["Content-Type"] == "application/pdf"
    pages = pages_of(response.content)
    tables = list(first_round.tables.order_by("number"))
    assert len(pages) == len(tables) == 2
    for text, table in zip(pages, tables, strict=True):
        assert heading(1, table.number) in text
        for name in names_at(table):
            assert name in text


def test_a_round_larger_than_a_request_may_lay_out_is_queued_then_ready(
    scorekeeper_client,
    make_tournament,
    settings,
    run_worker,
    layouts,
    django_capture_on_commit_callbacks,
):
    """Three sheets, a request may lay out two: a task per sheet, then the merge; the file is
    offered once the queue has run, and its reprint is at once."""
    from django_tasks_db.models import DBTaskResult

    settings.PDF_INLINE_MAX_RENDERS = 2
    settings.PDF_TASK_SHEETS = 1
    tournament = make_tournament(players=12, rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = drawing.draw_round(tournament, seed=1)
    # The draw itself queued the three layouts once committed (``round_drawn``, sent by the
    # service, heard by ``printing.receivers``); here
    # the print comes before any worker ran them, as when the queue is busy.
    assert DBTaskResult.objects.count() == 3
    DBTaskResult.objects.all().delete()
    url = reverse("round_sheets_pdf", args=[round_.pk])
    response = scorekeeper_client.get(url)
    assert response.status_code == 302 and layouts == []
    assert DBTaskResult.objects.count() == 3
    export = PdfExport.objects.get()
    assert export.status == PdfExport.Status.PENDING

    run_worker()
    assert len(layouts) == 3
    export.refresh_from_db()
    assert export.status == PdfExport.Status.READY
    download = scorekeeper_client.get(reverse("pdf_export_file", args=[export.pk]))
    pages = pages_of(download.content)
    tables = list(round_.tables.order_by("number"))
    assert len(pages) == 3
    for text, table in zip(pages, tables, strict=True):
        assert heading(1, table.number) in text
        assert all(name in text for name in names_at(table))

    layouts.clear()
    kept = list(SheetPdf.objects.order_by("table_id").values_list("table_id", "rendered_at"))
    reprint = scorekeeper_client.get(url)
    assert reprint.status_code == 200 and layouts == []
    assert pages_of(reprint.content) == pages
    assert (
        list(SheetPdf.objects.order_by("table_id").values_list("table_id", "rendered_at")) == kept
    )


def test_the_queue_keeps_every_sheet_for_the_reprint(
    scorekeeper_client, played_tournament, settings, run_worker, layouts
):
    settings.PDF_INLINE_MAX_RENDERS = 0
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    scorekeeper_client.get(url)
    run_worker()
    assert len(layouts) == 4  # each once, by its task; none again by the merge
    export = PdfExport.objects.get()
    assert export.status == PdfExport.Status.READY
    tables = Table.objects.filter(round__tournament=played_tournament)
    kept = {row.table_id: row.version for row in SheetPdf.objects.filter(filled=True)}
    assert kept == {table.pk: table.version for table in tables}
    layouts.clear()
    reprint = scorekeeper_client.get(url)
    assert reprint.status_code == 200
    assert layouts == []
    assert pages_of(reprint.content) == pages_of(bytes(export.content))


def test_a_large_archive_is_queued_then_offered_for_download(
    scorekeeper_client, played_tournament, layouts, settings, run_worker
):
    """More sheets to lay out than a request may afford: the request lays out none of them."""
    settings.PDF_INLINE_MAX_RENDERS = 3  # the tournament has 4 tables
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    response = scorekeeper_client.get(url)
    assert layouts == []
    export = PdfExport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("pdf_export", args=[export.pk])

    page = scorekeeper_client.get(response["Location"])
    html = page.content.decode()
    assert "data-poll-seconds" in html
    assert 'role="status"' in html
    assert "Votre fichier est en préparation" in html
    file_url = reverse("pdf_export_file", args=[export.pk])
    assert file_url not in html
    # The file's link before it is ready leads back to the page; a second click waits for the
    # same file instead of queueing another.
    assert scorekeeper_client.get(file_url)["Location"] == response["Location"]
    assert scorekeeper_client.get(url)["Location"] == response["Location"]
    assert PdfExport.objects.count() == 1

    run_worker()
    assert len(layouts) == 4
    html = scorekeeper_client.get(response["Location"]).content.decode()
    assert "Votre fichier est prêt" in html
    assert "data-poll-seconds" not in html
    assert file_url in html
    download = scorekeeper_client.get(file_url)
    assert download["Content-Type"] == "application/pdf"
    assert 'filename="tournoi-test-' in download["Content-Disposition"]
    pages = pages_of(download.content)
    assert len(pages) == 4
    assert heading(1, 1) in pages[0] and heading(2, 2) in pages[3]

    # The reprint: every sheet is cached, the request merges them itself.
    layouts.clear()
    reprint = scorekeeper_client.get(url)
    assert reprint.status_code == 200 and layouts == []
    assert pages_of(reprint.content) == pages


def test_the_worker_builds_in_the_language_of_the_club(
    scorekeeper_client, played_tournament, settings, run_worker
):
    """The sheets go on the club's tables: in its language, whatever the scorekeeper reads
    his pages in (``club.language``)."""
    settings.PDF_INLINE_MAX_RENDERS = 0
    Club.objects.filter(pk=played_tournament.club_id).update(language="en")
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    scorekeeper_client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "fr"
    scorekeeper_client.get(url)
    export = PdfExport.objects.get()
    assert export.language == "en"
    with translation.override("fr"):  # the worker's own language does not matter
        run_worker()
    export.refresh_from_db()
    assert export.status == PdfExport.Status.READY
    text = pages_of(bytes(export.content))[0]
    assert "Round 1, table 1" in text


@pytest.mark.parametrize("name", ["pdf_export", "pdf_export_file"])
def test_export_pages_are_for_staff_only(client, plain_user, played_tournament, name):
    export = PdfExport.objects.create(
        kind=PdfExport.Kind.FILLED_SHEETS, tournament=played_tournament, language="fr"
    )
    url = reverse(name, args=[export.pk])
    response = client.get(url)
    assert response.status_code == 302 and "/login" in response["Location"]
    client.force_login(plain_user)
    assert client.get(url).status_code == 403


def test_a_sheet_that_fails_in_its_task_fails_the_document(
    scorekeeper_client, played_tournament, settings, monkeypatch, run_worker, layouts
):
    """One sheet cannot be laid out: the document is marked failed and its page says so in
    French; no file is merged, and asking again prints every sheet."""
    settings.PDF_INLINE_MAX_RENDERS = 0
    settings.PDF_TASK_SHEETS = 1
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    status_url = scorekeeper_client.get(url)["Location"]
    counting = pdf.html_to_pdf  # the layouts fixture's
    doomed = heading(1, 2)

    def failing(html: str) -> bytes:
        if doomed in html:
            raise RuntimeError("no fonts")
        return counting(html)

    monkeypatch.setattr(pdf, "html_to_pdf", failing)
    run_worker()
    export = PdfExport.objects.get()
    assert export.status == PdfExport.Status.FAILED and export.content is None
    html = scorekeeper_client.get(status_url).content.decode()
    assert "Le fichier n’a pas pu être préparé" in html
    assert "data-poll-seconds" not in html
    assert not SheetPdf.objects.filter(table__round__number=1, table__number=2).exists()

    monkeypatch.setattr(pdf, "html_to_pdf", counting)
    again = scorekeeper_client.get(url)["Location"]
    assert again != status_url  # a new document, not the failed one
    run_worker()
    export = PdfExport.objects.get(status=PdfExport.Status.READY)
    assert len(pages_of(bytes(export.content))) == 4


def draw(client, tournament, committed):
    """The scorekeeper draws the tournament's first round (the page's button): that round.
    ``committed``: ``django_capture_on_commit_callbacks``, what runs once the draw is committed
    (its sheets queued) runs."""
    with committed(execute=True):
        client.post(reverse("staff_draw", args=[tournament.pk]))
    return tournament.round_set.get()


def test_a_drawn_round_is_laid_out_by_the_worker_before_its_print(
    scorekeeper_client,
    make_tournament,
    settings,
    run_worker,
    layouts,
    django_capture_on_commit_callbacks,
):
    """More sheets than a print may lay out: the draw queues them, the worker lays them out
    and keeps them, the print only merges them (in the scorekeeper's language, with each
    table's QR code)."""
    from django_tasks_db.models import DBTaskResult

    settings.PDF_INLINE_MAX_RENDERS = 1
    tournament = make_tournament(players=8, rounds=2)
    tournament.table_phones = True
    tournament.save()
    round_ = draw(scorekeeper_client, tournament, django_capture_on_commit_callbacks)
    assert DBTaskResult.objects.count() == 1
    assert layouts == []  # not in the request
    run_worker()
    assert len(layouts) == 2 and all("<svg" in html for html in layouts)
    layouts.clear()
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert response.status_code == 200  # merged at once, not queued
    assert layouts == []
    pages = pages_of(response.content)
    assert [heading(1, 1) in pages[0], heading(1, 2) in pages[1]] == [True, True]
    assert not PdfExport.objects.exists()


def test_a_sheet_changed_after_the_worker_laid_it_out_is_printed_as_it_is_now(
    scorekeeper_client,
    make_tournament,
    settings,
    run_worker,
    layouts,
    django_capture_on_commit_callbacks,
):
    settings.PDF_INLINE_MAX_RENDERS = 1
    tournament = make_tournament(players=8, rounds=2)
    round_ = draw(scorekeeper_client, tournament, django_capture_on_commit_callbacks)
    run_worker()
    layouts.clear()
    player = round_reads.round_tables(round_)[0].seats.all()[0].entry.player
    player.last_name = "Renommé"
    player.save()
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert len(layouts) == 1
    assert "Renommé" in pages_of(response.content)[0]


def test_a_round_a_print_lays_out_itself_is_not_queued(
    scorekeeper_client, make_tournament, django_capture_on_commit_callbacks
):
    from django_tasks_db.models import DBTaskResult

    tournament = make_tournament(players=8, rounds=2)  # 2 tables, within the inline limit
    draw(scorekeeper_client, tournament, django_capture_on_commit_callbacks)
    assert not DBTaskResult.objects.exists()


def test_a_draw_cancelled_before_the_worker_runs_leaves_nothing_to_do(
    scorekeeper_client,
    make_tournament,
    settings,
    run_worker,
    layouts,
    django_capture_on_commit_callbacks,
):
    settings.PDF_INLINE_MAX_RENDERS = 1
    tournament = make_tournament(players=8, rounds=2)
    round_ = draw(scorekeeper_client, tournament, django_capture_on_commit_callbacks)
    scorekeeper_client.post(reverse("staff_round", args=[round_.pk]), {"action": "cancel_draw"})
    assert not tournament.round_set.exists()
    run_worker()
    assert layouts == [] and not SheetPdf.objects.exists()
