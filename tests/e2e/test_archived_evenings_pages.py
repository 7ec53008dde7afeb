"""The archived evenings' pages in Chromium, at a phone's size and a desk's: an evening typed on
the page (a bad value first), a file's preview with its errors, then a clean file confirmed.
axe-core finds nothing on any of them, and none scrolls sideways on a phone."""

import os
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.urls import reverse
from page_checks import axe_violations

from club.models import Player
from tournaments.models import Tournament, TournamentResult

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: the pages' screenshots, to look at


def _check(page, name: str, width: int) -> None:
    assert axe_violations(page) == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"), full_page=True)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_archived_evening_pages(
    browser, live_server, log_in, committee_user, club, season, tmp_path, size
):
    width, height = size
    anne = Player.objects.create(first_name="Anne", last_name="Dubois")
    luc = Player.objects.create(first_name="Luc", last_name="Maes")
    club.players.add(anne, luc)
    page = new_page(browser, width=width, height=height)
    log_in(page, "bureau")
    page.goto(live_server.url + reverse("staff_archive_evening", args=[club.slug]))
    page.select_option("#id_game", "whist")
    page.fill("#id_date", "2026-01-14")
    page.fill(f"#id_points_{anne.pk}", "douze")
    page.fill(f"#id_points_{luc.pk}", "-12")
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    error = page.locator(".field-error").first
    assert "ne sont pas un nombre entier" in error.inner_text()
    assert page.input_value(f"#id_points_{anne.pk}") == "douze"
    _check(page, "archive-evening-error", width)
    page.fill(f"#id_points_{anne.pk}", "12")
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert Tournament.objects.filter(archived=True).count() == 1
    assert "1 soirée archivée enregistrée" in page.content()

    bad = tmp_path / "soirees.csv"
    bad.write_text("Date;Joueur;Points\n21/01/2026;Dubois Anne;4\n21/01/2026;Maes Luc;x\n")
    page.goto(live_server.url + reverse("staff_archive_import", args=[club.slug]))
    _check(page, "archive-import", width)
    page.select_option("#id_game", "whist")
    page.set_input_files("#id_file", str(bad))
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert "Ligne 3 :" in page.locator("#archive-rows").inner_text()
    _check(page, "archive-preview-errors", width)

    good = tmp_path / "soirees-ok.csv"
    good.write_text("Date;Joueur;Points\n21/01/2026;Dubois Anne;4\n21/01/2026;Peeters Marc;-4\n")
    page.goto(live_server.url + reverse("staff_archive_import", args=[club.slug]))
    page.select_option("#id_game", "whist")
    page.set_input_files("#id_file", str(good))
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert "Peeters Marc" in page.locator("#new-players").inner_text()
    _check(page, "archive-preview-new-player", width)
    page.check("#id_create_players")
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert Tournament.objects.filter(archived=True).count() == 2
    assert TournamentResult.objects.filter(player__last_name="Peeters").count() == 1
    _check(page, "season-with-archived", width)
    close_page(page)
