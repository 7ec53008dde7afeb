"""The language menu switches on choice, from a script file allowed by the
Content-Security-Policy (an inline onchange handler would be blocked)."""

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_choosing_english_switches_the_page(page, live_server, club, season):
    response = page.goto(live_server.url + reverse("club_home", args=[club.slug]))
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "Prochains tournois" in page.content()
    with page.expect_navigation():
        page.select_option("#language", "en")
    assert "Next tournaments" in page.content()
    assert page.csp_violations == []
