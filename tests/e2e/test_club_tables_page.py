"""The whist rules page in Chromium, phone and desk sizes: a contract added with a total the
three opponents cannot share is refused in its open row, then saved; axe-core finds nothing."""

import os

import pytest
from django.urls import reverse
from page_checks import axe_violations

from tournaments.selectors import rulebook

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
