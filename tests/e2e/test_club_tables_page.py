"""The whist rules page in Chromium, phone and desk sizes: a contract added with a total the
three opponents cannot share is refused in its open row, then saved; axe-core finds nothing."""

import os

import pytest
from django.urls import reverse
from page_checks import axe_violations

from tournaments.selectors import rulebook
from tournaments.services import drawing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: Where the screenshots go, to look at them (``SCREENSHOTS=/tmp/shots``); none by default.
SHOTS = os.environ.get("SCREENSHOTS")


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desk"])
def test_a_club_adds_a_contract_on_the_whist_rules_page(
    size, open_page, log_in, live_server, club, committee_user
):
    page = open_page(width=size[0], height=size[1])
    log_in(page, "bureau")
    page.goto(live_server.url + reverse("staff_rules", args=[club.slug, "whist"]))
    assert axe_violations(page) == []
    page.click("summary:has-text('Nouveau contrat 1')")
    page.fill("#id_new_contract__1__name_fr", "Solo 5")
    page.fill("#id_new_contract__1__points", "7")
    page.fill("#id_new_contract__1__tricks", "5")
    with page.expect_navigation():
        page.click("button:has-text('Enregistrer les règles')")
    error = page.locator("details[open] .field-error")
    assert "divisible par 3 (6 ou 9)" in error.inner_text()
    assert page.input_value("#id_new_contract__1__points") == "7"
    assert axe_violations(page) == []
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/rules-error-{size[0]}.png", full_page=False)
        error.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/rules-error-row-{size[0]}.png")
    page.fill("#id_new_contract__1__points", "6")
    with page.expect_navigation():
        page.click("button:has-text('Enregistrer les règles')")
    assert "solo_5" in {r["code"] for r in rulebook.club_rules(club, "whist")["contracts"]}
    page.click("summary:has-text('Solo 5')")
    if SHOTS:
        page.locator("summary:has-text('Solo 5')").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/rules-saved-{size[0]}.png")
    assert axe_violations(page) == []


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desk"])
def test_a_club_chooses_its_scoring_model_and_the_standings_say_it(
    size, open_page, log_in, live_server, committee_user, make_tournament
):
    """« Adversaires payés sur chute » chosen on the rules page; a tournament started then
    copies it, and its standings say which model counts."""
    tournament = make_tournament("whist", players=4, rounds=1)
    club = tournament.club
    page = open_page(width=size[0], height=size[1])
    log_in(page, "bureau")
    page.goto(live_server.url + reverse("staff_rules", args=[club.slug, "whist"]))
    page.check("input[name='setting__scoring_model'][value='on_failure']")
    if SHOTS:
        page.locator("#id_setting__scoring_model_1").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/rules-model-{size[0]}.png")
    with page.expect_navigation():
        page.click("button:has-text('Enregistrer les règles')")
    assert rulebook.club_rules(club, "whist")["scoring_model"] == "on_failure"
    assert page.is_checked("input[name='setting__scoring_model'][value='on_failure']")
    drawing.draw_round(tournament, seed=1)  # started: the tournament copies the rules
    page.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
    assert page.inner_text("#scoring-model") == "Modèle : adversaires payés sur chute"
    assert axe_violations(page) == []
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/standings-model-{size[0]}.png")
