"""A queued file's page follows its status without reloading, and passes axe-core."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.printing.models import PdfExport, PdfTask

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_status_page_shows_the_ready_file_without_a_reload(
    page, live_server, log_in, scorekeeper_user, played_tournament
):
    export = PdfExport.objects.create(
        tournament=played_tournament, kind=PdfExport.Kind.FILLED_SHEETS, language="fr"
    )
    log_in(page)
    page.goto(live_server.url + reverse("pdf_export", args=[export.pk]))
    expect(page.locator("#export-status")).to_contain_text("Votre fichier est en préparation")
    assert axe_violations(page) == []
    page.evaluate("() => { window.sameDocument = true; }")

    PdfExport.objects.filter(pk=export.pk).update(
        status=PdfExport.Status.READY, content=b"%PDF-1.4", filename="feuilles.pdf"
    )
    expect(page.locator("#export-status")).to_contain_text("Votre fichier est prêt", timeout=10_000)
    assert page.evaluate("() => window.sameDocument === true")  # updated in place
    expect(page.get_by_role("link", name="Télécharger le PDF")).to_be_visible()
    assert axe_violations(page) == []
    assert page.csp_violations == []


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_a_document_whose_worker_died_says_so_in_place_and_offers_to_try_again(
    open_page, live_server, log_in, scorekeeper_user, played_tournament, size, tmp_path
):
    """Its task began and never ended (the worker was killed): once past the task's bound the
    page, polling, says the file could not be prepared and offers « Réessayer »."""
    export = PdfExport.objects.create(
        tournament=played_tournament, kind=PdfExport.Kind.FILLED_SHEETS, language="fr"
    )
    task = PdfTask.objects.create(export=export, sheets=2, started_at=timezone.now())
    page = open_page(width=size[0], height=size[1])
    log_in(page)
    page.goto(live_server.url + reverse("pdf_export", args=[export.pk]))
    expect(page.locator("#export-status")).to_contain_text("Votre fichier est en préparation")

    PdfTask.objects.filter(pk=task.pk).update(
        started_at=timezone.now() - datetime.timedelta(hours=1)
    )
    status = page.locator("#export-status")
    expect(status).to_contain_text("Le fichier n’a pas pu être préparé", timeout=10_000)
    retry = page.get_by_role("link", name="Réessayer")
    expect(retry).to_be_visible()
    assert retry.get_attribute("href") == reverse(
        "tournament_filled_pdf", args=[played_tournament.pk]
    )
    page.screenshot(path=str(tmp_path / f"failed-{size[0]}.png"), full_page=True)
    assert axe_violations(page) == []
    assert page.csp_violations == []
