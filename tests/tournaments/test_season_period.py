"""The season side of issue 24 §2: place points a tournament added to the total counted by
the season, a ranking over a period (a month, a date range), an attendance threshold."""

import datetime
import re
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from form_data import rules_page_data, rules_url
from helpers import fr, post_deals
from openpyxl import load_workbook

from club.models import Club, Player, Season
from club.roles import BUREAU, grant_role
from tournaments.models import Tournament
from tournaments.services import deal_entry, drawing, registration, round_clock

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- helpers


def save_rules(client, club, game="whist", **changes):
    """The club's rules page posted back as a browser does, with ``changes``."""
    data = rules_page_data(client, club, game, **changes)
    response = client.post(rules_url(club, game), data)
    assert response.status_code == 302, response.context["form"].errors


def whist_deal(table, contract, declarers, tricks):
    table.refresh_from_db()
    return {
        "version": str(table.version),
        "contract": contract,
        "against": "",
        "renege": "",
        "action": "save",
        "number": str(table.deals.count() + 1),
        "tricks": str(tricks),
        **{f"d{i}": str(seat) for i, seat in enumerate(declarers, start=1)},
    }


def archive_evening(client, club, season, day, points, places=None):
    """An archived evening typed on its page: ``points`` (and ``places``) by player."""
    data = {"season": season.pk, "game": "whist", "rounds": 1, "date": day.isoformat()}
    for player, value in points.items():
        data[f"points_{player.pk}"] = value
    for player, value in (places or {}).items():
        data[f"place_{player.pk}"] = value
    response = client.post(reverse("staff_archive_evening", args=[club.slug]), data)
    assert response.status_code == 302, response.context and response.context["form"].errors
    assert response.url == reverse("season_standings", args=[season.pk])


ROW = re.compile(
    r'<tr class="[^"]*"><td class="num">(\d+)</td><td><a href="[^"]+">([^<]+)</a>'
    r'(?:<details class="row-detail">.*?</details>)?</td>'
    r'<td class="num[^"]*">(\d+)</td><td class="num[^"]*">([^<]+)</td>'
)


def ranking_rows(html: str) -> list[tuple[int, str, int, str]]:
    """A ranking table's rows as a reader sees them: (rank, player, evenings, points)."""
    return [(int(r), name, int(n), points) for r, name, n, points in ROW.findall(html)]


def period_part(html: str) -> str:
    """The page's period ranking (before the whole season's)."""
    start = html.index('id="period-ranking"')
    return html[start : html.index(fr("The whole season"), start)]


def season_part(html: str) -> str:
    start = html.index(fr("The whole season")) if fr("The whole season") in html else 0
    return html[start:]


def workbook(client, season, query=""):
    response = client.get(reverse("season_xlsx", args=[season.pk]) + query)
    assert response.status_code == 200
    return load_workbook(BytesIO(response.content))


def sheet_rows(sheet):
    """The sheet's header row and data rows (the first row is its title)."""
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    header = next(i for i, row in enumerate(rows) if row and row[0] == "Rang")
    data = [row for row in rows[header + 1 :] if isinstance(row[0], int)]
    return rows[header], data


@pytest.fixture
def four(club):
    names = [("Anne", "Dubois"), ("Luc", "Maes"), ("Marc", "Peeters"), ("Eva", "Claes")]
    players = [Player.objects.create(first_name=f, last_name=n) for f, n in names]
    club.players.add(*players)
    return players


# --------------------------------------------------------------------------- place points added


def test_place_points_added_count_in_the_season_ranking_excel_and_players_page(
    client, committee_user, scorekeeper_user, make_tournament, season
):
    """FreeWhist: 90/60/30/0 per table place, added to the points. Table 1's first has 72
    points and counts 162 in the season too; an evening played under the club's later rules
    (place points for the tie-break only) counts its points alone."""
    tournament = make_tournament("whist", players=8, rounds=1, date=datetime.date(2026, 3, 3))
    club = tournament.club
    client.force_login(committee_user)
    save_rules(
        client,
        club,
        setting__place_points_use="added",
        table__place_points__4="90, 60, 30, 0",
        setting__deals_per_pool=2,
    )
    client.force_login(scorekeeper_user)
    assert client.post(reverse("staff_draw", args=[tournament.pk])).status_code == 302
    round_1 = tournament.round_set.get()
    first, second = round_1.tables.order_by("number")
    client.post(reverse("staff_round", args=[round_1.pk]), {"action": "start"})
    deals = [
        (first, "emballage_13", [0, 2], 13),  # seats 0 and 2: +30
        (first, "abondance_11", [0], 11),  # seat 0: +42 → 72; seat 2: 16; 1 and 3: -44
        (second, "emballage_8", [0, 2], 8),  # +2
        (second, "emballage_8", [0, 1], 8),  # seat 0: 4; seats 1, 2: 0; seat 3: -4
    ]
    for table, contract, declarers, tricks in deals:
        assert (
            post_deals(client, table, whist_deal(table, contract, declarers, tricks)).status_code
            == 302
        )
    top = first.seats.get(position=0).entry.player
    leader = second.seats.get(position=0).entry.player  # 4 + 90 = 94
    runner_up = first.seats.get(position=2).entry.player  # 16 + 60 = 76
    tied = second.seats.get(position=1).entry.player  # 0 + (60 + 30) / 2 = 45

    page = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    assert fr("Total with place points") in page
    rows = ranking_rows(season_part(page))
    by_name = {name: (rank, points) for rank, name, _n, points in rows}
    assert by_name[top.full_name] == (1, "162")
    assert by_name[leader.full_name] == (2, "94")
    assert by_name[runner_up.full_name] == (3, "76")  # the total ranks, not the points (16 > 4)
    assert by_name[tied.full_name][1] == "45"

    # A second evening under the club's new rules: place points break ties only.
    client.force_login(committee_user)
    save_rules(client, club, setting__place_points_use="tiebreak", setting__deals_per_pool=1)
    evening = make_tournament(
        "whist", players=0, rounds=1, name="Whist 10", date=datetime.date(2026, 3, 10)
    )
    for player in Player.objects.filter(entries__tournament=tournament):
        registration.register_player(evening, player=player)
    round_2 = drawing.draw_round(evening, seed=3)
    for table in round_2.tables.all():
        dealer = table.seats.get(first_dealer=True).position
        record = {"contract": "solo_6", "declarers": [0], "tricks": 6, "dealer": dealer}
        deal_entry.save_sheet(table, records=[record], version=table.version, user=None)
    round_clock.close_round(round_2)
    second_points = {
        seat.entry.player_id: seat.score
        for seat in evening.round_set.get().seats.select_related("entry")
    }
    page = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    by_name = {name: points for _r, name, _n, points in ranking_rows(season_part(page))}
    assert by_name[top.full_name] == str(162 + second_points[top.pk])
    assert by_name[leader.full_name] == str(94 + second_points[leader.pk])

    sheet = workbook(client, season).worksheets[0]
    header, data = sheet_rows(sheet)
    assert header[3] == fr("Total with place points")
    excel = {row[1]: row for row in data}
    assert excel[top.full_name][3] == 162 + second_points[top.pk]
    column = header.index("03/03 " + fr("points"))
    assert excel[top.full_name][column] == 162 and excel[tied.full_name][column] == 45

    own = client.get(reverse("season_player", args=[season.pk, top.pk])).content.decode()
    assert fr("Total with place points") in own and ">162<" in own


def test_an_archived_evening_under_rules_that_add_place_points_counts_them(
    committee_client, club, season, four
):
    dubois, maes, *_others = four
    save_rules(
        committee_client,
        club,
        setting__place_points_use="added",
        table__place_points__4="90, 60, 30, 0",
    )
    archive_evening(
        committee_client,
        club,
        season,
        datetime.date(2026, 2, 2),
        {dubois: "10", maes: "30"},
        {dubois: "90", maes: "60"},
    )
    page = committee_client.get(reverse("season_standings", args=[season.pk])).content.decode()
    rows = ranking_rows(page)
    assert [(rank, name, points) for rank, name, _n, points in rows] == [
        (1, "Anne Dubois", "100"),
        (2, "Luc Maes", "90"),
    ]


def test_double_place_points_added_count_in_the_season_standings(
    client, committee_user, scorekeeper_user, make_tournament, season
):
    tournament = make_tournament("double", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    save_rules(client, club, "double", setting__place_points_use="added", list__manches="1")
    table = drawing.draw_round(tournament, seed=2).tables.get()
    client.force_login(scorekeeper_user)
    data = {"version": str(table.version), "action": "save", "number": "1"}
    for seat in range(4):  # seat 0 bids the card and takes it: 21 tokens + 16 = 37
        data.update({f"b{seat}": str(int(seat == 0)), f"t{seat}": str(int(seat == 0))})
    assert post_deals(client, table, data).status_code == 302
    winner = table.seats.get(position=0).entry.player

    response = client.get(reverse("season_standings", args=[season.pk]))
    ranking = response.context["tables"][0]["table"]
    first = ranking["rows"][0]
    assert first.name == winner.full_name
    headings = [str(column.heading) for column in ranking["columns"]]
    # The cells follow the rank and the name.
    assert first.cells[headings.index(fr("Total with place points")) - 2] == "37"
    assert fr("Total with place points") in response.content.decode()
    header, data_rows = sheet_rows(workbook(client, season).worksheets[0])
    assert fr("Total with place points") in header
    assert data_rows[0][1] == winner.full_name
    assert data_rows[0][header.index(fr("Total with place points"))] == 37


# --------------------------------------------------------------------------- period ranking


@pytest.fixture
def evenings(committee_client, club, season, four):
    """Whist by best 1: January 10 (Dubois 10, Maes 5), January 20 (Dubois -4, Maes 6),
    February 3 (Dubois 1, Maes 50, Peeters 7), all archived."""
    dubois, maes, peeters, _claes = four
    save_rules(committee_client, club, setting__annual_ranking="best_n", setting__annual_best_n=1)
    for day, points in (
        (datetime.date(2026, 1, 10), {dubois: "10", maes: "5"}),
        (datetime.date(2026, 1, 20), {dubois: "-4", maes: "6"}),
        (datetime.date(2026, 2, 3), {dubois: "1", maes: "50", peeters: "7"}),
    ):
        archive_evening(committee_client, club, season, day, points)
    return four


def test_a_month_ranking_sums_its_evenings_and_leaves_the_best_n_rule_to_the_season(
    client, season, evenings
):
    url = reverse("season_standings", args=[season.pk])
    page = client.get(url).content.decode()
    assert '?mois=2026-01#period">janvier 2026</a>' in page
    assert '?mois=2026-02#period">février 2026</a>' in page
    assert "mars 2026" not in page  # no evening in March: no link
    # The season by its best-1 rule: Maes 50, Dubois 10, Peeters 7 (their points: 61, 7, 7).
    assert [(r, n, p) for r, n, _e, p in ranking_rows(page)] == [
        (1, "Luc Maes", "61"),
        (2, "Anne Dubois", "7"),
        (3, "Marc Peeters", "7"),
    ]

    page = client.get(url, {"mois": "2026-01"}).content.decode()
    assert fr("Ranking — %(label)s", label="janvier 2026") in page
    # January: the sum of its two evenings, not the best one (Dubois 10 - 4, Maes 5 + 6).
    assert ranking_rows(period_part(page)) == [(1, "Luc Maes", 2, "11"), (2, "Anne Dubois", 2, "6")]
    assert "Peeters" not in period_part(page)  # he played in February only
    assert 'aria-current="page">janvier 2026' in page
    # The whole season is still shown below, by its own rule.
    assert ranking_rows(season_part(page))[0][1:] == ("Luc Maes", 3, "61")

    book = workbook(client, season, "?mois=2026-01")
    assert book.sheetnames[0].startswith("janvier 2026 — Whist")
    _header, rows = sheet_rows(book.worksheets[0])
    assert [(row[1], row[3]) for row in rows] == [("Luc Maes", 11), ("Anne Dubois", 6)]
    _header, rows = sheet_rows(book.worksheets[1])
    assert [(row[1], row[5]) for row in rows][:2] == [("Luc Maes", 50), ("Anne Dubois", 10)]


def test_a_date_range_counts_its_evenings_and_bad_dates_are_named_on_their_field(
    client, season, evenings
):
    url = reverse("season_standings", args=[season.pk])
    page = client.get(url, {"du": "2026-01-15", "au": "2026-02-10"}).content.decode()
    assert ranking_rows(period_part(page)) == [
        (1, "Luc Maes", 2, "56"),
        (2, "Marc Peeters", 1, "7"),
        (3, "Anne Dubois", 2, "-3"),
    ]
    assert 'value="2026-01-15"' in page and 'value="2026-02-10"' in page

    bad = [
        (
            {"du": "31/02/2026", "au": "2026-02-10"},
            "du",
            fr("The date “From” is not a date (write it as 31/01/2026)."),
        ),
        (
            {"du": "2026-03-01", "au": "2026-02-01"},
            "au",
            fr("The last day of the period is before its first day."),
        ),
        ({"du": "2026-01-15", "au": ""}, "au", fr("Give the last day of the period too.")),
        (
            {"du": "2025-12-01", "au": "2026-01-31"},
            "du",
            fr(
                "The date %(date)s is outside the season (%(start)s – %(end)s).",
                date="01/12/2025",
                start="01/01/2026",
                end="31/12/2026",
            ),
        ),
        ({"mois": "2026-13"}, "mois", fr("Choose a month among the season's links.")),
    ]
    for query, field, message in bad:
        response = client.get(url, query)
        assert response.status_code == 200, query
        assert response.context["period_form"].errors[field] == [message], query
        html = response.content.decode()
        assert message.replace("'", "&#x27;") in html, query
        assert 'id="period-ranking"' not in html  # no period ranking …
        assert ranking_rows(html)[0][1] == "Luc Maes"  # … the season's still shown
    # What was typed is kept in its field.
    html = client.get(url, {"du": "31/02/2026", "au": "2026-02-10"}).content.decode()
    assert 'value="31/02/2026"' in html


# --------------------------------------------------------------------------- attendance


def test_the_committee_sets_an_attendance_threshold_shown_per_player(
    client, committee_user, scorekeeper_user, season, evenings
):
    client.logout()  # the committee recorded the evenings
    url = reverse("season_standings", args=[season.pk])
    setting = reverse("staff_season_attendance", args=[season.pk])
    assert fr("Evenings") not in client.get(url).content.decode()  # no threshold: no column
    assert 'id="attendance"' not in client.get(url).content.decode()  # a visitor: no form

    assert client.post(setting, {"attendance_threshold": "3"}).status_code == 302  # login
    client.force_login(scorekeeper_user)
    assert client.post(setting, {"attendance_threshold": "3"}).status_code == 403
    client.force_login(committee_user)
    page = client.get(url).content.decode()
    assert 'id="attendance"' in page and fr("Evenings for the attendance reward") in page

    for typed, message in (
        ("abc", fr("The number of evenings must be a whole number, from 1 to 366.")),
        ("0", fr("The number of evenings must be a whole number, from 1 to 366.")),
    ):
        response = client.post(setting, {"attendance_threshold": typed})
        assert response.status_code == 400
        assert response.context["threshold_form"].errors["attendance_threshold"] == [message]
        assert f'value="{typed}"' in response.content.decode()
        assert ranking_rows(response.content.decode())  # the page, with its rankings
        season.refresh_from_db()
        assert season.attendance_threshold is None

    response = client.post(setting, {"attendance_threshold": "3"})
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.attendance_threshold == 3

    client.logout()
    page = client.get(url).content.decode()
    assert fr("Evenings") in page
    reached = '3/3 <span class="reached" aria-hidden="true">✓</span><span class="visually-hidden">'
    assert f"{reached}{fr('threshold reached')}</span>" in page
    assert f'1/3<span class="visually-hidden"> {fr("threshold not reached")}</span>' in page
    row = next(r for r in page.split("<tr") if "Marc Peeters" in r)
    assert fr("threshold not reached") in row
    row = next(r for r in page.split("<tr") if "Anne Dubois" in r)
    assert fr("threshold reached") in row and "3/3" in row

    book = workbook(client, season)
    header, rows = sheet_rows(book.worksheets[0])
    assert header[-2:] == [fr("Evenings"), fr("Threshold reached (%(count)d evenings)", count=3)]
    assert {row[1]: row[-2:] for row in rows} == {
        "Luc Maes": [3, fr("yes")],
        "Anne Dubois": [3, fr("yes")],
        "Marc Peeters": [1, fr("no")],
    }

    # Removing it: empty.
    client.force_login(committee_user)
    assert client.post(setting, {"attendance_threshold": ""}).status_code == 302
    season.refresh_from_db()
    assert season.attendance_threshold is None


def test_another_clubs_committee_cannot_set_the_threshold(client, season):
    other = Club.objects.create(name="Autre", slug="autre")
    stranger = User.objects.create_user("autre", password="secret-pass-123")
    grant_role(stranger, other, BUREAU)
    client.force_login(stranger)
    setting = reverse("staff_season_attendance", args=[season.pk])
    assert client.post(setting, {"attendance_threshold": "5"}).status_code == 404
    season.refresh_from_db()
    assert season.attendance_threshold is None
    page = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    assert 'id="attendance"' not in page


# --------------------------------------------------------------------------- queries


def test_the_season_page_queries_do_not_grow_with_the_evenings(
    committee_client, club, season, four, django_assert_max_num_queries
):
    save_rules(committee_client, club)
    Season.objects.filter(pk=season.pk).update(attendance_threshold=2)
    url = reverse("season_standings", args=[season.pk])
    counts = []
    for day in (5, 12, 19, 26):
        archive_evening(
            committee_client,
            club,
            season,
            datetime.date(2026, 1, day),
            {player: str(day * (i + 1)) for i, player in enumerate(four)},
        )
        cache.clear()
        with django_assert_max_num_queries(13) as queries:
            page = Client().get(url, {"mois": "2026-01"})
        assert page.status_code == 200 and 'id="period-ranking"' in page.content.decode()
        counts.append(len(queries))
    assert len(set(counts)) == 1, counts
    assert Tournament.objects.filter(archived=True).count() == 4


def test_the_month_links_and_games_show_only_evenings_with_results(
    client, season, make_tournament, fill_round
):
    """The season page's months are read with its key (one query fewer): a published evening
    without a result yet has no month link; its first result shows it at once."""
    played = make_tournament(players=8, rounds=1, date=datetime.date(2026, 3, 14))
    fill_round(drawing.draw_round(played, seed=1))
    later = make_tournament(players=8, rounds=1, name="En mai", date=datetime.date(2026, 5, 2))
    drawn = drawing.draw_round(later, seed=1)
    url = reverse("season_standings", args=[season.pk])
    html = client.get(url).content.decode()
    assert "?mois=2026-03#period" in html and "?mois=2026-05#period" not in html
    fill_round(drawn)
    html = client.get(url).content.decode()
    assert "?mois=2026-03#period" in html and "?mois=2026-05#period" in html
