"""A sixth game costs one folder: « Bataille » (``bataille.py`` and ``templates/`` here) is
registered through the public hook and played end to end — created, registered, paired,
drawn, entered deal by deal, ranked, printed and exported — with no file outside ``tests/``
knowing it."""

import io
from pathlib import Path

import pytest
from bataille import KEY, PLUGIN, install, uninstall
from django.urls import reverse
from django.utils import translation
from helpers import fr, post_deals
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import GAMES, game_words
from tournaments.games import PLUGINS, playable_game_choices
from tournaments.models import Round, Tournament
from tournaments.services import registration

TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture
def bataille(settings):
    settings.TEMPLATES = [
        {**engine, "DIRS": [*engine["DIRS"], TEMPLATES]}
        if engine["BACKEND"].endswith(".DjangoTemplates")
        else engine
        for engine in settings.TEMPLATES
    ]
    install()
    yield PLUGIN
    uninstall()


def deal(client, table, tricks0: str, tricks1: str = ""):
    table.refresh_from_db()
    data = {
        "version": str(table.version),
        "action": "save",
        "number": str(table.deals.count() + 1),
        "tricks0": tricks0,
        "tricks1": tricks1,
    }
    return post_deals(client, table, data)


def test_registering_adds_the_game_everywhere_and_unregistering_removes_it(bataille):
    assert GAMES[KEY].name("fr") == "Bataille" and PLUGINS[KEY] is bataille
    assert (KEY, "Bataille") in playable_game_choices()
    with pytest.raises(ValueError):
        install()
    uninstall()
    assert KEY not in GAMES and KEY not in PLUGINS
    install()  # for the fixture's own uninstall


def test_the_plug_in_names_its_game_in_each_language_without_a_row_of_the_words_table(bataille):
    assert "game.bataille" not in game_words.game_words().words
    for language, name in (("en", "War"), ("nl-be", "Oorlog"), ("de", "Bataille")):
        with translation.override(language):
            assert (KEY, name) in playable_game_choices()


def test_a_bataille_tournament_from_creation_to_excel(
    bataille, club, season, make_players, scorekeeper_client
):
    # Creation: the staff form offers the game and takes its own setting (the target).
    response = scorekeeper_client.post(
        reverse("staff_tournament_create"),
        {
            "club": club.pk,
            "season": season.pk,
            "game": KEY,
            "name": "Bataille de printemps",
            "date": "2026-04-02",
            "rounds": "2",
            "entry_fee": "0",
            "target": "20",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get(name="Bataille de printemps")
    assert (tournament.game, tournament.rules.get("target")) == (KEY, 20)

    # Registration, then the teams page (the game's lineup forms teams) draws the pairs.
    for player in make_players(8, prefix="Bat"):
        registration.register_player(tournament, player=player)
    teams_url = reverse("staff_teams", args=[tournament.pk])
    assert scorekeeper_client.post(teams_url, {"action": "draw"}).status_code == 302
    assert tournament.teams.count() == 4

    # The draw seats teams, two per table.
    assert scorekeeper_client.post(reverse("staff_draw", args=[tournament.pk])).status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    tables = list(round_.tables.order_by("number"))
    assert len(tables) == 2 and all(t.seats.count() == 2 for t in tables)
    assert all(s.team_id for t in tables for s in t.seats.all())

    # Entry, deal by deal, with the game's form and template; the scoring's check in French.
    first, second = tables
    page = scorekeeper_client.get(reverse("staff_deals", args=[first.pk])).content.decode()
    assert 'name="tricks0"' in page and "bataille" in page
    refused = deal(scorekeeper_client, first, "9", "9")
    assert refused.status_code == 400
    assert 'name="tricks1" value="9"' in refused.content.decode()  # what was typed is kept
    assert first.deals.count() == 0
    for tricks in ("9", "8", "4"):  # 9+8+4 = 21 ≥ 20: team 0 wins, 4+5+9 = 18
        assert deal(scorekeeper_client, first, tricks).status_code == 302
    first.refresh_from_db()
    assert first.complete
    seats = {s.position: s for s in first.seats.all()}
    assert (seats[0].score, seats[0].won, seats[1].score, seats[1].won) == (21, True, 18, False)
    for tricks in ("2", "3"):  # 11 + 10 = 21: team 1 wins
        assert deal(scorekeeper_client, second, tricks).status_code == 302

    # Standings (once the committee publishes): teams ranked by matches won, in French.
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    standings = scorekeeper_client.get(reverse("tournament_standings", args=[tournament.pk]))
    html = standings.content.decode()
    winners = [s.team.label for t in (first, second) for s in t.seats.all() if s.won]
    assert len(winners) == 2 and all(name in html for name in winners)
    assert fr("Matches won") in html

    # Printed sheets: the round's blank sheets and the filled ones, from the game's template.
    blank = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert blank.status_code == 200 and blank["Content-Type"] == "application/pdf"
    text = (
        PdfReader(
            io.BytesIO(b"".join(blank.streaming_content if blank.streaming else [blank.content]))
        )
        .pages[0]
        .extract_text()
    )
    assert "Plis" in text
    filled = scorekeeper_client.get(reverse("tournament_filled_pdf", args=[tournament.pk]))
    assert filled.status_code == 200
    pages = PdfReader(io.BytesIO(filled.content)).pages
    assert "21" in pages[0].extract_text()

    # Excel: the tournament's standings and the season's, with the team game's columns.
    book = load_workbook(
        io.BytesIO(scorekeeper_client.get(reverse("tournament_xlsx", args=[tournament.pk])).content)
    )
    header = [c.value for c in next(book.worksheets[0].iter_rows(min_row=2, max_row=2))]
    assert fr("Matches won") in header
    season_book = load_workbook(
        io.BytesIO(scorekeeper_client.get(reverse("season_xlsx", args=[season.pk])).content)
    )
    assert "Bataille" in season_book.sheetnames
