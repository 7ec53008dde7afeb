"""A new club from an empty database to its first printed round, in Chromium, without ever
opening /admin/ (issue 24 §4): the site's administrator creates the club and its first
committee member, who goes through the menu's « Administration » to the club's pages, creates
the season, imports the members, invites a scorekeeper, sets the whist rules, fills the list
of clubs and creates an open tournament (its game first, then only that game's fields, a club
classification); the scorekeeper ticks the members present, gives one his club, draws the
first round and prints its sheets. Every request the page made is recorded: none under
/admin/."""

import os
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.contrib.auth.models import User
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from club.models import Club, RepresentedClub
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

    # The committee member: the menu's « Administration » is the club's desk, not /admin/.
    _log_in(page, base, "marie", password)
    page.goto(base + reverse("tournament_list"))
    _submit(page, "nav a[href$='/bureau/']")
    assert page.url.endswith(reverse("club_desk", args=["gesves"]))
    assert page.locator("nav a[href*='/admin/']").count() == 0
    _look(page, "club-desk", width)
    _submit(page, "#club-desk a[href$='/saisons/']")
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

    # The club's whist rules: one pool of 90 minutes per evening.
    page.goto(base + reverse("club_desk", args=["gesves"]))
    _submit(page, "#club-desk a[href$='/regles/whist/']")
    page.fill("#id_setting__pools", "1")
    page.fill("#id_setting__pool_minutes", "90")
    _submit(page)
    expect(page.locator(".message.success")).to_be_visible()

    # The list of clubs of its open tournaments: a typo refused on the field, then two clubs.
    page.goto(base + reverse("club_desk", args=["gesves"]))
    _submit(page, "#club-desk a[href$='/clubs/']")
    page.fill("#id_name", "Namur\u202e")
    _submit(page)
    expect(page.locator(".field-error")).to_contain_text("U+202E")
    for name in ("Whist Club Namur", "Whist Club Gesves"):
        page.fill("#id_name", name)
        _submit(page)
    _look(page, "represented-clubs", width)
    assert RepresentedClub.objects.count() == 2
    _submit(page, "form[action$='/logout/'] button")

    # The scorekeeper chooses his password through the link, then runs the evening.
    page.goto(link)
    page.fill("#id_new_password1", "Carreau-de-Trefle-42")
    page.fill("#id_new_password2", "Carreau-de-Trefle-42")
    _submit(page)
    _look(page, "account-activated", width)
    _log_in(page, base, "marie", password)  # the committee creates the tournament
    page.goto(base + reverse("staff_tournament_create"))
    _look(page, "tournament-choose-game", width)
    _submit(page, "#choose-game a[href='?game=whist']")
    # Only whist's fields, from the server: its clock per pool, no target.
    assert page.locator("#id_target").count() == 0
    assert page.locator("#id_round_minutes").count() == 0
    assert page.locator("#id_pool_minutes").count() == 1
    page.select_option("#id_club", index=1)
    page.select_option("#id_season", index=1)
    page.fill("#id_name", "Open de Gesves")
    page.fill("#id_date", "2026-03-13")
    page.fill("#id_rounds", "")  # the club's rules: one pool
    page.fill("#id_club_ranking_best", "0")
    _submit(page)
    expect(page.locator("#id_club_ranking_best")).to_have_value("0")  # kept, refused
    assert not Tournament.objects.exists()
    page.fill("#id_club_ranking_best", "2")
    _look(page, "tournament-create", width)
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
    page.evaluate("window.notReloaded = true")  # gone if the page comes back
    first_paid.click()
    # A locator's wait, not a string evaluated in the page (the site's CSP forbids eval).
    expect(page.locator("form[data-toggle=paid] button").first).to_have_attribute(
        "aria-pressed", "true"
    )
    assert Entry.objects.filter(tournament=tournament, paid=True).count() == 1
    assert page.evaluate("window.notReloaded === true"), "« Payé » reloaded the page"
    # The first entry plays for Namur (the club classification).
    first = Entry.objects.filter(tournament=tournament).order_by("player__sort_key").first()
    page.select_option(f"#club-{first.pk}", label="Whist Club Namur")
    _submit(page, f"form.entry-club:has(#club-{first.pk}) button")
    first.refresh_from_db()
    assert first.represented_club.name == "Whist Club Namur"
    _look(page, "registration-ticked", width)
    page.goto(base + reverse("staff_tournament", args=[tournament.pk]))
    _submit(page, "form[action$='/tirage/'] button")
    pdf_link = page.locator("a[href$='.pdf'], a[href*='pdf']").first.get_attribute("href")
    response = page.request.get(base + pdf_link)
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")
    page.goto(base + reverse("staff_standings", args=[tournament.pk]))
    expect(page.locator("#club-classification")).to_contain_text("Whist Club Namur")
    _look(page, "standings-clubs", width)
    close_page(page)
    assert tournament.rounds == 1  # the club's rules: one pool
    assert not [url for url in opened if "/admin/" in url]
