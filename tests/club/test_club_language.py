"""A club's language (issue 28): a Flemish club's public pages, hall screen, phones, sheets and
exports are in Dutch for whoever chose no language; a visitor's choice (the switch's cookie)
wins; staff pages follow the user's choice, else their club's; Belgian-Dutch formats.

The Dutch catalogue is being filled: the Dutch words asserted here are read from it
(``helpers.nl``), or come from Django's own Dutch (months, days) and the formats."""

import datetime
import io
import random
import subprocess
from decimal import Decimal

import pytest
from django import forms
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import formats, translation
from django.utils.html import escape
from helpers import nl, table_phone, tournament_pages
from openpyxl import load_workbook

from club.formatting import money, ordinal
from club.models import Club, Player, Season
from scoring import GAMES
from tournaments.models import Tournament
from tournaments.printing.exports import queue_pdf_export
from tournaments.printing.models import PdfExport
from tournaments.sample_sheets import whist_pool
from tournaments.services import deal_entry, drawing, registration
from tournaments.tableside import hall_screen, table_entry
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db

ALLEEN_ZES = "Alleen zes"  # the Flemish club's own name for « Solo 6 »
DATE = datetime.date(2026, 11, 26)


def flemish_rules() -> dict:
    rules = GAMES["whist"].default_rules()
    for row in rules["contracts"]:
        if row["code"] == "solo_6":
            row["name_nl"] = ALLEEN_ZES
    return rules


@pytest.fixture
def flemish(club, make_tournament):
    """The ``club`` fixture made Flemish, with its whist ruleset naming « Solo 6 » in Dutch
    and a whist tournament of one table, 11 deals of its pool played (« Alleen zes » first),
    the last one still to enter. Returns the tournament and its table."""
    Club.objects.filter(pk=club.pk).update(language="nl")
    tournament = make_tournament("whist", players=4, rounds=1, rules=flemish_rules(), date=DATE)
    round_ = drawing.draw_round(tournament, seed=3)
    table = round_.tables.get()
    first = table.seats.get(first_dealer=True).position
    records = whist_pool(first, random.Random(5), 11, 4)
    records[0] = {
        "contract": "solo_6",
        "dealer": records[0]["dealer"],
        "declarers": [(records[0]["dealer"] + 1) % 4],
        "tricks": 7,
    }
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    tournament.refresh_from_db()
    table.refresh_from_db()
    return tournament, table


@pytest.fixture
def french_tournament(db):
    """Another club, in French (the default), with a published tournament."""
    other = Club.objects.create(name="Cercle français", slug="cercle-francais")
    season = Season.objects.create(
        club=other, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    tournament = Tournament.objects.create(
        club=other,
        season=season,
        game="whist",
        name="Whist d'hiver",
        date=DATE,
        rounds=1,
        published=True,
    )
    for number in range(4):
        player = Player.objects.create(first_name=f"Fr{number}", last_name="Dupont")
        player.clubs.add(other)
        registration.register_player(tournament, player=player)
    return tournament


def language_of(response) -> tuple[str, str]:
    """(Content-Language, the page's <html lang>)."""
    html = response.content.decode()
    start = html.index('<html lang="') + len('<html lang="')
    return response["Content-Language"], html[start : html.index('"', start)]


def with_cookie(code: str) -> Client:
    visitor = Client()
    visitor.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    return visitor


def public_urls(tournament, table) -> dict[str, str]:
    entry = tournament.entries.order_by("pk").first()
    return {
        **tournament_pages(tournament, entry, table),
        "club": reverse("club_home", args=[tournament.club.slug]),
        "privacy": reverse("club_privacy", args=[tournament.club.slug]),
        "phone": table_entry.link_path(table_entry.issue_link(table, user=None)),
        "hall clock": reverse("hall_clock", args=[hall_screen.hall_link_renew(tournament)]),
    }


def test_a_flemish_clubs_public_pages_are_in_dutch_without_a_cookie(flemish):
    tournament, table = flemish
    urls = public_urls(tournament, table)
    visitor = Client()
    for name, url in urls.items():
        response = visitor.get(url)
        assert response.status_code == 200, name
        assert language_of(response) == ("nl", "nl"), name
    # The hall screen's words are Dutch.
    screen = visitor.get(urls["hall screen"]).content.decode()
    assert nl("Standings") in screen
    # A phone that took its seat: the next deal's form offers the club's own contracts.
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    phone = table_phone(link, table.seats.order_by("position").first().entry_id)
    page = phone.get(urls["phone"])
    assert language_of(page) == ("nl", "nl") and ALLEEN_ZES in page.content.decode()
    # and its list of the deals played names the first one as the club does: « Alleen zes: … ».
    assert f"{ALLEEN_ZES}:" in page.content.decode()
    # A visitor who chose French keeps French there.
    french = with_cookie("fr")
    for name, url in urls.items():
        assert language_of(french.get(url)) == ("fr", "fr"), name
    english = with_cookie("en")
    assert language_of(english.get(urls["hall screen"])) == ("en", "en")


def test_a_french_club_stays_french_and_pages_of_no_club_keep_the_default(
    flemish, french_tournament
):
    visitor = Client()
    tournament, _table = flemish
    assert (
        language_of(visitor.get(reverse("tournament_standings", args=[tournament.pk])))[0] == "nl"
    )
    french = visitor.get(reverse("tournament_standings", args=[french_tournament.pk]))
    assert language_of(french) == ("fr", "fr")
    # Right after a Dutch page, in the same thread: the home page and the list of every
    # tournament are the site's default.
    visitor.get(reverse("tournament_display", args=[tournament.pk]))
    assert language_of(visitor.get(reverse("tournament_list"))) == ("fr", "fr")
    visitor.get(reverse("tournament_display", args=[tournament.pk]))
    assert visitor.get(reverse("home"))["Content-Language"] == "fr"
    # A cookie of a language the site does not have is no choice: the club's.
    odd = with_cookie("xx")
    assert language_of(odd.get(reverse("tournament_standings", args=[tournament.pk])))[0] == "nl"


def test_cached_pages_and_etags_never_cross_languages(flemish, french_tournament):
    tournament, _table = flemish
    url = reverse("tournament_standings", args=[tournament.pk])
    dutch = Client().get(url)
    french = with_cookie("fr").get(url)
    assert dutch["ETag"] != french["ETag"]
    # Each served again from the cache, each in its own language.
    assert language_of(Client().get(url)) == ("nl", "nl")
    assert language_of(with_cookie("fr").get(url)) == ("fr", "fr")
    assert Client().get(url).content == dutch.content
    # The Dutch page's ETag is not the French visitor's copy: he gets his page, not a 304.
    again = with_cookie("fr").get(url, HTTP_IF_NONE_MATCH=dutch["ETag"])
    assert again.status_code == 200 and language_of(again) == ("fr", "fr")
    assert Client().get(url, HTTP_IF_NONE_MATCH=dutch["ETag"]).status_code == 304
    # The French club's page beside it: French, its own ETag.
    other = Client().get(reverse("tournament_standings", args=[french_tournament.pk]))
    assert language_of(other) == ("fr", "fr") and other["ETag"] not in (dutch["ETag"],)
    # The committee makes the club French: the next visit is French (a new key).
    Club.objects.filter(pk=tournament.club_id).update(language="fr")
    assert language_of(Client().get(url)) == ("fr", "fr")


def test_staff_pages_follow_the_users_choice_else_their_clubs(
    flemish, committee_user, scorekeeper_user
):
    tournament, table = flemish
    round_ = table.round
    staff = Client()
    staff.force_login(scorekeeper_user)
    club_pages = [
        reverse("staff_tournament", args=[tournament.pk]),
        reverse("staff_round", args=[round_.pk]),
        reverse("staff_sheet", args=[table.pk]),
        reverse("staff_standings", args=[tournament.pk]),
    ]
    for url in club_pages:
        assert language_of(staff.get(url)) == ("nl", "nl"), url
    # A page of no one club: the site's default.
    assert language_of(staff.get(reverse("staff_tournaments"))) == ("fr", "fr")
    # The club desk, for the committee.
    committee = Client()
    committee.force_login(committee_user)
    assert language_of(committee.get(reverse("club_desk", args=[tournament.club.slug])))[0] == "nl"
    assert 'id="documents-language"' not in staff.get(club_pages[1]).content.decode()
    # A user who chose French keeps it on his club's pages; the round's page says the sheets
    # it prints are in the club's language.
    staff.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    for url in club_pages:
        assert language_of(staff.get(url)) == ("fr", "fr"), url
    note = "dans la langue du club (Nederlands)"
    assert note in staff.get(club_pages[1]).content.decode()


def test_the_committee_chooses_the_clubs_language(committee_client, scorekeeper_user, club):
    url = reverse("club_settings", args=[club.slug])
    page = committee_client.get(url).content.decode()
    assert "Langue du club" in page and "Nederlands" in page and "français" in page
    assert club.language == "fr"  # the site's default

    saved = committee_client.post(url, {"name_order": club.name_order, "language": "nl"})
    assert saved.status_code == 302
    club.refresh_from_db()
    assert club.language == "nl"

    refused = committee_client.post(url, {"name_order": club.name_order, "language": "klingon"})
    assert refused.status_code == 400
    # The club's page is now in the club's language (the committee member chose none).
    assert escape(nl("Language: choose one of the site's languages.")) in refused.content.decode()
    empty = committee_client.post(url, {"name_order": club.name_order})
    assert empty.status_code == 400
    assert (
        escape(nl("Language: choose the language of the club's pages.")) in empty.content.decode()
    )
    club.refresh_from_db()
    assert club.language == "nl"  # nothing changed by the refused forms

    scorekeeper = Client()
    scorekeeper.force_login(scorekeeper_user)
    assert (
        scorekeeper.post(url, {"name_order": club.name_order, "language": "fr"}).status_code == 403
    )
    club.refresh_from_db()
    assert club.language == "nl"


def pdf_text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


def test_a_flemish_clubs_sheets_and_workbook_are_dutch_whoever_asks(flemish, scorekeeper_user):
    tournament, table = flemish
    # A scorekeeper who browses in French still prints Dutch sheets: they go on the tables.
    staff = with_cookie("fr")
    staff.force_login(scorekeeper_user)
    filled = staff.get(reverse("tournament_filled_pdf", args=[tournament.pk]))
    assert filled["Content-Type"] == "application/pdf" and filled["Content-Language"] == "nl"
    text = pdf_text(filled.content)
    assert ALLEEN_ZES in text  # the club's own name of its contract
    assert "donderdag 26 november 2026" in text  # Django's Dutch days and months
    for word in ("Contract", "Declarers", "Tricks", "Signature"):
        assert nl(word) in text, word
    assert nl("Pool %(r)s, table %(n)s", r=1, n=1) in " ".join(text.split())
    blank = pdf_text(staff.get(reverse("round_sheets_pdf", args=[table.round_id])).content)
    assert "donderdag 26 november 2026" in blank and "jeudi" not in blank

    response = staff.get(reverse("tournament_xlsx", args=[tournament.pk]))
    assert response["Content-Language"] == "nl"
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames[0] == nl("Standings")
    assert nl("Deals") in workbook.sheetnames
    deals = workbook[nl("Deals")]
    rows = [[cell for cell in row] for row in deals.values]
    header = next(row for row in rows if nl("Contract") in row)
    assert header[:4] == [nl("pool").capitalize(), nl("Table"), nl("Deal"), nl("Contract")]
    assert next(row[:4] for row in rows if row[2] == 1) == [1, 1, 1, ALLEEN_ZES]


def test_a_players_data_export_is_in_his_clubs_language(flemish, committee_user):
    tournament, _table = flemish
    player = tournament.entries.order_by("pk").first().player
    committee = with_cookie("fr")
    committee.force_login(committee_user)
    url = reverse("player_data_xlsx", args=[tournament.club.slug, player.pk])
    response = committee.get(url)
    assert response.status_code == 200 and response["Content-Language"] == "nl"
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames[:3] == [nl("About this file"), nl("Player"), nl("Memberships")]


def test_a_french_clubs_workbook_names_the_contract_in_french(client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=1, rules=flemish_rules())
    table = drawing.draw_round(tournament, seed=3).tables.get()
    first = table.seats.get(first_dealer=True).position
    records = whist_pool(first, random.Random(5), 2, 4)
    records[0] = {
        "contract": "solo_6",
        "dealer": records[0]["dealer"],
        "declarers": [0],
        "tricks": 6,
    }
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    workbook = load_workbook(
        io.BytesIO(client.get(reverse("tournament_xlsx", args=[tournament.pk])).content)
    )
    cells = [cell for row in workbook["Donnes"].values for cell in row]
    assert "Solo 6" in cells and ALLEEN_ZES not in cells


def test_queued_sheets_carry_the_clubs_language(flemish, scorekeeper_user):
    tournament, _table = flemish
    with translation.override("fr"):
        export = queue_pdf_export(
            tournament, kind=PdfExport.Kind.FILLED_SHEETS, round_=None, user=scorekeeper_user
        )
    assert export.language == "nl"


def test_belgian_dutch_formats():
    with translation.override("nl"):
        assert formats.date_format(DATE, "SHORT_DATE_FORMAT") == "26/11/2026"
        assert formats.date_format(DATE) == "26 november 2026"
        moment = datetime.datetime(2026, 11, 26, 20, 15)
        assert formats.date_format(moment, "SHORT_DATETIME_FORMAT") == "26/11/2026 20:15"
        assert formats.time_format(moment) == "20:15"
        assert formats.number_format(Decimal("1234.5"), 2) == "1234,50"
        assert formats.number_format(Decimal("1234.5"), 2, force_grouping=True) == "1.234,50"
        assert formats.get_format("FIRST_DAY_OF_WEEK") == 1
        # What Belgium writes like the Netherlands is still Django's Dutch.
        assert "%H.%M" in formats.get_format("TIME_INPUT_FORMATS")
        assert formats.get_format("DATE_INPUT_FORMATS")[0] == "%d/%m/%Y"
        assert money(Decimal("12.5")) == "€\u00a012,50"
        assert [ordinal(1), ordinal(2), ordinal(3), ordinal(21)] == ["1e", "2e", "3e", "21e"]
    with translation.override("fr"):
        assert formats.date_format(DATE, "SHORT_DATE_FORMAT") == "26/11/2026"
        assert money(Decimal("12.5")) == "12,50\u00a0€"
        assert [ordinal(1), ordinal(2)] == ["1er", "2e"]
    with translation.override("en"):
        assert [ordinal(1), ordinal(2), ordinal(3), ordinal(11)] == ["1st", "2nd", "3rd", "11th"]
    with translation.override("de"):  # a language without its own ordinals: the number
        assert ordinal(3) == "3"


def test_a_dutch_date_typed_the_belgian_way_is_read():
    class DateForm(forms.Form):
        day = forms.DateField()

    with translation.override("nl"):
        form = DateForm({"day": "26/11/2026"})
        assert form.is_valid() and form.cleaned_data["day"] == DATE
        assert not DateForm({"day": "11/26/2026"}).is_valid()


def test_the_demo_has_a_flemish_club_in_dutch(demo_db, client):
    club = Club.objects.get(slug="de-kaartvrienden")
    assert club.language == "nl"
    tournament = Tournament.objects.get(club=club, name="Whistavond De Kaartvrienden")
    assert tournament.published
    names = {row["code"]: row.get("name_nl") for row in tournament.rules["contracts"]}
    assert names["solo_6"] == ALLEEN_ZES
    link = TableLink.objects.filter(
        table__round__tournament=tournament, revoked_at__isnull=True
    ).first()
    urls = [
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_display", args=[tournament.pk]),
        table_entry.link_path(link),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert language_of(response) == ("nl", "nl"), url
    # The other demo club stays French.
    chevalerie = Tournament.objects.filter(club__slug="la-chevalerie").first()
    page = client.get(reverse("tournament_standings", args=[chevalerie.pk]))
    assert language_of(page) == ("fr", "fr")
    call_command("demo")  # twice: nothing new (its evening in progress, two evenings played)
    assert Tournament.objects.filter(club=club).count() == 3


def test_a_flemish_clubs_fees_are_written_the_belgian_way(committee_client, make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(entry_fee="7")
    Club.objects.filter(pk=tournament.club_id).update(language="nl")
    page = committee_client.get(reverse("staff_money", args=[tournament.season_id]))
    assert page["Content-Language"] == "nl"
    assert "€\u00a07,00" in page.content.decode() and "7,00\u00a0€" not in page.content.decode()
    Club.objects.filter(pk=tournament.club_id).update(language="fr")
    page = committee_client.get(reverse("staff_money", args=[tournament.season_id]))
    assert "7,00\u00a0€" in page.content.decode()
