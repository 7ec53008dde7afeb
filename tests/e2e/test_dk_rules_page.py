"""The Double King rules page in Chromium, phone and desk sizes: a trump value that breaks the
round's zero sum is refused in its open row, then the Turkish King's table is saved and the
page shows its version; axe-core finds nothing."""

import os

import pytest
from django.urls import reverse
from page_checks import axe_violations

from tournaments.selectors import rulebook

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("SCREENSHOTS")
RIFKI = {"tricks": -50, "hearts": -30, "queens": -100, "jacks_kings": -60}
RIFKI.update(king_of_hearts=-320, seventh=-180, last=-180)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desk"])
def test_a_club_types_the_rifki_table(size, open_page, log_in, live_server, club, committee_user):
    page = open_page(width=size[0], height=size[1])
    log_in(page, "bureau")
    page.goto(live_server.url + reverse("staff_rules", args=[club.slug, "double_king"]))
    assert "règles par défaut du jeu" in page.inner_text("#rules-history")
    assert axe_violations(page) == []
    for summary in page.locator(
        "#content details.rule-row summary, details.rule-row summary"
    ).all():
        summary.click()
    for key, value in RIFKI.items():
        page.fill(f"#id_value__{key}", str(value))
    page.fill("#id_value__trump", "49")
    with page.expect_navigation():
        page.click("button:has-text('Enregistrer les règles')")
    error = page.locator("details[open] .field-error")
    assert "Une ronde complète doit totaliser 0" in error.inner_text()
    assert page.input_value("#id_value__trump") == "49"
    assert page.input_value("#id_value__king_of_hearts") == "-320"
    assert axe_violations(page) == []
    if SHOTS:
        error.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/dk-rules-error-{size[0]}.png")
    page.fill("#id_value__trump", "50")
    with page.expect_navigation():
        page.click("button:has-text('Enregistrer les règles')")
    assert rulebook.club_rules(club, "double_king")["game_values"]["trump"] == 50
    assert "Version 1, enregistrée le" in page.inner_text("#rules-history")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/dk-rules-saved-{size[0]}.png")
        page.locator("summary:has-text('Pas de roi de cœur')").click()
        page.locator("summary:has-text('Pas de roi de cœur')").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/dk-rules-row-{size[0]}.png")
    assert axe_violations(page) == []
