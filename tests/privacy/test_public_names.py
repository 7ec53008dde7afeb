"""How a player appears in public (docs/privacy.md): each mode across the public pages, the
hall screen, the public workbooks and the wall plan, at once after the change, cached pages
included; staff pages and table sheets keep the real name."""

import io
import re
import subprocess
import tempfile

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from club.models import Club, Player
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.selectors import listing


@pytest.fixture
def demo(demo_db):
    club = Club.objects.get(slug="la-chevalerie")
    committee = Client()
    committee.force_login(User.objects.get(username="bureau"))
    return club, committee


def _player(club) -> Player:
    """A member who played several published tournaments, his name unlike any other's."""
    for player in club.players.order_by("pk"):
        played = Entry.objects.filter(player=player, tournament__published=True).count()
        alike = Player.objects.filter(last_name=player.last_name).count()
        if played >= 2 and alike == 1:
            return player
    raise AssertionError("no such player in the demo")


def public_urls(player: Player) -> list[str]:
    """The list, every page of each published tournament he played where his name can show
    (standings, rounds, hall screen, his tables), the seasons' standings, and the pages of
    every player he met (their tournament and season pages)."""
    tournaments = list(listing.published().filter(entries__player=player))
    urls = [reverse("tournament_list")]
    for tournament in tournaments:
        urls += [
            reverse(name, args=[tournament.pk])
            for name in ("tournament_standings", "tournament_rounds", "tournament_display")
        ]
        urls.append(reverse("tournament_standings", args=[tournament.pk]) + "?sort=-name")
    tables = Table.objects.filter(round__tournament__in=tournaments, seats__entry__player=player)
    urls += [reverse("table_detail", args=[pk]) for pk in tables.values_list("pk", flat=True)]
    for season_id in {t.season_id for t in tournaments}:
        urls.append(reverse("season_standings", args=[season_id]))
    # The pages of the players he met: his name is in their tables and head-to-head records.
    mates = Entry.objects.filter(
        tournament__in=tournaments, seats__table__in=tables.values("pk")
    ).exclude(player=player)
    for entry in mates.select_related("tournament").distinct():
        urls.append(reverse("tournament_player", args=[entry.tournament_id, entry.pk]))
        urls.append(reverse("season_player", args=[entry.tournament.season_id, entry.player_id]))
    return sorted(set(urls), key=urls.index)


def own_urls(player: Player) -> list[str]:
    urls = []
    for entry in Entry.objects.filter(player=player, tournament__published=True):
        urls.append(reverse("tournament_player", args=[entry.tournament_id, entry.pk]))
        urls.append(reverse("season_player", args=[entry.tournament.season_id, player.pk]))
    return sorted(set(urls))


def choose(committee, club, player, mode: str, pseudonym: str = "") -> None:
    url = reverse("club_member", args=[club.slug, player.pk])
    response = committee.post(url, {"public_name": mode, "pseudonym": pseudonym})
    assert response.status_code == 302, response.content.decode()[:500]


def texts(client: Client, urls: list[str]) -> dict[str, str]:
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = response.content.decode()
    return pages


def workbook_text(content: bytes) -> str:
    workbook = load_workbook(io.BytesIO(content))
    return " ".join(
        str(cell.value) for ws in workbook for row in ws.iter_rows() for cell in row if cell.value
    )


def pdf_text(content: bytes) -> str:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(content)
        pdf.flush()
        out = subprocess.run(["pdftotext", pdf.name, "-"], capture_output=True, check=True)
    return " ".join(out.stdout.decode().split())


@pytest.mark.parametrize(
    ("mode", "pseudonym", "shown"),
    [
        ("hidden", "", "Joueur {pk}"),
        ("initials", "", "{first} {initial}."),
        ("pseudonym", "", "L’As de Trèfle"),
    ],
)
def test_each_mode_on_every_public_page_at_once(demo, client, mode, pseudonym, shown):
    club, committee = demo
    player = _player(club)
    full = [f"{player.first_name} {player.last_name}", f"{player.last_name} {player.first_name}"]
    urls = public_urls(player)
    before = texts(client, urls)  # every page cached as it was
    assert any(full[0] in page or full[1] in page for page in before.values())
    label = shown.format(pk=player.pk, first=player.first_name, initial=player.last_name[0])

    choose(committee, club, player, mode, "L’As de Trèfle" if mode == "pseudonym" else "")

    after = texts(client, urls)
    for url, page in after.items():
        assert full[0] not in page and full[1] not in page, url
    standings = [page for url, page in after.items() if "classement" in url]
    assert any(label in page for page in standings)
    own = [client.get(url).status_code for url in own_urls(player)]
    assert set(own) == ({404} if mode == "hidden" else {200})

    tournament = listing.published().filter(entries__player=player).first()
    for url in (
        reverse("tournament_xlsx", args=[tournament.pk]),
        reverse("season_xlsx", args=[tournament.season_id]),
    ):
        text = workbook_text(client.get(url).content)
        assert full[0] not in text and full[1] not in text and label in text, url
        # The club's staff get the real names.
        assert full[0] in workbook_text(committee.get(url).content) or full[1] in (
            workbook_text(committee.get(url).content)
        )
    round_ = Round.objects.filter(tables__seats__entry__player=player, tournament=tournament)
    plan = pdf_text(committee.get(reverse("round_plan_pdf", args=[round_.first().pk])).content)
    assert label in plan and player.last_name.upper() not in plan.upper()
    # The staff's own standings keep the real name.
    staff = committee.get(reverse("staff_standings", args=[tournament.pk])).content.decode()
    assert full[0] in staff or full[1] in staff


def test_the_clubs_default_applies_to_players_without_a_choice(demo, client):
    club, committee = demo
    player = _player(club)
    tournament = listing.published().filter(entries__player=player).first()
    url = reverse("tournament_standings", args=[tournament.pk])
    assert f"{player.first_name} {player.last_name}" in client.get(url).content.decode()
    response = committee.post(
        reverse("club_privacy_settings", args=[club.slug]),
        {"default_public_name": "initials", "privacy_notice": ""},
    )
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert f"{player.first_name} {player.last_name}" not in page
    assert f"{player.first_name} {player.last_name[0]}." in page
    # A player who chose his full name keeps it.
    choose(committee, club, player, "full")
    assert f"{player.first_name} {player.last_name}" in client.get(url).content.decode()
    assert Tournament.objects.filter(club=club).exists()


def _team_game_players(club, game: str) -> tuple[Tournament, list[Player]]:
    """A published team game of the demo and three of its players, each of another team, their
    last names unlike anyone else's."""
    tournament = listing.published().get(club=club, game=game)
    chosen: list[Player] = []
    teams: set[int] = set()
    for entry in tournament.entries.select_related("player").order_by("pk"):
        last_name = entry.player.last_name
        alike = Player.objects.filter(
            Q(last_name__iexact=last_name) | Q(first_name__iexact=last_name)
        ).count()
        if entry.team_id and entry.team_id not in teams and alike == 1:
            chosen.append(entry.player)
            teams.add(entry.team_id)
    assert len(chosen) >= 3, "the demo's team game has no three such players"
    return tournament, chosen[:3]


def _team_game_urls(tournament: Tournament) -> list[str]:
    """Every public page of a team game: its standings (both ways), rounds, the hall screen,
    every table, every player's page, the season's standings and their players' pages."""
    urls = [reverse("tournament_list")]
    urls += [
        reverse(name, args=[tournament.pk])
        for name in ("tournament_standings", "tournament_rounds", "tournament_display")
    ]
    urls.append(reverse("tournament_standings", args=[tournament.pk]) + "?sort=-name")
    tables = Table.objects.filter(round__tournament=tournament).values_list("pk", flat=True)
    urls += [reverse("table_detail", args=[pk]) for pk in tables]
    urls.append(reverse("season_standings", args=[tournament.season_id]))
    return urls


def test_team_games_show_no_hidden_name_on_any_public_page(demo, client):
    """A team's name made from its players follows each player's mode, on every public page,
    the hall screen, the tables, the public workbooks and the wall plan, in Quarante and
    Plonk (issue 32 §1)."""
    club, committee = demo
    for game in ("quarante", "plonk"):
        _no_hidden_name_in_a_team_game(club, committee, client, game)


def _no_hidden_name_in_a_team_game(club, committee, client, game: str) -> None:
    tournament, (hidden, initials, pseudonymous) = _team_game_players(club, game)
    urls = _team_game_urls(tournament)
    for entry in tournament.entries.exclude(player__in=[hidden, initials, pseudonymous]):
        if entry.player_id not in {hidden.pk}:
            urls.append(reverse("tournament_player", args=[tournament.pk, entry.pk]))
    before = " ".join(texts(client, urls).values())
    players = (hidden, initials, pseudonymous)
    words = {p.pk: re.compile(rf"\b{re.escape(p.last_name)}\b", re.IGNORECASE) for p in players}
    assert all(word.search(before) for word in words.values())

    choose(committee, club, hidden, "hidden")
    choose(committee, club, initials, "initials")
    choose(committee, club, pseudonymous, "pseudonym", "Le Fou du Roi")

    pages = texts(client, urls)
    documents = {
        url: workbook_text(client.get(url).content)
        for url in (
            reverse("tournament_xlsx", args=[tournament.pk]),
            reverse("season_xlsx", args=[tournament.season_id]),
        )
    }
    for round_ in tournament.round_set.all():
        url = reverse("round_plan_pdf", args=[round_.pk])
        documents[url] = pdf_text(committee.get(url).content)
    for url, text in {**pages, **documents}.items():
        for player in players:
            assert not words[player.pk].search(text), (game, url, player.last_name)
    shown = " ".join(pages.values())
    assert f"Joueur {hidden.pk}" in shown
    assert f"{initials.first_name} {initials.last_name[0]}." in shown
    assert "Le Fou du Roi" in shown
    # The staff's own pages keep the real names.
    staff = committee.get(reverse("staff_standings", args=[tournament.pk])).content.decode()
    assert all(words[player.pk].search(staff) for player in players)


def test_a_hidden_opponent_is_named_on_a_season_page_without_a_dead_link(demo, client):
    """The « Met most often » table of a player's season page names a hidden opponent by his
    label and links nowhere: a hidden player has no page (it would answer 404)."""
    club, committee = demo
    player = _player(club)
    season = listing.published().filter(entries__player=player).first().season
    page_url = reverse("season_player", args=[season.pk, player.pk])
    prefix = reverse("season_player", args=[season.pk, 0])[: -len("0/")]
    linked = re.findall(rf'href="{prefix}(\d+)/"', client.get(page_url).content.decode())
    hidden = Player.objects.get(pk=next(int(pk) for pk in linked if int(pk) != player.pk))
    choose(committee, club, hidden, "hidden")
    their_page = reverse("season_player", args=[season.pk, hidden.pk])
    assert client.get(their_page).status_code == 404
    html = client.get(page_url).content.decode()
    assert f'href="{their_page}"' not in html
    assert hidden.last_name not in html
