"""A queued file's page follows its status without reloading, and passes axe-core."""

import pytest
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.printing.models import PdfExport

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
