"""Archived evenings (issue 24 §3): a club's history entered on a page or imported from a
spreadsheet, counted by the season like the evenings played here, never recomputed."""

import datetime

import pytest
from django.urls import reverse
from helpers import fr
from uploads import csv_file, xlsx_file

from club import names
from club.models import Club, Player
from tournaments.models import Entry, Tournament, TournamentResult
from tournaments.selectors import accounts, annual_rankings
from tournaments.services import (
    deal_entry,
    drawing,
    recompute,
    registration,
    result_store,
    round_clock,
    rulesets,
)

pytestmark = pytest.mark.django_db


def upload(client, club, season, file, game="whist"):
    url = reverse("staff_archive_import", args=[club.slug])
    return client.post(url, {"season": season.pk, "game": game, "rounds": 3, "file": file})


def confirm(client, club, response, create_players=False):
    data = {"token": response.context["confirm_form"]["token"].value()}
    if create_players:
        data["create_players"] = "on"
    return client.post(reverse("staff_archive_import", args=[club.slug]), data)


def play_whist(tournament, tricks):
    """One pool, one deal a table: the seat-0 declarer's solo_6 (6 tricks: made; 5: down)."""
    round_ = drawing.draw_round(tournament, seed=1)
    for table in round_.tables.all():
        first = table.seats.get(first_dealer=True).position
        record = {"contract": "solo_6", "declarers": [0], "tricks": tricks, "dealer": first}
        deal_entry.save_sheet(table, records=[record], version=table.version, user=None)
    round_clock.close_round(round_)


@pytest.fixture
def four(club):
    names = [("Anne", "Dubois"), ("Luc", "Maes"), ("Marc", "Peeters"), ("Eva", "Claes")]
    players = [Player.objects.create(first_name=f, last_name=n) for f, n in names]
    club.players.add(*players)
    Player.objects.filter(pk=players[0].pk).update(licence_number="L-1")
    return players


def test_best_18_season_mixing_played_and_archived_evenings(
    committee_client, club, season, four, make_tournament
):
    rulesets.save_club_rules(
        club, game="whist", rules={"annual_ranking": "best_n", "annual_best_n": 18}
    )
    # Twenty archived evenings in January-February: Dubois scores n on the n-th, Maes -n,
    # Peeters 2n on even evenings only (absent on the odd ones), Claes 0.
    lines = ["Date;Licence;Joueur;Points"]
    archived: dict[str, list[int]] = {"Dubois Anne": [], "Maes Luc": [], "Peeters Marc": []}
    for n in range(1, 21):
        day = (datetime.date(2026, 1, 1) + datetime.timedelta(days=2 * n)).strftime("%d/%m/%Y")
        lines.append(f"{day};L-1;;{n}")  # Dubois by his licence number
        lines.append(f"{day};;MAES Luc;{-n}")
        lines.append(f"{day};;Claes Eva;0")
        archived["Dubois Anne"].append(n)
        archived["Maes Luc"].append(-n)
        if n % 2 == 0:
            lines.append(f"{day};;Peeters Marc;{2 * n}")
            archived["Peeters Marc"].append(2 * n)
    preview = upload(committee_client, club, season, csv_file("\n".join(lines)))
    assert preview.status_code == 200
    assert preview.context["error_count"] == 0
    assert preview.context["new_players"] == []
    response = confirm(committee_client, club, preview)
    assert response.status_code == 302
    assert Tournament.objects.filter(archived=True).count() == 20
    # Two evenings played here in March, the same four players.
    played = []
    for day, tricks in ((10, 6), (17, 5)):
        tournament = make_tournament(
            "whist", players=0, rounds=1, name=f"Whist {day}", date=datetime.date(2026, 3, day)
        )
        for player in four:
            registration.register_player(tournament, player=player)
        play_whist(tournament, tricks)
        played.append(tournament)
    with names.name_order(names.LAST_FIRST):  # as the file writes them: « Dubois Anne »
        ranking = annual_rankings.annual_ranking(season, "whist")
    assert ranking.rule == "best_n" and ranking.best_n == 18
    assert len(ranking.tournaments) == 22
    by_name = {row.name: row for row in ranking.rows}
    for name, own in (*archived.items(), ("Claes Eva", [0] * 20)):
        last = name.split()[0]
        here = list(
            TournamentResult.objects.filter(
                tournament__in=played, player__last_name=last
            ).values_list("points", flat=True)
        )
        results = sorted(own + here, reverse=True)
        row = by_name[name]
        assert row.tournaments == len(own) + 2
        assert row.key_value == sum(results[:18]), name
        assert row.points == sum(results)
    # Maes's best 18 of 22: his two played evenings and his archived -1 to -16.
    maes_here = list(
        TournamentResult.objects.filter(
            tournament__in=played, player__last_name="Maes"
        ).values_list("points", flat=True)
    )
    assert all(p > -17 for p in maes_here)  # a whist pool of one deal: at most 18 down
    assert by_name["Maes Luc"].key_value == sum(maes_here) - sum(range(1, 17))
    assert [row.rank for row in ranking.rows] == sorted(row.rank for row in ranking.rows)
    # The public season page shows the archived evenings' columns.
    page = committee_client.get(reverse("season_standings", args=[season.pk]))
    assert page.status_code == 200
    assert "05/01" in page.content.decode() and "10/03" in page.content.decode()

    # Over a period, the best-18 rule gives way to the sum: the whole season's 22 evenings…
    def period_totals(query):
        page = committee_client.get(reverse("season_standings", args=[season.pk]), query)
        ranking = page.context["period_tables"][0]["annual"]
        assert ranking.rule == "sum_points" and ranking.best_n is None
        with names.name_order(names.LAST_FIRST):  # as the file writes them
            totals = [annual_rankings.named_total(dict(t)) for t in ranking.totals]
        return ranking, {t["name"]: t["key_value"] for t in totals}

    ranking, totals = period_totals({"du": "2026-01-01", "au": "2026-03-31"})
    assert len(ranking.tournaments) == 22
    assert totals == {name: row.points for name, row in by_name.items()}
    assert totals["Maes Luc"] < by_name["Maes Luc"].key_value  # all 22, not his best 18
    # … and March: the two evenings played here only.
    ranking, totals = period_totals({"mois": "2026-03"})
    assert [t.name for t in ranking.tournaments] == ["Whist 10", "Whist 17"]
    for name, total in totals.items():
        here = TournamentResult.objects.filter(
            tournament__in=played, player__last_name=name.split()[0]
        )
        assert total == sum(here.values_list("points", flat=True)), name


def archive_page(client, club, season, day, points, places=None, game="whist"):
    """Post the page's form: ``points`` and ``places`` by player."""
    data = {"season": season.pk, "game": game, "rounds": 4, "date": day.isoformat()}
    for player, value in points.items():
        data[f"points_{player.pk}"] = value
    for player, value in (places or {}).items():
        data[f"place_{player.pk}"] = value
    return client.post(reverse("staff_archive_evening", args=[club.slug]), data)


def test_an_evening_typed_on_the_page_counts_for_attendance_money_and_the_players_page(
    committee_client, club, season, four, make_tournament
):
    dubois, maes, peeters, _claes = four
    page = committee_client.get(reverse("staff_archive_evening", args=[club.slug]))
    assert page.status_code == 200
    assert "Eva Claes" in page.content.decode()
    for day in (5, 12):
        response = archive_page(
            committee_client,
            club,
            season,
            datetime.date(2026, 1, day),
            {dubois: "12", maes: "-12", peeters: ""},  # Peeters absent: blank
            {dubois: "2", maes: "1"},
        )
        assert response.status_code == 302
    evenings = Tournament.objects.filter(archived=True).order_by("date")
    assert evenings.count() == 2
    first = evenings[0]
    assert first.status == Tournament.Status.FINISHED and first.published
    results = {r.player_id: r for r in TournamentResult.objects.filter(tournament=first)}
    assert set(results) == {dubois.pk, maes.pk}
    assert (results[dubois.pk].rank, results[dubois.pk].points) == (1, 12)
    assert results[dubois.pk].place_points_60ths == 120 and results[dubois.pk].rounds == 4
    assert Entry.objects.filter(tournament=first, present=True).count() == 2

    # The third evening, played here: Dubois's third participation, his membership is due.
    tournament = make_tournament(
        "whist", players=0, rounds=1, name="Whist 10", date=datetime.date(2026, 3, 10)
    )
    for player in four:
        registration.register_player(tournament, player=player)
    status = accounts.membership_status(tournament)
    assert status[dubois.pk].participations == 3 and status[dubois.pk].due
    assert status[peeters.pk].participations == 1 and not status[peeters.pk].due
    report = accounts.money_report(season)
    assert [line.entries for line in report.lines] == [2, 2, 4]
    assert {name for _pid, name, _n in report.unpaid} == {"Anne Dubois", "Luc Maes"}

    # The player's season page lists his archived evenings.
    html = committee_client.get(
        reverse("season_player", args=[season.pk, dubois.pk])
    ).content.decode()
    assert "05/01" in html or "5 janv" in html
    assert "12" in html

    # Storing results again (a flag changed, a recompute) leaves them as recorded.
    result_store.results_changed(first)
    assert TournamentResult.objects.filter(tournament=first).count() == 2
    report = recompute.recompute()
    assert report.differences == []
    assert TournamentResult.objects.get(tournament=first, player=dubois).points == 12


def test_the_page_names_each_bad_field_in_french_and_keeps_what_was_typed(
    committee_client, club, season, four
):
    dubois, maes, peeters, _claes = four
    day = datetime.date(2026, 2, 3)
    response = archive_page(
        committee_client, club, season, day, {dubois: "douze", maes: "-12"}, {maes: "-1"}
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors[f"points_{dubois.pk}"] == [
        fr(
            "the points “%(value)s” are not a whole number between -%(max)d and %(max)d",
            value="douze",
            max=100000,
        )
    ]
    assert form.errors[f"place_{maes.pk}"] == [
        fr(
            "the place points “%(value)s” are not a number between 0 and %(max)d "
            "(halves and thirds allowed: 2,5)",
            value="-1",
            max=100000,
        )
    ]
    html = response.content.decode()
    assert "les points « douze » ne sont pas un nombre entier entre -100000 et 100000" in html
    assert 'value="douze"' in html and 'value="-12"' in html
    assert not Tournament.objects.exists() and not TournamentResult.objects.exists()

    # Nobody's points: refused. Outside the season: on the date.
    response = archive_page(committee_client, club, season, day, {})
    assert response.status_code == 400
    assert fr("Enter the points of at least one player present that evening.") in (
        response.context["form"].non_field_errors()
    )
    response = archive_page(committee_client, club, season, datetime.date(2027, 1, 5), {maes: "3"})
    assert response.status_code == 400
    assert "date" in response.context["form"].errors

    # A date that already holds an evening of the game: on the date field, nothing saved.
    assert archive_page(committee_client, club, season, day, {dubois: "5"}).status_code == 302
    response = archive_page(committee_client, club, season, day, {peeters: "7"})
    assert response.status_code == 400
    assert response.context["form"].errors["date"] == [
        fr("an evening of this game is already recorded on %(date)s", date="03/02/2026")
    ]
    assert Tournament.objects.count() == 1


def test_an_unknown_player_is_named_and_added_only_when_the_committee_says_so(
    committee_client, club, season, four
):
    text = "Date;Nom;Prénom;Points;Points de place\n07/01/2026;Dubois;Anne;10;3\n"
    text += "07/01/2026;Zorro;Diego;-10;1,5\n07/01/2026;Maes;Luc;0;1,5\n"
    preview = upload(committee_client, club, season, csv_file(text))
    assert preview.status_code == 200
    assert preview.context["new_players"] == ["Zorro Diego"]
    assert fr("new player, to add to the club") in preview.content.decode()
    response = confirm(committee_client, club, preview)
    assert response.status_code == 400
    assert response.context["confirm_form"].errors["create_players"] == [
        fr(
            "Some players are not members of the club: tick this box to add them, "
            "or correct their names in the file."
        )
    ]
    assert not Tournament.objects.exists() and not Player.objects.filter(last_name="Zorro")
    response = confirm(committee_client, club, preview, create_players=True)
    assert response.status_code == 302
    zorro = Player.objects.get(last_name="Zorro", first_name="Diego")
    assert club.players.filter(pk=zorro.pk).exists()
    results = {
        r.player.last_name: r
        for r in TournamentResult.objects.select_related("player").filter(tournament__archived=True)
    }
    # Ranked by place points, then points: Maes (1,5; 0) before Zorro (1,5; -10).
    assert {name: r.rank for name, r in results.items()} == {"Dubois": 1, "Maes": 2, "Zorro": 3}
    assert results["Maes"].place_points_60ths == 90


def test_a_file_with_bad_rows_names_each_one_in_french_and_saves_nothing(
    committee_client, club, season, four
):
    dubois = four[0]
    archive_page(committee_client, club, season, datetime.date(2026, 1, 7), {dubois: "4"})
    rows = [
        ["Date", "Licence", "Joueur", "Points", "Points de place"],
        [datetime.datetime(2026, 1, 7), "", "Dubois Anne", 10, None],  # the date is taken
        ["14/01/2026", "L-9", "", 4, None],  # nobody holds L-9
        ["14/01/2026", "", "Maes Luc", "", None],  # no points
        ["14/01/2026", "", "Maes Luc", 3, None],  # twice on one date
        ["31/02/2026", "", "Claes Eva", 3, None],  # not a date
        ["14/01/2026", "L-1", "Maes Luc", 3, None],  # L-1 is Dubois's
        ["14/01/2026", "", "Peeters Marc", 3, "2,51"],  # not whole sixtieths
    ]
    response = upload(committee_client, club, season, xlsx_file(rows))
    assert response.status_code == 200
    checks = {row.line: row.errors for row in response.context["rows"]}
    assert checks == {
        2: [fr("an evening of this game is already recorded on %(date)s", date="07/01/2026")],
        3: [
            fr(
                "no player holds the licence number %(licence)s: give his name to add him",
                licence="L-9",
            )
        ],
        4: [fr("the points are missing")],
        5: [fr("%(player)s is already on line %(line)d for this date", player="Maes Luc", line=4)],
        6: [fr("the date “%(value)s” is not a date (write it as 31/01/2026)", value="31/02/2026")],
        7: [
            fr(
                "licence number %(licence)s belongs to %(player)s, not to %(name)s",
                licence="L-1",
                player="Anne Dubois",
                name="Maes Luc",
            )
        ],
        8: [
            fr(
                "the place points “%(value)s” are not a number between 0 and %(max)d "
                "(halves and thirds allowed: 2,5)",
                value="2,51",
                max=100000,
            )
        ],
    }
    html = response.content.decode()
    assert fr("Line %(line)s:", line=6) in html
    assert "confirm_form" in response.context and 'name="token"' not in html
    # Even a confirmation sent anyway saves nothing.
    response = confirm(committee_client, club, response)
    assert response.status_code == 400
    assert Tournament.objects.count() == 1


def test_a_5000_row_file_is_checked_row_by_row_and_a_larger_one_refused(
    committee_client, club, season, four
):
    lines = ["Date;Joueur;Points"]
    lines += [f"{1 + i % 28:02d}/03/2026;Dubois Anne;{i}x" for i in range(5000)]
    response = upload(committee_client, club, season, csv_file("\n".join(lines)))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert len(rows) == 5000 and response.context["error_count"] == 5000
    assert rows[-1].errors[0] == fr(
        "the points “%(value)s” are not a whole number between -%(max)d and %(max)d",
        value="4999x",
        max=100000,
    )
    assert response.content.decode().count(fr("Line %(line)s:", line=5001)) == 1
    assert not Tournament.objects.exists()

    lines.append("01/03/2026;Maes Luc;1")
    response = upload(committee_client, club, season, csv_file("\n".join(lines)))
    assert response.status_code == 413
    assert response.context["form"].errors["file"] == [
        "Le fichier dépasse 5\xa0000 lignes : scindez-le."
    ]
    assert not Tournament.objects.exists()


def test_the_pages_are_the_committees_of_their_own_club(
    scorekeeper_client, club, season, committee_user
):
    url = reverse("staff_archive_evening", args=[club.slug])
    assert scorekeeper_client.get(url).status_code == 403
    other = Club.objects.create(name="Autre Cercle", slug="autre-cercle")
    scorekeeper_client.force_login(committee_user)
    assert scorekeeper_client.get(url).status_code == 200
    for name in ("staff_archive_evening", "staff_archive_import"):
        assert scorekeeper_client.get(reverse(name, args=[other.slug])).status_code == 404


def test_an_archived_evenings_own_pages_show_its_results_and_it_cannot_be_drawn(
    committee_client, club, season, four
):
    dubois, maes, *_ = four
    day = datetime.date(2026, 1, 21)
    archive_page(committee_client, club, season, day, {dubois: "-3", maes: "17"})
    evening = Tournament.objects.get(archived=True)
    assert evening.name == "Soirée archivée du 21/01/2026"
    html = committee_client.get(reverse("tournament_standings", args=[evening.pk]))
    assert html.status_code == 200
    text = html.content.decode()
    assert text.index("Luc Maes") < text.index("Anne Dubois") and "17" in text
    for name in ("tournament_rounds", "staff_tournament", "staff_registration"):
        assert committee_client.get(reverse(name, args=[evening.pk])).status_code == 200
    response = committee_client.post(reverse("staff_draw", args=[evening.pk]), {"confirm": "1"})
    assert response.status_code == 302
    assert not evening.round_set.exists()
    page = committee_client.get(response["Location"]).content.decode()
    assert (
        fr("An archived evening has no round to draw: its results were recorded as they were.")
        in page
    )


def test_an_evening_given_by_ranks_keeps_them_and_names_bad_ones(
    committee_client, club, season, four
):
    dubois, _maes, _peeters, claes = four
    text = "Date;Joueur;Points;Rang\n"
    text += "04/02/2026;Dubois Anne;10;2\n04/02/2026;Maes Luc;10;1er\n"
    text += "04/02/2026;Peeters Marc;-20;3\n11/02/2026;Claes Eva;5;zéro\n"
    text += "11/02/2026;Maes Luc;5;\n"
    response = upload(committee_client, club, season, csv_file(text))
    checks = {row.line: row.errors for row in response.context["rows"]}
    assert checks[5] == [
        fr("the rank “%(value)s” is not a place from 1 to %(max)d", value="zéro", max=10000)
    ]
    assert checks[6] == [
        fr(
            "the rank is missing: give it on every row of %(date)s, or on none",
            date="11/02/2026",
        )
    ]
    assert not Tournament.objects.exists()
    # Only the first evening: its ranks are the club's, not the points' order.
    text = "\n".join(text.splitlines()[:4])
    response = confirm(
        committee_client, club, upload(committee_client, club, season, csv_file(text))
    )
    assert response.status_code == 302
    ranks = dict(TournamentResult.objects.values_list("player__last_name", "rank"))
    assert ranks == {"Maes": 1, "Dubois": 2, "Peeters": 3}
    annual = dict(
        TournamentResult.objects.values_list("player__last_name", "annual_place_points_60ths")
    )
    assert annual == {"Maes": 180, "Dubois": 120, "Peeters": 60}

    # On the page: a rank typed for one member is a rank for every member present.
    day = datetime.date(2026, 2, 18)
    data = {"season": season.pk, "game": "whist", "rounds": 1, "date": day.isoformat()}
    data |= {f"points_{dubois.pk}": "3", f"rank_{dubois.pk}": "1", f"points_{claes.pk}": "-3"}
    response = committee_client.post(reverse("staff_archive_evening", args=[club.slug]), data)
    assert response.status_code == 400
    assert response.context["form"].errors[f"rank_{claes.pk}"] == [
        fr(
            "the rank is missing: give it on every row of %(date)s, or on none",
            date="18/02/2026",
        )
    ]
    assert 'value="1"' in response.content.decode()
    data[f"rank_{claes.pk}"] = "2"
    response = committee_client.post(reverse("staff_archive_evening", args=[club.slug]), data)
    assert response.status_code == 302
    assert Tournament.objects.filter(archived=True).count() == 2


def test_two_members_of_one_name_are_each_typed_on_their_own_line(committee_client, club, season):
    """On the page each member has his own line: a namesake is no reason to refuse it (only a
    file, which names players, needs the licence number to tell them apart)."""
    twins = [Player.objects.create(first_name="Jean", last_name="Dubois") for _ in range(2)]
    club.players.add(*twins)
    response = archive_page(
        committee_client, club, season, datetime.date(2026, 1, 5), {twins[0]: "7", twins[1]: "-7"}
    )
    assert response.status_code == 302
    results = dict(TournamentResult.objects.values_list("player_id", "points"))
    assert results == {twins[0].pk: 7, twins[1].pk: -7}
