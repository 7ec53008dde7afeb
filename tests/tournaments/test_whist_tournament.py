"""A whist tournament end to end: pools, seating, the clock, the director's dashboard, closing
at the signal, standings, the club's rules as data, the PDF sheet."""

import datetime
import random
import re
from io import BytesIO

import pytest
from django.urls import reverse
from form_data import form_data
from pypdf import PdfReader

from tournaments.models import Round, Tournament
from tournaments.sample_sheets import whist_pool
from tournaments.selectors import classification, rulebook
from tournaments.services import deal_entry, drawing, round_clock

pytestmark = pytest.mark.django_db


def fill_pool(round_, deals=12, seed=1, user=None):
    rng = random.Random(seed)
    for table in round_.tables.all():
        first = table.seats.get(first_dealer=True).position
        records = whist_pool(first, rng, deals, table.seats.count())
        deal_entry.save_sheet(table, records=records, version=table.version, user=user)


def test_creating_a_whist_tournament_defaults_to_the_clubs_pools(scorekeeper_client, club, season):
    response = scorekeeper_client.post(
        reverse("staff_tournament_create"),
        {
            "club": club.pk,
            "season": season.pk,
            "game": "whist",
            "name": "Whist de mars",
            "date": "2026-03-20",
            "rounds": "",
            "entry_fee": "3,00",
        },
    )
    assert response.status_code == 302
    assert Tournament.objects.get(name="Whist de mars").rounds == 3


def test_pools_are_reseated_with_tables_of_four(make_tournament):
    tournament = make_tournament("whist", players=16, rounds=3)
    for number in range(3):
        round_ = drawing.draw_round(tournament, seed=number)
        assert [t.seats.count() for t in round_.tables.all()] == [4, 4, 4, 4]
        assert round_.clock_minutes == 80
        fill_pool(round_, seed=number)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert sum(r.repeats for r in tournament.round_set.all()) == 0  # 16 over 3: nobody twice


def test_tables_of_five_are_a_setting(make_tournament, scorekeeper_client):
    tournament = make_tournament("whist", players=9, rounds=1)
    page = scorekeeper_client.get(reverse("staff_registration", args=[tournament.pk]))
    assert page.context["gap"] is not None  # 9 cannot sit at tables of 4
    tournament = make_tournament(
        "whist", players=9, rounds=1, name="Whist belge", rules={"tables_of_five": True}
    )
    round_ = drawing.draw_round(tournament, seed=2)
    assert sorted(t.seats.count() for t in round_.tables.all()) == [4, 5]
    fill_pool(round_)
    table5 = next(t for t in round_.tables.all() if t.seats.count() == 5)
    assert table5.complete and all(len(d.points) == 5 for d in table5.deals.all())


def test_standings_are_live_and_ranked_by_points_then_best_pool(client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=2)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    first = table.seats.get(first_dealer=True).position
    seat_of = {s.position: s for s in table.seats.select_related("entry__player")}
    record = {"contract": "solo_6", "declarers": [0], "tricks": 6, "dealer": first}
    deal_entry.save_sheet(table, records=[record], version=0, user=None)
    response = client.get(reverse("tournament_standings", args=[tournament.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Points de classement" not in html  # no place points in whist
    # The leader's row, first in the table: rank 1, his name, a total of 6, 6 in pool 1.
    body = html[html.index("<tbody") :]
    leader = body[body.index("<tr") : body.index("</tr>")]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", leader)
    assert cells[0] == "1" and seat_of[0].entry.player.full_name in cells[1]
    columns = response.content.decode().split("<thead")[1].split("</thead>")[0].count("<th ")
    assert len(cells) == columns
    assert "6" in cells and cells.count("6") >= 2  # the total and the first pool
    # Equal totals: the best single pool decides.
    rows = classification.tournament_standings(tournament, live=True)
    assert [r.score for r in rows] == [6, -2, -2, -2]


def test_clock_start_pause_resume_and_over(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    t0 = datetime.datetime(2026, 3, 14, 20, 0, tzinfo=datetime.UTC)
    assert round_.clock_state(t0) == {"state": "ready", "remaining": 4800, "total": 4800}
    round_clock.clock_start(round_, now=t0)
    round_.refresh_from_db()
    assert round_.status == Round.Status.STARTED
    assert round_.clock_state(t0 + datetime.timedelta(minutes=10))["remaining"] == 4200
    round_clock.clock_pause(round_, now=t0 + datetime.timedelta(minutes=10))
    round_.refresh_from_db()
    later = t0 + datetime.timedelta(minutes=25)
    assert round_.clock_state(later) == {"state": "paused", "remaining": 4200, "total": 4800}
    round_clock.clock_resume(round_, now=later)
    round_.refresh_from_db()
    assert round_.clock_state(later + datetime.timedelta(minutes=5))["remaining"] == 3900
    over = round_.clock_state(later + datetime.timedelta(minutes=90))
    assert over["state"] == "over" and over["remaining"] == 0
    page = scorekeeper_client.get(reverse("staff_clock", args=[round_.pk]))
    html = page.content.decode()
    assert "Temps écoulé : terminez la donne en cours, elle compte." in html
    assert "js/clock.js" in html and "Plein écran" in html
    state = scorekeeper_client.get(reverse("staff_clock_state", args=[round_.pk])).json()
    assert state["state"] in {"running", "over"} and state["total"] == 4800
    response = scorekeeper_client.post(
        reverse("staff_clock", args=[round_.pk]),
        {"action": "pause"},
        HTTP_ACCEPT="application/json",
    )
    assert response.json()["state"] in {"paused", "over"}


def test_dashboard_flags_tables_behind_then_short_ones_at_the_signal(
    scorekeeper_client, make_tournament
):
    tournament = make_tournament("whist", players=8, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    round_clock.clock_start(
        round_, now=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=60)
    )
    tables = list(round_.tables.all())
    rng = random.Random(3)
    for table, deals in zip(tables, (12, 4), strict=True):
        first = table.seats.get(first_dealer=True).position
        deal_entry.save_sheet(table, records=whist_pool(first, rng, deals), version=0, user=None)
    page = scorekeeper_client.get(reverse("staff_round_progress", args=[round_.pk]))
    progress = page.context["progress"]
    assert [(p.deals, p.behind) for p in progress] == [(12, False), (4, True)]
    assert "1 table en retard sur le rythme." in page.content.decode()
    # The signal: every table counts, the short one is flagged.
    scorekeeper_client.post(reverse("staff_clock", args=[round_.pk]), {"action": "close"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert all(t.complete for t in round_.tables.all())
    page = scorekeeper_client.get(reverse("staff_round_progress", args=[round_.pk]))
    assert [p.short for p in page.context["progress"]] == [False, True]
    assert "Poule close : 1 table a joué moins de donnes que prévu." in page.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert all(r.rounds_played == 1 for r in classification.tournament_standings(tournament))


def test_no_table_behind_is_said_in_words_and_the_clock_is_drawn(
    scorekeeper_client, make_tournament
):
    """« Aucune table en retard », never « 0 table en retard »; the clock's icon is drawn (no
    « ⏱ »: Debian's fonts draw it as an empty box), named where it stands alone."""
    tournament = make_tournament("whist", players=8, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    round_clock.clock_start(round_)
    page = scorekeeper_client.get(reverse("staff_round_progress", args=[round_.pk]))
    html = page.content.decode()
    assert "Aucune table en retard sur le rythme." in html and "0 table" not in html
    assert "⏱" not in html and '<svg class="icon"' in html
    round_page = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    assert "⏱" not in round_page and '<svg class="icon"' in round_page
    table = round_.tables.first()
    deals = scorekeeper_client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert "⏱" not in deals
    assert 'role="img" aria-label="Temps restant"' in deals  # the mini clock's only words
    scorekeeper_client.post(reverse("staff_clock", args=[round_.pk]), {"action": "close"})
    page = scorekeeper_client.get(reverse("staff_round_progress", args=[round_.pk]))
    assert "0 table" not in page.content.decode()


def test_committee_edits_the_contract_table_and_a_started_tournament_keeps_its_copy(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()  # started: rules copied
    client.force_login(committee_user)
    url = reverse("staff_rules", args=[tournament.club.slug, "whist"])
    page = client.get(url)
    assert page.status_code == 200 and "Emballage 8" in page.content.decode()
    data = form_data(page.context["form"])  # as a browser posts it back (« 0 » included)
    data["contract__emballage_8"] = "3"
    data["setting__annual_ranking"] = "best_n"
    data["setting__annual_best_n"] = "2"
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    rules = rulebook.club_rules(tournament.club, "whist")
    assert next(c for c in rules["contracts"] if c["code"] == "emballage_8")["points"] == 3
    assert rules["annual_ranking"] == "best_n"
    # A one-declarer contract whose points do not divide by 3 is refused.
    data["contract__solo_6"] = "7"
    assert client.post(url, data).status_code == 400
    # The started tournament still scores emballage 8 at 2.
    first = table.seats.get(first_dealer=True).position
    record = {"contract": "emballage_8", "declarers": [0, 2], "tricks": 8, "dealer": first}
    deal_entry.save_sheet(table, records=[record], version=0, user=None)
    assert table.deals.get().points == [2, -2, 2, -2]
    # Scorekeepers cannot edit the rules.
    client.force_login(scorekeeper_user)
    assert client.get(url).status_code == 403


def test_blank_and_filled_pdf_sheets(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    table = round_.tables.get()
    seats = {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }
    first = table.seats.get(first_dealer=True).position
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    text = " ".join(PdfReader(BytesIO(response.content)).pages[0].extract_text().split())
    assert "Poule 1, table 1" in text
    for word in ("Contrat", "Déclarants", "Plis", "Pts", "Tot.", "Signature"):
        assert word in text
    assert text.count(seats[(first + 1) % 4]) >= 3  # dealer of deals 2, 6, 10 pre-printed
    records = [
        {"contract": "petite_misere", "declarers": [0, 1], "tricks": [0, 0], "dealer": first},
        {
            "contract": "emballage_12",
            "declarers": [0, 1],
            "tricks": 12,
            "against": "abondance_9",
            "dealer": (first + 1) % 4,
        },
    ]
    deal_entry.save_sheet(table, records=records, version=0, user=None)
    response = scorekeeper_client.get(reverse("tournament_filled_pdf", args=[tournament.pk]))
    text = " ".join(PdfReader(BytesIO(response.content)).pages[0].extract_text().split())
    assert "Petite misère" in text
    assert "Emballage 12 (contre de Abondance 9)" in text
    assert "39" in text  # running total of seats 0 and 1: 12 + 27
    response = scorekeeper_client.get(reverse("round_plan_pdf", args=[round_.pk]))
    assert response.status_code == 200
