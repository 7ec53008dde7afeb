"""Production hardening: the Content-Security-Policy, no inline script anywhere, the language
cookie, the deploy check."""

import importlib
import re

import pytest
from django.urls import reverse

from tournaments.services import drawing

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|<[^>]+\sstyle\s*=", re.IGNORECASE)


@pytest.fixture
def prod_settings(monkeypatch):
    monkeypatch.setenv("DJANGO_SECRET_KEY", "x" * 60)
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "atout.example.org")
    monkeypatch.setenv("ATOUT_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8")
    return importlib.reload(importlib.import_module("club.settings.prod"))


def test_production_sends_a_strict_content_security_policy(prod_settings, settings, client):
    settings.CONTENT_SECURITY_POLICY = prod_settings.CONTENT_SECURITY_POLICY
    policy = client.get(reverse("login"))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in policy


def test_production_language_cookie_and_trusted_proxies(prod_settings, settings, client):
    assert prod_settings.LANGUAGE_COOKIE_SECURE is True
    assert prod_settings.LANGUAGE_COOKIE_SAMESITE == "Lax"
    assert prod_settings.TRUSTED_PROXIES == ["127.0.0.1", "10.0.0.0/8"]
    settings.LANGUAGE_COOKIE_SECURE = prod_settings.LANGUAGE_COOKIE_SECURE
    settings.LANGUAGE_COOKIE_SAMESITE = prod_settings.LANGUAGE_COOKIE_SAMESITE
    response = client.get(reverse("switch_language", args=["en"]), {"next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie["secure"] is True and cookie["samesite"] == "Lax"


def test_no_page_has_inline_script_handlers_or_styles(
    client, scorekeeper_user, committee_user, played_tournament, make_tournament
):
    round_ = played_tournament.round_set.order_by("number").first()
    table = round_.tables.first()
    whist_round = drawing.draw_round(
        make_tournament("whist", players=4, rounds=1, name="Whist csp"), seed=1
    )
    public = [
        reverse("club_home", args=[played_tournament.club.slug]),
        reverse("login"),
        reverse("tournament_list"),
        reverse("tournament_standings", args=[played_tournament.pk]),
        reverse("tournament_rounds", args=[played_tournament.pk]),
        reverse("table_detail", args=[table.pk]),
    ]
    staff = [
        reverse("staff_tournaments"),
        reverse("staff_registration", args=[played_tournament.pk]),
        reverse("staff_round", args=[round_.pk]),
        reverse("staff_sheet", args=[table.pk]),
        reverse("staff_clock", args=[whist_round.pk]),  # clock games only
        reverse("player_import", args=[played_tournament.club.slug]),
        reverse("admin:index"),
        reverse("admin:club_player_changelist"),
    ]
    committee_user.groups.add(*scorekeeper_user.groups.all())
    committee_user.is_staff = committee_user.is_superuser = True  # the admin too
    committee_user.save()
    for url in public:
        assert "Content-Security-Policy" in client.get(url, follow=True), url
    client.force_login(committee_user)
    for url in public + staff:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert not INLINE_SCRIPT.findall(page), url
        assert not EVENT_HANDLER.findall(page), url
        assert not INLINE_STYLE.findall(page), url
        assert "Content-Security-Policy" in response, url
