"""The federation's pages of its clubs hosted elsewhere (issue 35 §5) in the browser: the list
with its form, the upload, and the preview of a newer version (places before → after, sheets,
players by licence), at 390×844 and 1280×800: axe finds nothing, nothing scrolls sideways."""

import datetime
import os
import random

import pytest
from browser_pages import close_page, new_page
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.contrib.auth.models import User
from django.urls import reverse
from page_checks import axe_violations

from tournaments.federation import services
from tournaments.federation.models import FederationSeason
from tournaments.models import Table
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry
from tournaments.travel.hosted import add_hosted_club, take_results
from tournaments.travel.services.document import public_hex, seal
from tournaments.travel.services.export import tournament_payload

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS", "")


@pytest.fixture
def newer_bundle(played_tournament, club, tmp_path):
    """A hosted club with its first bundle taken, and its newer bundle in a file."""
    key = Ed25519PrivateKey.generate()
    first = seal(tournament_payload(played_tournament), key)
    table = Table.objects.filter(round__tournament=played_tournament, round__number=2).first()
    dealer = table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(
        table, records=double_king_round(dealer, random.Random(99)), version=1, user=None
    )
    second = seal(tournament_payload(played_tournament), key)
    played_tournament.round_set.all().delete()
    played_tournament.delete()
    club.delete()
    federation = services.create_federation(
        name="Fédération wallonne", slug="ffw", games=["double_king"], language="fr"
    )
    FederationSeason.objects.create(
        federation=federation,
        name="2025-2026",
        starts_on=datetime.date(2025, 9, 1),
        ends_on=datetime.date(2026, 8, 31),
    )
    user = User.objects.create_user("federation", password="secret-pass-123")
    services.grant_committee(federation=federation, user=user)
    hosted = add_hosted_club(
        federation=federation,
        name="Cercle de Test",
        public_key=public_hex(key),
        site_label="atout.cercle-de-test.be",
    )
    take_results(first, hosted=hosted)
    path = tmp_path / "tournoi.json.gz"
    path.write_bytes(second)
    return hosted, path


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_hosted_clubs_pages_pass_axe_and_fit(browser, live_server, log_in, newer_bundle, size):
    hosted, path = newer_bundle
    page = new_page(browser, width=size[0], height=size[1])
    log_in(page, "federation")
    found = {}

    def check(name: str) -> None:
        problems = axe_violations(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > size[0]:
            problems.append(f"scrolls sideways: {width}px")
        if problems:
            found[name] = problems
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{name}-{size[0]}.png", full_page=True)

    for name, url in (
        ("desk", reverse("federation_desk", args=["ffw"])),
        ("hosted_clubs", reverse("hosted_clubs", args=["ffw"])),
        ("hosted_import", reverse("hosted_import", args=["ffw", hosted.pk])),
    ):
        assert page.goto(live_server.url + url).status == 200
        check(name)
    page.set_input_files("#id_file", str(path))
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert page.locator("#hosted-places").count() == 1
    check("hosted_preview")
    # The form's errors, in French on the field.
    page.goto(live_server.url + reverse("hosted_clubs", args=["ffw"]))
    page.fill("#id_name", "Club lointain")
    page.fill("#id_site_label", "ailleurs.example")
    page.fill("#id_public_key", "abc")
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert "64 chiffres hexadécimaux" in page.inner_text(".field.has-error")
    check("hosted_clubs_error")
    close_page(page)
    assert found == {}
