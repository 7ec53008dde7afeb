"""A club classification in an open tournament (issue 24 §2), through the pages a club uses:
the committee fills its list of clubs and sets « best N » on the tournament, the scorekeeper
gives each entry its club on the registration page; the staff and public standings show
« Classement des clubs » and the Excel file has its sheet."""

import io
import re
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext
from form_data import form_data
from helpers import fr
from openpyxl import load_workbook

from club.models import Club, RepresentedClub
from tournaments.models import Entry
from tournaments.selectors.classification import tournament_standings


def _set_best(client, tournament, best):
    url = reverse("staff_tournament_edit", args=[tournament.pk])
    data = form_data(client.get(url).context["form"])
    data["club_ranking_best"] = str(best)
    return client.post(url, data)


def _set_club(client, entry, represented):
    url = reverse("staff_registration", args=[entry.tournament_id])
    value = "" if represented is None else str(represented.pk)
    return client.post(
        url, {"action": "represented_club", "entry": entry.pk, "represented_club": value}
    )


@pytest.fixture
def open_tournament(committee_client, club, played_tournament):
    """The played Double King tournament (8 players), « best 2 » per club, three clubs:
    Namur 3 players, Ciney 3, Gesves 1 (short of 2), one player without a club."""
    for name in ("Whist Club Namur", "Cercle Ciney", "Gesves"):
        url = reverse("club_represented_clubs", args=[club.slug])
        assert committee_client.post(url, {"action": "add", "name": name}).status_code == 302
    assert _set_best(committee_client, played_tournament, 2).status_code == 302
    clubs = {c.name: c for c in RepresentedClub.objects.filter(club=club)}
    entries = list(played_tournament.entries.order_by("player__sort_key"))
    plan = ["Whist Club Namur"] * 3 + ["Cercle Ciney"] * 3 + ["Gesves"]
    for entry, name in zip(entries, plan, strict=False):
        assert _set_club(committee_client, entry, clubs[name]).status_code == 302
    played_tournament.refresh_from_db()
    return played_tournament


def _expected(tournament, best=2):
    """What a reader of the standings table computes: each club's best two place points."""
    rows = {row.entry_id: row.place_points for row in tournament_standings(tournament)}
    by_club: dict[str, list[Fraction]] = {}
    for entry in Entry.objects.filter(tournament=tournament, represented_club__isnull=False):
        by_club.setdefault(entry.represented_club.name, []).append(rows[entry.pk])
    return {
        name: sum(sorted(points, reverse=True)[:best], Fraction(0))
        for name, points in by_club.items()
    }


def _club_section(html: str) -> str:
    match = re.search(r'<section id="club-classification".*?</section>', html, re.S)
    assert match, "no club classification on the page"
    return match.group(0)


def _points(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):.2f}".replace(".", ",")


def test_the_standings_rank_the_clubs_by_their_best_players(
    committee_client, client, open_tournament
):
    expected = _expected(open_tournament)
    complete = sorted((name for name in expected if name != "Gesves"), key=lambda n: -expected[n])
    for url in (
        reverse("staff_standings", args=[open_tournament.pk]),
        reverse("tournament_standings", args=[open_tournament.pk]),
    ):
        section = _club_section(committee_client.get(url).content.decode())
        assert fr("Club classification") in section
        order = [section.index(name) for name in [*complete, "Gesves"]]
        assert order == sorted(order), "the clubs in the order of their sums, Gesves last"
        for name, total in expected.items():
            assert re.search(
                rf"{re.escape(name)}.*?<td class=\"num\">{re.escape(_points(total))}</td>",
                section,
                re.S,
            ), name
        with translation.override("fr"):
            short = ngettext("%(counter)s player only", "%(counter)s players only", 1)
        assert short % {"counter": 1} in section


def test_the_excel_file_has_a_club_classification_sheet(committee_client, open_tournament):
    response = committee_client.get(reverse("tournament_xlsx", args=[open_tournament.pk]))
    book = load_workbook(io.BytesIO(response.content))
    assert fr("Club classification") in book.sheetnames
    sheet = book[fr("Club classification")]
    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=3)]
    expected = _expected(open_tournament)
    assert {row[1]: row[2] for row in rows} == {
        name: pytest.approx(float(total)) for name, total in expected.items()
    }
    assert rows[-1][1] == "Gesves" and rows[-1][4]


def test_a_club_changed_shows_at_once_on_the_public_page(client, committee_client, open_tournament):
    url = reverse("tournament_standings", args=[open_tournament.pk])
    assert "Gesves" in _club_section(client.get(url).content.decode())
    gesves = Entry.objects.get(tournament=open_tournament, represented_club__name="Gesves")
    assert _set_club(committee_client, gesves, None).status_code == 302
    assert "Gesves" not in _club_section(client.get(url).content.decode())


def test_another_organiser_s_club_is_refused_on_the_line(committee_client, open_tournament):
    other = Club.objects.create(name="Cercle Voisin", slug="voisin")
    theirs = RepresentedClub.objects.create(club=other, name="Intrus")
    entry = Entry.objects.filter(tournament=open_tournament, represented_club__isnull=True).get()
    response = _set_club(committee_client, entry, theirs)
    assert response.status_code == 400
    html = response.content.decode()
    assert fr("Choose a club from the organiser’s list.") in html
    assert f'id="club-error-{entry.pk}"' in html
    entry.refresh_from_db()
    assert entry.represented_club is None


def test_an_entry_of_another_tournament_is_not_found(
    committee_client, open_tournament, make_tournament
):
    other = make_tournament("whist", players=4, rounds=1, name="Autre soirée")
    namur = RepresentedClub.objects.get(name="Whist Club Namur")
    entry = other.entries.first()
    url = reverse("staff_registration", args=[open_tournament.pk])
    response = committee_client.post(
        url, {"action": "represented_club", "entry": entry.pk, "represented_club": namur.pk}
    )
    assert response.status_code == 404
    entry.refresh_from_db()
    assert entry.represented_club is None


def test_without_the_setting_no_club_classification(committee_client, played_tournament):
    html = committee_client.get(
        reverse("staff_standings", args=[played_tournament.pk])
    ).content.decode()
    assert 'id="club-classification"' not in html
    registration = committee_client.get(
        reverse("staff_registration", args=[played_tournament.pk])
    ).content.decode()
    assert 'name="represented_club"' not in registration
