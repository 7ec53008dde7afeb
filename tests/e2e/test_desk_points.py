"""The desk's pages that issue 37 (« At the tables and the desk ») changed, in a real browser
at 390×844 and 1280×800, in French and in Dutch: the club's settings (the clock with the
round), a whist pool drawn with its clock started in the same step, the registration list and
its deletion asked once more, the members list's named pagination, the standings and the hall
screen before the first result, the phones page with every link made, a queued PDF's page and
a new club's privacy notice. axe-core finds nothing on any of them."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from club import services as club_services
from club.models import Player
from tournaments.models import Round
from tournaments.printing.models import PdfExport
from tournaments.services import registration
from tournaments.tableside import table_entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: Where the screenshots go when ATOUT_SHOTS names a folder (looked at by hand).
SHOTS = os.environ.get("ATOUT_SHOTS")

WORDS = {
    "fr": {
        "clock": "et démarrer le chrono de salle",
        "started": "Le chrono de salle est démarré.",
        "delete": "Supprimer",
        "confirm": "Supprimer l’inscription de Anne Étienne ?",
        "waiting": "Premier classement après la première table complète.",
        "next": "Suivant →",
        "notice": "conserve, pour organiser ses tournois",
    },
    "nl": {
        "clock": "en de zaalklok starten",
        "started": "De zaalklok loopt.",
        "delete": "Verwijderen",
        "confirm": "De inschrijving van Anne Étienne verwijderen?",
        "waiting": "Eerste klassement na de eerste volledige tafel.",
        "next": "Volgende →",
        "notice": "bewaart, om zijn toernooien",
    },
}


@pytest.mark.parametrize(
    ("language", "size"), [("fr", (390, 844)), ("nl", (1280, 800)), ("fr", (1280, 800))]
)
def test_the_desk_pages_of_issue_37(
    open_page, log_in, live_server, club, make_tournament, committee_user, language, size
):
    words = WORDS[language]
    club.language = language
    club.clock_with_round = True
    club.save()
    page = open_page(width=size[0], height=size[1])
    log_in(page, "bureau")
    seen: dict[str, list[str]] = {}

    def look(name: str) -> None:
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            path = f"{SHOTS}/desk-{name}-{language}-{size[0]}.png"
            page.screenshot(path=path, full_page=True)
        seen[name] = axe_violations(page)

    page.goto(live_server.url + reverse("club_settings", args=[club.slug]))
    expect(page.locator("#id_clock_with_round")).to_be_checked()
    look("settings")

    # A whist pool: its clock starts with the draw, ticked by the club's setting.
    whist = make_tournament("whist", players=12, rounds=2, name="Whist du vendredi")
    page.goto(live_server.url + reverse("staff_tournament", args=[whist.pk]))
    box = page.get_by_label(words["clock"])
    expect(box).to_be_checked()
    look("draw")
    with page.expect_navigation():
        draw = reverse("staff_draw", args=[whist.pk])
        page.locator(f"form[action='{draw}'] button.primary").click()
    expect(page.locator("body")).to_contain_text(words["started"])
    round_ = Round.objects.get(tournament=whist)
    assert round_.clock_started_at is not None
    look("round")

    # Every table has its link: nothing more to create.
    table_entry.issue_round_links(round_, user=None)
    page.goto(live_server.url + reverse("staff_round_phones", args=[round_.pk]))
    assert page.locator("#issue-links").count() == 0
    look("phones")

    # Before the first result: nobody ranked, the standings say when they come.
    page.goto(live_server.url + reverse("tournament_standings", args=[whist.pk]))
    expect(page.locator("#standings-waiting")).to_have_text(words["waiting"])
    look("standings")
    page.goto(live_server.url + reverse("tournament_display", args=[whist.pk]))
    expect(page.locator(".hall-empty")).to_have_text(words["waiting"])
    look("hall")

    # The registration list, accent-free order; its deletion is asked once more.
    for first, last in (("Marc", "Van den Bossche"), ("Anne", "Étienne")):
        player = Player.objects.create(first_name=first, last_name=last)
        club.players.add(player)
        registration.register_player(whist, player=player)
    page.goto(live_server.url + reverse("staff_registration", args=[whist.pk]))
    rows = page.locator("table.data").last.locator("tbody tr td:first-child").all_inner_texts()
    assert rows.index("Anne Étienne") < rows.index("Marc Van den Bossche")
    look("registration")
    row = page.locator("tr", has_text="Anne Étienne")
    with page.expect_navigation():
        row.get_by_role("button", name=f"{words['delete']} — Anne Étienne").click()
    expect(page.locator("h1")).to_have_text(words["confirm"])
    look("delete")

    # A queued document's page.
    export = PdfExport.objects.create(
        kind=PdfExport.Kind.ROUND_SHEETS, tournament=whist, round=round_, language=language
    )
    page.goto(live_server.url + reverse("pdf_export", args=[export.pk]))
    look("pdf")

    # The members list's second page is a named link.
    club.players.add(
        *(Player.objects.create(first_name=f"P{i:02d}", last_name=f"N{i:02d}") for i in range(50))
    )
    page.goto(live_server.url + reverse("club_members", args=[club.slug]))
    expect(page.get_by_role("link", name=words["next"])).to_be_visible()
    look("members")

    # A new club's privacy page: the model notice, in the club's language.
    new, _invitation = club_services.create_club(
        name="Cercle Nouveau",
        slug="nouveau",
        committee={
            "username": "nouveau",
            "first_name": "Nina",
            "last_name": "Nouveau",
            "email": "nina@example.org",
            "handover": "password",
        },
    )
    club_services.set_language(new, language)
    page.goto(live_server.url + reverse("club_privacy", args=[new.slug]))
    expect(page.locator("#notice")).to_contain_text(words["notice"])
    look("privacy")

    assert {name: found for name, found in seen.items() if found} == {}
