"""Every public page of the demo is valid HTML (the Nu Html Checker, ``vnu-jar`` from npm)
and has no axe-core violation on a phone: the tournament list, each published tournament's
standings, rounds, hall screen, players and tables, the season standings and each player's
season, the clubs' rating lists and their method.

The checker reads every page (one run of Java for all of them). axe-core runs in Chromium on
every distinct page *skeleton* (``page_checks.skeleton``: the markup without its words and
numbers, a run of the same rows once: 67 of the demo's 609 pages); the others differ from one
of them only in names, figures and how many rows of a kind they have."""

import json
import subprocess
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from page_checks import axe_violations, skeleton

from club.models import Club, Season
from tournaments.models import Entry, Table
from tournaments.ratings.models import RatingList
from tournaments.selectors import listing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

VNU = (
    Path(__file__).resolve().parents[2] / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
)


def public_urls() -> list[str]:
    urls = [reverse("tournament_list")]
    tournaments = list(listing.published())
    for tournament in tournaments:
        urls += [
            reverse(name, args=[tournament.pk])
            for name in ("tournament_standings", "tournament_rounds", "tournament_display")
        ]
    entries = Entry.objects.filter(tournament__in=tournaments).order_by("pk")
    urls += [
        reverse("tournament_player", args=[tournament_id, pk])
        for pk, tournament_id in entries.values_list("pk", "tournament_id")
    ]
    tables = Table.objects.filter(round__tournament__in=tournaments).order_by("pk")
    urls += [reverse("table_detail", args=[pk]) for pk in tables.values_list("pk", flat=True)]
    for season in Season.objects.filter(tournaments__in=tournaments).distinct():
        urls.append(reverse("season_standings", args=[season.pk]))
        players = entries.filter(tournament__season=season).values_list("player_id", flat=True)
        urls += [reverse("season_player", args=[season.pk, pk]) for pk in sorted(set(players))]
    # The clubs' rating lists (« Cote »), each game's list and its method.
    for club in Club.objects.order_by("pk"):
        urls.append(reverse("rating_index", args=[club.slug]))
        for game in RatingList.objects.filter(club=club).values_list("game", flat=True):
            urls += [reverse(n, args=[club.slug, game]) for n in ("rating_list", "rating_method")]
    return urls


def nu_errors(folder: Path) -> list[str]:
    """The Nu Html Checker's errors over every file of ``folder``, one line each."""
    if not VNU.exists():  # pragma: no cover - make test installs it
        raise RuntimeError("vnu-jar is missing: run `make checkers`")
    result = subprocess.run(
        ["java", "-jar", str(VNU), "--errors-only", "--format", "json", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    return [
        f"{Path(m.get('url', '')).name}:{m.get('lastLine')}: {m.get('message')}" for m in messages
    ]


def test_every_public_page_of_the_demo_is_valid_html_and_axe_clean(
    demo_db, live_server, open_page, tmp_path
):
    urls = public_urls()
    assert len(urls) > 100  # the demo's ten tournaments, their players and tables

    client = Client()
    names, skeletons = {}, {}
    for index, url in enumerate(urls):
        response = client.get(url)
        assert response.status_code == 200, url
        path = tmp_path / f"page{index}.html"
        path.write_bytes(response.content)
        names[path.name] = url
        skeletons.setdefault(skeleton(response.content.decode()), url)
    errors = nu_errors(tmp_path)
    assert errors == [], [f"{names.get(e.split(':')[0], '?')} {e}" for e in errors[:20]]

    page = open_page(width=390, height=844)
    problems = []
    for url in skeletons.values():
        page.goto(live_server.url + url)
        problems += [f"{url}: {v}" for v in axe_violations(page)]
    assert problems == [], problems[:20]
