"""A new club from an empty database to its first printed round, in Chromium, without ever
opening /admin/ (issue 24 §4): the site's administrator creates the club and its first
committee member, who creates the season, imports the members, invites a scorekeeper, creates
the tournament; the members present are ticked, the round drawn and its sheets printed."""

import os
from pathlib import Path

import pytest
from conftest import close_page, new_page
from django.contrib.auth.models import User
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from club.models import Club
from tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")
MEMBERS = "Nom;Prénom\n" + "\n".join(
    f"{last};{first}"
    for last, first in [
        ("Dubois", "Anne"),
        ("Maes", "Luc"),
        ("Peeters", "Marc"),
        ("Claes", "Eva"),
        ("Jacobs", "Tom"),
        ("Mertens", "Lies"),
        ("Willems", "Bart"),
        ("Goossens", "Ann"),
    ]
)


def _look(page, name: str, width: int) -> None:
    """axe-core finds nothing, the page never scrolls sideways; a screenshot if asked."""
    assert axe_violations(page) == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"), full_page=True)


def _submit(page, selector: str = "button[type=submit].primary") -> None:
    with page.expect_navigation():
        page.click(selector)


def _log_in(page, base: str, username: str, password: str) -> None:
    page.goto(base + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    _submit(page)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_new_club_to_its_first_printed_round_without_the_admin(
    browser, live_server, tmp_path, size
):
    assert not Club.objects.exists() and not Tournament.objects.exists()
    User.objects.create_superuser("admin", password="admin-pass-123")  # createsuperuser
    width, height = size
    base = live_server.url
    page = new_page(browser, width=width, height=height)
    opened: list[str] = []
    page.on("request", lambda request: opened.append(request.url))

    # The site's administrator: the club and its first committee member (a password).
    _log_in(page, base, "admin", "admin-pass-123")
    page.goto(base + reverse("home"))
    _submit(page, "a.button.primary[href$='/clubs/nouveau/']")
    _look(page, "club-create", width)
    page.fill("#id_name", "Whist Club Gesves")
    page.fill("#id_slug", "gesves")
    page.fill("#id_username", "marie")
    page.fill("#id_first_name", "Marie")
    page.fill("#id_last_name", "Lambert")
    page.check("input[name=handover][value=password]")
    _submit(page)
    password = page.inner_text("#invited-password").strip()
    _look(page, "club-invitation", width)
    _submit(page, "form[action$='/logout/'] button")

    # The committee member: a season, the members, a scorekeeper (a one-time link).
    _log_in(page, base, "marie", password)
    page.goto(base + reverse("club_home", args=["gesves"]))
    _submit(page, "a.button[href$='/saisons/']")
    page.fill("#id_name", "2026")
    page.fill("#id_start", "2026-01-01")
    page.fill("#id_end", "2026-12-31")
    _submit(page)
    _look(page, "club-seasons", width)
    members = tmp_path / "membres.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    page.goto(base + reverse("player_import", args=["gesves"]))
    page.set_input_files("#id_file", str(members))
    _submit(page)
    _submit(page)
    assert "Joueurs importés : 8." in page.content()
    page.goto(base + reverse("club_staff", args=["gesves"]))
    page.select_option("#id_role", "Saisie")
    page.fill("#id_username", "paul")
    page.fill("#id_first_name", "Paul")
    page.fill("#id_last_name", "Simon")
    page.check("input[name=handover][value=link]")
    _submit(page)
    link = page.inner_text("#invited-link").strip()
    assert "/compte/activer/" in link
    page.goto(base + reverse("club_staff", args=["gesves"]))
    _look(page, "club-staff", width)
    _submit(page, "form[action$='/logout/'] button")

    # The scorekeeper chooses his password through the link, then runs the evening.
    page.goto(link)
    page.fill("#id_new_password1", "Carreau-de-Trefle-42")
    page.fill("#id_new_password2", "Carreau-de-Trefle-42")
    _submit(page)
    _look(page, "account-activated", width)
    _log_in(page, base, "marie", password)  # the committee creates the tournament
    page.goto(base + reverse("staff_tournament_create"))
    page.select_option("#id_club", index=1)
    page.select_option("#id_season", index=1)
    page.select_option("#id_game", "whist")
    assert not page.is_visible("#id_target")  # a setting of the team games only
    _look(page, "tournament-create", width)
    page.fill("#id_name", "Whist du vendredi")
    page.fill("#id_date", "2026-03-13")
    page.fill("#id_rounds", "1")
    _submit(page)
    tournament = Tournament.objects.get()
    _submit(page, "form[action$='/logout/'] button")
    _log_in(page, base, "paul", "Carreau-de-Trefle-42")
    page.goto(base + reverse("staff_registration", args=[tournament.pk]))
    for box in page.locator("#tick-members input[type=checkbox]").all():
        box.check()
    _submit(page, "#tick-members button[type=submit]")
    assert Entry.objects.filter(tournament=tournament, present=True).count() == 8
    # « Payé » in place: the page does not reload, the button says it.
    first_paid = page.locator("form[data-toggle=paid] button").first
    first_paid.click()
    # A locator's wait, not a string evaluated in the page (the site's CSP forbids eval).
    expect(page.locator("form[data-toggle=paid] button").first).to_have_attribute(
        "aria-pressed", "true"
    )
    assert Entry.objects.filter(tournament=tournament, paid=True).count() == 1
    _look(page, "registration-ticked", width)
    page.goto(base + reverse("staff_tournament", args=[tournament.pk]))
    _submit(page, "form[action$='/tirage/'] button")
    pdf_link = page.locator("a[href$='.pdf'], a[href*='pdf']").first.get_attribute("href")
    response = page.request.get(base + pdf_link)
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")
    close_page(page)
    assert not [url for url in opened if "/admin/" in url]
