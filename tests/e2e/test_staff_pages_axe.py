"""axe-core over every staff page of every game, and none scrolls sideways on a phone, logged
in as the committee (who sees every staff page). The pages come from the URL resolver: a new
staff page fails here until it is walked or skipped with a reason."""

import sys
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.urls import reverse
from page_checks import axe_violations

from tournaments.games import plugin_for
from tournaments.services import drawing

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "club"))
from url_walk import routes

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GAMES = ["double_king", "whist", "double", "quarante", "plonk"]

# Staff routes that are not pages: data, files, form targets (their pages are walked).
NOT_PAGES = {
    "staff_publish": "a form's target (POST)",
    "staff_hold": "a form's target (POST), on the tournament's page (its errors shown there; "
    "tests/tournaments/test_holds.py reads it)",
    "staff_release": "linked from a held tournament's banner only: the demo's are not held "
    "(tests/tournaments/test_holds.py reads it)",
    "staff_season_attendance": "a form's target (POST), on the season page",
    "staff_member_search": "JSON for the registration page's search",
    "staff_sheet_preview": "JSON for the sheet's live preview",
    "staff_deal_preview": "JSON for the deal form's live preview",
    "staff_clock_state": "JSON for the clock",
    "staff_round_phones_state": "JSON for the phones dashboard's poll",
    "staff_money_xlsx": "an Excel file",
    "round_sheets_pdf": "a PDF",
    "round_plan_pdf": "a PDF",
    "tournament_filled_pdf": "a PDF",
    "pdf_export_file": "a PDF",
    "pdf_export": "the waiting page of a long PDF (tests/e2e/test_pdf_export_page.py)",
    "club_member_erase": "a form's target (POST), on the member's page",
    "player_data_json": "a JSON file",
    "player_data_xlsx": "an Excel file",
    "travel_export": "a file: the tournament's signed bundle",
    "travel_return": "only on the laptop that holds a lease's key (« Rapporter la soirée »): "
    "the demo's site holds none (tests/tournaments/travel/test_hall_return.py reads it)",
    "rating_rebuild": "a form's target (POST), on the club's rating list",
}


def _urls(tournament, club, season) -> dict[str, str | None]:
    """Each staff page of ``tournament``'s game; None where the game has no such page."""
    plugin = plugin_for(tournament.game)
    round_ = tournament.round_set.get(number=1)
    table = round_.tables.filter(bye=False).first()
    t = [tournament.pk]
    return {
        "player_import": reverse("player_import", args=[club.slug]),
        "staff_tournaments": reverse("staff_tournaments"),
        # The game's own form (the page without a game asks it: test_first_day_without_admin).
        "staff_tournament_create": reverse("staff_tournament_create") + f"?game={tournament.game}",
        "staff_tournament": reverse("staff_tournament", args=t),
        "staff_tournament_edit": reverse("staff_tournament_edit", args=t),
        "staff_standings": reverse("staff_standings", args=t),
        "staff_registration": reverse("staff_registration", args=t),
        "staff_draw": reverse("staff_draw", args=t),
        "staff_teams": reverse("staff_teams", args=t) if plugin.lineup.forms_teams else None,
        "staff_round": reverse("staff_round", args=[round_.pk]),
        "staff_sheet": reverse("staff_sheet", args=[table.pk])
        if plugin.entry_url_name == "staff_sheet"
        else None,
        "staff_deals": reverse("staff_deals", args=[table.pk])
        if plugin.entry_url_name == "staff_deals"
        else None,
        "staff_history": reverse("staff_history", args=[table.pk]),
        "staff_hall_link": reverse("staff_hall_link", args=t) if plugin.clock else None,
        "staff_clock": reverse("staff_clock", args=[round_.pk]) if plugin.clock else None,
        "staff_round_progress": reverse("staff_round_progress", args=[round_.pk])
        if plugin.clock
        else None,
        "staff_round_phones": reverse("staff_round_phones", args=[round_.pk]),
        "staff_money": reverse("staff_money", args=[season.pk]),
        "staff_rules": reverse("staff_rules", args=[club.slug, tournament.game]),
        "staff_archive_evening": reverse("staff_archive_evening", args=[club.slug]),
        "staff_archive_import": reverse("staff_archive_import", args=[club.slug]),
        "club_staff": reverse("club_staff", args=[club.slug]),
        "club_seasons": reverse("club_seasons", args=[club.slug]),
        "club_desk": reverse("club_desk", args=[club.slug]),
        "club_represented_clubs": reverse("club_represented_clubs", args=[club.slug]),
        "club_settings": reverse("club_settings", args=[club.slug]),
        "club_members": reverse("club_members", args=[club.slug]),
        "club_member": reverse(
            "club_member", args=[club.slug, tournament.entries.first().player_id]
        ),
        "club_privacy_settings": reverse("club_privacy_settings", args=[club.slug]),
        "club_federations": reverse("club_federations", args=[club.slug]),
        "tournament_federation": reverse("tournament_federation", args=t),
        "travel_import": reverse("travel_import", args=[club.slug]),
    }


def test_every_staff_route_is_walked_or_skipped_with_a_reason():
    staff = {r.name for r in routes() if r.is_staff and not r.is_admin}
    walked = set(_urls.__code__.co_consts) & staff
    assert staff - walked - set(NOT_PAGES) == set()


def _walk(browser, live_server, log_in, make_tournament, club, season, game, check):
    """Every staff page of ``game`` (phones on: the round's page shows each table's QR code),
    logged in as the committee, loaded once each: ``{page name: what check(page) found}``."""
    tournament = make_tournament(game)
    tournament.table_phones = True
    tournament.save(update_fields=["table_phones"])
    drawing.start_round(drawing.draw_round(tournament, seed=1))
    page = new_page(browser, width=DESK[0], height=DESK[1])
    log_in(page, "bureau")
    found = {}
    for name, url in _urls(tournament, club, season).items():
        if url is None:
            continue
        response = page.goto(live_server.url + url)
        assert response.status == 200, (name, response.status)
        problem = check(page)
        if problem:
            found[name] = problem
    close_page(page)
    return found


#: The desk's screen (axe-core's) and the phone's (nothing scrolls sideways there).
DESK, PHONE = (1280, 800), (390, 844)


def desk_and_phone(page) -> list[str]:
    """axe-core's violations at the desk's size, then whether the page, narrowed to a phone's
    width, scrolls sideways there (a wide table scrolls in its own box, never the page)."""
    problems = axe_violations(page)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE[0]:
        problems.append(f"{width} px wide at {PHONE[0]} px: the page scrolls sideways")
    page.set_viewport_size({"width": DESK[0], "height": DESK[1]})
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_no_staff_page_has_an_axe_violation_or_scrolls_sideways_on_a_phone(
    browser, live_server, log_in, committee_user, make_tournament, club, season, game
):
    """Each page loaded once (a fifth of the suite's browser time was these pages loaded
    again at the phone's size): axe-core at the desk's size, then the phone's width."""
    walk = (browser, live_server, log_in, make_tournament, club, season, game)
    assert _walk(*walk, desk_and_phone) == {}
