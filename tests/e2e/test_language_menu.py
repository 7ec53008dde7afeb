"""The language switch is a plain link (no form, no script): it switches and leads back to the
page, under the Content-Security-Policy."""

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_choosing_english_switches_the_page(page, live_server, club, season):
    url = live_server.url + reverse("club_home", args=[club.slug])
    response = page.goto(url)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "Prochains tournois" in page.content()
    with page.expect_navigation():
        page.click("a[hreflang=en]")
    assert page.url == url
    assert "Next tournaments" in page.content()
    assert page.csp_violations == []
