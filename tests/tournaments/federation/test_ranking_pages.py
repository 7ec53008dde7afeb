"""A federation's rankings (issue 35 §4, « What must be shown »): three clubs with eight counted
tournaments each, the players' and the clubs' rankings read on the pages and in the workbooks,
compared with figures computed here from the rule's text (docs/rules/federation.md:
10 × (n − p + 1), tied entries share the mean, the best N, listed from 3) — never by
``scoring.federation``; the decay's rollover; the 72 % / 65.7 % clubs; the cache's 304."""

import datetime
import io
from collections import defaultdict
from fractions import Fraction
from html.parser import HTMLParser

import openpyxl
import pytest
import scenario as s
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import signals
from tournaments.federation.models import CountedTournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

BEST_N = 5
BEST_M = 2


# --------------------------------------------------------------------------- reading pages


class _Table(HTMLParser):
    """The rows of the table ``table_id``: each cell's text, the « Détail » fold left out."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id, self.inside, self.fold = table_id, False, 0
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and dict(attrs).get("id") == self.table_id:
            self.inside = True
        elif self.inside and tag == "tbody":
            self.rows = []
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag == "td":
            self.cell = []
        elif self.inside and tag == "details":
            self.fold += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False
        elif self.inside and tag == "td" and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif self.inside and tag == "details":
            self.fold -= 1

    def handle_data(self, data: str) -> None:
        if self.cell is not None and not self.fold:
            self.cell.append(data)


def table(html: str, table_id: str) -> list[list[str]]:
    parser = _Table(table_id)
    parser.feed(html)
    return [row for row in parser.rows if row]


def sheet_rows(content: bytes) -> list[list[object]]:
    book = openpyxl.load_workbook(io.BytesIO(content))
    return [list(row) for row in book.active.iter_rows(min_row=3, values_only=True)]


def shown(points: Fraction) -> str:
    """A total as the French page writes it: whole, or two decimals after a comma."""
    if points.denominator == 1:
        return str(int(points))
    return f"{float(points):.2f}".replace(".", ",")


# --------------------------------------------------------------------------- the rule's text


def points_of(places: list[tuple[tuple[str, ...], int]], step: int = 10) -> dict[str, Fraction]:
    """docs/rules/federation.md: place p among n entries earns step × (n − p + 1); tied
    entries share the mean of the places they cover; a team's place for both partners."""
    n = len(places)
    tied: dict[int, int] = defaultdict(int)
    for _players, place in places:
        tied[place] += 1
    earned = {}
    for players, place in places:
        covered = range(place, place + tied[place])
        mean = Fraction(sum(step * (n - p + 1) for p in covered), len(covered))
        for one in players:
            earned[one] = mean
    return earned


def placed(totals: dict[str, Fraction]) -> list[tuple[int, str, Fraction]]:
    """Highest first; equal totals share a place (the next ones skip), by name then."""
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    out: list[tuple[int, str, Fraction]] = []
    for index, (name, total) in enumerate(ordered):
        place = out[-1][0] if out and out[-1][2] == total else index + 1
        out.append((place, name, total))
    return out


# --------------------------------------------------------------------------- the season


NAMES = {
    "gesves": ["Anne Dubois", "Marc Lambert", "Julie Renard", "Paul Collard", "Sophie Lenoir"],
    "helecine": ["Luc Martin", "Eva Simon", "Hugo Leroy", "Nina Petit", "Tom Girard"],
    "namur": ["Léa Roux", "Jean Fontaine", "Iris Mercier", "Noé Garnier", "Zoé Faure"],
}
#: In two clubs: licensed at Gesves until the new year, then at Hélécine.
MOVERS = ["Olivier Denis", "Claire Morel"]
#: No licence: plays at Gesves, whose tournaments let such results count.
UNLICENSED = "Victor Blanc"
NEW_YEAR = datetime.date(2026, 1, 1)


@pytest.fixture
def season_built(db):
    fed = s.federation(best_n=BEST_N, best_m=BEST_M, requires_approval=True)
    season = s.fed_season(fed)
    clubs = {slug: s.club(slug.capitalize(), slug) for slug in NAMES}
    people = {}
    for slug, names in NAMES.items():
        for name in names:
            first, last = name.split()
            people[name] = s.player(first, last, clubs[slug])
            s.licence(fed, people[name], clubs[slug])
    for name in MOVERS:
        first, last = name.split()
        people[name] = s.player(first, last, clubs["gesves"], clubs["helecine"])
        s.licence(fed, people[name], clubs["gesves"], end=NEW_YEAR - datetime.timedelta(days=1))
        s.licence(fed, people[name], clubs["helecine"], start=NEW_YEAR)
    first, last = UNLICENSED.split()
    people[UNLICENSED] = s.player(first, last, clubs["gesves"])

    played = []  # (club slug, date, places by name, counts)
    for c, slug in enumerate(NAMES):
        pool = NAMES[slug] + MOVERS + ([UNLICENSED] if slug == "gesves" else [])
        for k in range(8):
            on = datetime.date(2025, 9 + k, 10 + c) if k < 4 else datetime.date(2026, k - 3, 10 + c)
            field = [pool[(k * 3 + c + i) % len(pool)] for i in range(5 + (k % 3))]
            places = []
            for i, name in enumerate(field):
                place = i + 1
                if k == 2 and i == 2:  # a tie for the second place
                    place = 2
                places.append(((name,), place))
            # Among them, one tournament the federation has not approved.
            status = "asked" if (slug == "namur" and k == 5) else "approved"
            s.tournament(
                clubs[slug],
                on,
                [(tuple(people[n] for n in players), place) for players, place in places],
                fed=fed,
                season=season,
                status=status,
                unlicensed_count=slug == "gesves",
            )
            played.append((slug, on, places, status == "approved"))
    return fed, season, clubs, people, played


def expected_rankings(
    played,
) -> tuple[list[tuple[int, str, Fraction]], list[tuple[int, str, Fraction]]]:
    per_player: dict[str, list[Fraction]] = defaultdict(list)
    per_club: dict[str, dict[str, list[Fraction]]] = defaultdict(lambda: defaultdict(list))
    for slug, on, places, counts in played:
        if not counts:
            continue
        for name, points in points_of(places).items():
            per_player[name].append(points)
            if name in MOVERS:
                club = "gesves" if on < NEW_YEAR else "helecine"
            else:
                club = next((c for c, names in NAMES.items() if name in names), slug)
            per_club[club.capitalize()][name].append(points)

    def best(points: list[Fraction], count: int) -> Fraction:
        return sum(sorted(points, reverse=True)[:count], Fraction(0))

    players = placed({n: best(p, BEST_N) for n, p in per_player.items() if len(p) >= 3})
    clubs = placed(
        {
            club: best([best(p, BEST_N) for p in by_player.values()], BEST_M)
            for club, by_player in per_club.items()
        }
    )
    return players, clubs


def test_three_clubs_rankings_on_the_pages_and_in_the_workbooks(season_built) -> None:
    fed, season, _clubs, _people, played = season_built
    players, club_lines = expected_rankings(played)
    assert len(players) > 10
    assert UNLICENSED in [name for _p, name, _t in players]

    client = Client()
    args = [fed.slug, season.pk, "whist"]
    page = client.get(reverse("federation_ranking", args=args))
    assert page.status_code == 200
    rows = table(page.content.decode(), "federation-ranking")
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (str(place), name, shown(total)) for place, name, total in players
    ]
    book = sheet_rows(client.get(reverse("federation_ranking_xlsx", args=args)).content)
    assert [(r[0], r[1], Fraction(r[2]).limit_denominator(100)) for r in book] == players

    page = client.get(reverse("federation_club_ranking", args=args))
    rows = table(page.content.decode(), "federation-club-ranking")
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (str(place), name, shown(total)) for place, name, total in club_lines
    ]
    book = sheet_rows(client.get(reverse("federation_club_ranking_xlsx", args=args)).content)
    assert [(r[0], r[1], Fraction(r[2]).limit_denominator(100)) for r in book] == club_lines


def test_the_tournament_not_approved_counts_once_approved_and_the_etag_changes(
    season_built, make_committee
) -> None:
    fed, season, _clubs, _people, played = season_built
    client = Client()
    url = reverse("federation_ranking", args=[fed.slug, season.pk, "whist"])
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    waiting = CountedTournament.objects.get(status="asked")
    committee = make_committee(fed, "comite")
    committee.post(
        reverse("federation_counted_desk", args=[fed.slug]),
        {"counted": waiting.pk, "action": "approve"},
    )
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    everything = [(slug, on, places, True) for slug, on, places, _counts in played]
    players, _clubs = expected_rankings(everything)
    rows = table(again.content.decode(), "federation-ranking")
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (str(place), name, shown(total)) for place, name, total in players
    ]


def test_the_counted_tournaments_list_and_a_players_page(season_built) -> None:
    fed, season, _clubs, people, _played = season_built
    client = Client()
    page = client.get(reverse("federation_counted", args=[fed.slug, season.pk]))
    rows = table(page.content.decode(), "federation-counted")
    assert len(rows) == 23  # the one awaiting approval is not listed
    assert {row[1] for row in rows} == {"Gesves", "Helecine", "Namur"}
    book = sheet_rows(
        client.get(reverse("federation_counted_xlsx", args=[fed.slug, season.pk])).content
    )
    assert len(book) == 23

    mover = people[MOVERS[0]]
    page = client.get(reverse("federation_player", args=[fed.slug, mover.uid]))
    assert page.status_code == 200
    rows = table(page.content.decode(), "federation-player")
    assert {row[2] for row in rows} == {"Gesves", "Helecine", "Namur"}
    assert "L0" not in page.content.decode()  # no licence number on a public page


def test_the_decay_turns_1000_into_800_after_one_rollover(db) -> None:
    fed = s.federation(step=100, min_tournaments=1, decay_percent=20)
    before = s.fed_season(fed, "2024-2025", datetime.date(2024, 9, 1), datetime.date(2025, 6, 30))
    now = s.fed_season(fed)
    home = s.club("Gesves", "gesves")
    ten = [s.player(f"Joueur{i}", f"Nom{i}", home) for i in range(10)]
    s.tournament(
        home,
        datetime.date(2024, 10, 1),
        [((p,), i + 1) for i, p in enumerate(ten)],
        fed=fed,
        season=before,
        unlicensed_count=True,
    )
    client = Client()
    earlier = table(
        client.get(
            reverse("federation_ranking", args=[fed.slug, before.pk, "whist"])
        ).content.decode(),
        "federation-ranking",
    )
    later = table(
        client.get(
            reverse("federation_ranking", args=[fed.slug, now.pk, "whist"])
        ).content.decode(),
        "federation-ranking",
    )
    assert earlier[0][1:3] == ["Joueur0 Nom0", "1000"]  # 100 × (10 − 1 + 1)
    assert later[0][1:3] == ["Joueur0 Nom0", "800"]  # × (1 − 20 %)


def test_shared_places_decay_and_a_tournament_without_final_places_on_the_pages(db) -> None:
    """Two seasons under a 10 % decay, a tie for the second place (a half point), and a
    tournament whose places no final standings give (a gap): left out, as the rule says."""
    fed = s.federation(step=10, min_tournaments=1, best_n=2, decay_percent=10)
    before = s.fed_season(fed, "2024-2025", datetime.date(2024, 9, 1), datetime.date(2025, 6, 30))
    now = s.fed_season(fed)
    home = s.club("Gesves", "gesves")
    ann, bob, cy = (s.player(name, "Nom", home) for name in ("Ann", "Bob", "Cy"))
    for on, places, season in (
        (datetime.date(2024, 10, 1), [((ann,), 1), ((bob,), 2), ((cy,), 2)], before),
        (datetime.date(2025, 10, 1), [((bob,), 1), ((ann,), 2)], now),
        (datetime.date(2025, 10, 8), [((cy,), 1), ((ann,), 3)], now),  # no second place
    ):
        s.tournament(home, on, places, fed=fed, season=season, unlicensed_count=True)
    # Ann: 30 × 0.9 + 10 = 37; Bob: (20 + 10) / 2 × 0.9 + 20 = 33.5; Cy: 15 × 0.9 = 13.5.
    client = Client()
    args = [fed.slug, now.pk, "whist"]
    rows = table(
        client.get(reverse("federation_ranking", args=args)).content.decode(),
        "federation-ranking",
    )
    assert [row[:3] for row in rows] == [
        ["1", "Ann Nom", "37"],
        ["2", "Bob Nom", "33,50"],
        ["3", "Cy Nom", "13,50"],
    ]
    clubs = table(
        client.get(reverse("federation_club_ranking", args=args)).content.decode(),
        "federation-club-ranking",
    )
    assert [row[:3] for row in clubs] == [["1", "Gesves", "84"]]


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="exact past 64 bits: PostgreSQL's numeric"
)
def test_ten_seasons_of_a_one_percent_decay_stay_exact(db) -> None:
    """A common denominator of 2 × 100^9: past a bigint, still exact."""
    fed = s.federation(step=10, min_tournaments=1, decay_percent=1)
    seasons = [
        s.fed_season(
            fed, f"{year}-{year + 1}", datetime.date(year, 9, 1), datetime.date(year + 1, 6, 30)
        )
        for year in range(2016, 2025)
    ]
    now = s.fed_season(fed)
    home = s.club("Gesves", "gesves")
    ann, bob = s.player("Ann", "Nom", home), s.player("Bob", "Nom", home)
    s.tournament(
        home,
        datetime.date(2016, 10, 1),
        [((ann,), 1), ((bob,), 2)],
        fed=fed,
        season=seasons[0],
        unlicensed_count=True,
    )
    s.tournament(
        home,
        datetime.date(2025, 10, 1),
        [((bob,), 1), ((ann,), 2)],
        fed=fed,
        season=now,
        unlicensed_count=True,
    )
    kept = Fraction(99, 100) ** 9  # nine rollovers since 2016
    args = [fed.slug, now.pk, "whist"]
    rows = table(
        Client().get(reverse("federation_ranking", args=args)).content.decode(),
        "federation-ranking",
    )
    assert [row[:2] for row in rows] == [["1", "Bob Nom"], ["2", "Ann Nom"]]
    # The workbook's numbers: the exact totals, as the nearest floats.
    book = sheet_rows(Client().get(reverse("federation_ranking_xlsx", args=args)).content)
    assert [(r[1], r[2]) for r in book] == [
        ("Bob Nom", float(20 + 10 * kept)),
        ("Ann Nom", float(10 + 20 * kept)),
    ]


def test_clubs_ranked_by_their_teams_win_percentage_72_above_65_7(db) -> None:
    fed = s.federation(games=("quarante",), club_ranking="win_percentage", min_tournaments=1)
    season = s.fed_season(fed)
    small, big = s.club("Petit Cercle", "petit"), s.club("Grand Cercle", "grand")
    a, b = s.player("Anne", "Small", small), s.player("Bea", "Small", small)
    c, d = s.player("Carl", "Big", big), s.player("Dirk", "Big", big)
    e, f = s.player("Emma", "Big", big), s.player("Fred", "Big", big)
    s.tournament(
        small,
        datetime.date(2025, 10, 1),
        [((a, b), 1)],
        fed=fed,
        season=season,
        game="quarante",
        unlicensed_count=True,
        matches=[(18, 25)],
    )
    s.tournament(
        big,
        datetime.date(2025, 10, 2),
        [((c, d), 1), ((e, f), 2)],
        fed=fed,
        season=season,
        game="quarante",
        unlicensed_count=True,
        matches=[(24, 35), (22, 35)],
    )
    client = Client()
    args = [fed.slug, season.pk, "quarante"]
    rows = table(
        client.get(reverse("federation_club_ranking", args=args)).content.decode(),
        "federation-club-ranking",
    )
    assert [row[:3] for row in rows] == [
        ["1", "Petit Cercle", "72,0 %"],
        ["2", "Grand Cercle", "65,7 %"],
    ]
    book = sheet_rows(client.get(reverse("federation_club_ranking_xlsx", args=args)).content)
    assert [(r[1], round(r[2], 1)) for r in book] == [
        ("Petit Cercle", 72.0),
        ("Grand Cercle", 65.7),
    ]
    # A team's place counts for both partners: 10 × (n − p + 1) among the teams.
    rows = table(
        client.get(reverse("federation_ranking", args=args)).content.decode(),
        "federation-ranking",
    )
    assert sorted((row[1], row[2]) for row in rows) == [
        ("Anne Small", "10"),
        ("Bea Small", "10"),
        ("Carl Big", "20"),
        ("Dirk Big", "20"),
        ("Emma Big", "10"),
        ("Fred Big", "10"),
    ]


# --------------------------------------------------------------------------- the desk


RULES = {
    "step": "10",
    "best_n": "10",
    "min_tournaments": "3",
    "decay_percent": "0",
    "best_m": "5",
    "club_ranking": "best_players",
}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "decay_percent",
            "100",
            "La décroissance annuelle est un pourcentage de 0 à 100 (non compris).",
        ),
        (
            "decay_percent",
            "-1",
            "La décroissance annuelle est un pourcentage de 0 à 100 (non compris).",
        ),
        ("best_n", "0", "Au moins un tournoi compte pour chaque joueur."),
        ("step", "0", "Une meilleure place doit rapporter plus de points"),
        ("best_m", "0", "Au moins un joueur compte pour chaque club."),
        ("min_tournaments", "abc", "Saisissez un nombre entier."),
    ],
)
def test_the_rules_page_refuses_out_of_bounds_settings_on_the_field(
    db, field, value, message, make_committee
) -> None:
    fed = s.federation()
    response = make_committee(fed, "comite").post(
        reverse("federation_rules", args=[fed.slug]), {**RULES, field: value}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    form = response.context["form"]
    assert list(form.errors) == [field]
    fed.refresh_from_db()
    assert (fed.step, fed.best_n, fed.decay_percent, fed.ranking_version) == (10, 10, 0, 0)


def test_the_rules_page_saves_a_rule_within_bounds(db, make_committee) -> None:
    fed = s.federation()
    response = make_committee(fed, "comite").post(
        reverse("federation_rules", args=[fed.slug]),
        {**RULES, "decay_percent": "20", "best_n": "8", "requires_approval": "on"},
    )
    assert response.status_code == 302
    fed.refresh_from_db()
    assert (fed.best_n, fed.decay_percent, fed.requires_approval) == (8, 20, True)
    assert fed.ranking_version == 1


def test_a_season_that_ends_before_it_starts_is_refused(db, make_committee) -> None:
    fed = s.federation()
    client = make_committee(fed, "comite")
    url = reverse("federation_seasons", args=[fed.slug])
    response = client.post(
        url, {"name": "2026", "starts_on": "2026-09-01", "ends_on": "2026-08-01"}
    )
    assert response.status_code == 400
    assert "La saison doit se terminer après son début." in response.content.decode()
    assert list(response.context["form"].errors) == ["ends_on"]
    assert not fed.seasons.exists()
    response = client.post(
        url, {"name": "2026", "starts_on": "2026-09-01", "ends_on": "2027-06-30"}
    )
    assert response.status_code == 302
    season = fed.seasons.get()
    edit = reverse("federation_season_edit", args=[fed.slug, season.pk])
    assert (
        client.post(
            edit, {"name": "2026", "starts_on": "2026-09-01", "ends_on": "2026-01-01"}
        ).status_code
        == 400
    )
    season.refresh_from_db()
    assert season.ends_on == datetime.date(2027, 6, 30)


def test_another_federations_desk_and_objects_answer_404(season_built, make_committee) -> None:
    fed, season, _clubs, _people, _played = season_built
    other = s.federation("autre")
    client = make_committee(other, "autre")
    assert client.get(reverse("federation_rules", args=[fed.slug])).status_code == 404
    assert client.get(reverse("federation_seasons", args=[fed.slug])).status_code == 404
    assert client.get(reverse("federation_counted_desk", args=[fed.slug])).status_code == 404
    waiting = CountedTournament.objects.get(status="asked")
    # Its own desk, another's tournament: 404, nothing changed.
    response = client.post(
        reverse("federation_counted_desk", args=[other.slug]),
        {"counted": waiting.pk, "action": "approve"},
    )
    assert response.status_code == 404
    waiting.refresh_from_db()
    assert waiting.status == "asked"
    edit = reverse("federation_season_edit", args=[other.slug, season.pk])
    assert client.get(edit).status_code == 404
    # A season of another federation in a public address: 404 too.
    assert (
        Client().get(reverse("federation_counted", args=[other.slug, season.pk])).status_code == 404
    )
    # A game the federation does not rank: 404, every time (never kept).
    for _again in range(2):
        unranked = reverse("federation_ranking", args=[fed.slug, season.pk, "manille"])
        assert Client().get(unranked).status_code == 404


def test_the_desk_forms_need_their_csrf_token(db, make_committee) -> None:
    fed = s.federation()
    client = make_committee(fed, "csrf", enforce_csrf_checks=True)
    response = client.post(reverse("federation_rules", args=[fed.slug]), {**RULES, "best_n": "4"})
    assert response.status_code == 403
    fed.refresh_from_db()
    assert fed.best_n == 10


def test_refusing_a_tournament_takes_it_out(season_built, make_committee) -> None:
    fed, season, _clubs, _people, _played = season_built
    client = make_committee(fed, "comite")
    first = CountedTournament.objects.filter(status="approved").order_by("pk").first()
    client.post(
        reverse("federation_counted_desk", args=[fed.slug]),
        {"counted": first.pk, "action": "refuse"},
    )
    first.refresh_from_db()
    assert first.status == "refused"
    page = client.get(reverse("federation_counted_desk", args=[fed.slug])).content.decode()
    assert "Refusé" in page
    rows = table(
        Client().get(reverse("federation_counted", args=[fed.slug, season.pk])).content.decode(),
        "federation-counted",
    )
    assert len(rows) == 22


def test_a_result_changed_bumps_the_rankings_version(season_built) -> None:
    fed, _season, _clubs, _people, _played = season_built
    counted = CountedTournament.objects.first()
    signals.results_changed.send(Tournament, tournament=counted.tournament, sheet=False)
    fed.refresh_from_db()
    assert fed.ranking_version == 1
    cache.clear()


def test_the_ranking_is_kept_in_the_cache_for_every_visitor(season_built, make_committee) -> None:
    fed, season, _clubs, _people, _played = season_built
    url = reverse("federation_ranking", args=[fed.slug, season.pk, "whist"])
    cache.clear()
    first = Client().get(url)
    assert first["Cache-Control"] == "public, no-cache"
    with CaptureQueriesContext(connection) as queries:
        second = Client().get(url)
    # Its key read in one query (the season, its federation, what its rankings depend on).
    assert len(queries) == 1
    assert second.content == first.content
    # A logged-in user's page has his menu: his own, never kept for others.
    own = make_committee(fed, "comite").get(url)
    assert own["Cache-Control"] == "private, no-cache"
    assert own["ETag"] != first["ETag"]


def test_a_renamed_player_or_a_new_licence_import_changes_the_cached_page(season_built) -> None:
    """Neither bumps the federation's version: the season's signature, read at every hit,
    keys the page anew (a player's name is the core's, a licence decides where he counts)."""
    fed, season, _clubs, people, _played = season_built
    url = reverse("federation_ranking", args=[fed.slug, season.pk, "whist"])
    first = Client().get(url)
    player = next(p for p in people.values() if p.last_name in first.content.decode())
    player.last_name = "Renommé"
    player.save()
    renamed = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert renamed.status_code == 200 and "Renommé" in renamed.content.decode()
    licence = fed.licences.first()
    licence.valid_until = licence.valid_until  # saved again: a new import's time
    licence.save()
    again = Client().get(url, HTTP_IF_NONE_MATCH=renamed["ETag"])
    assert again.status_code == 200 and again["ETag"] != renamed["ETag"]
    fed.refresh_from_db()
    assert fed.ranking_version == 0


def test_no_text_in_the_workbooks_becomes_a_formula(db) -> None:
    fed = s.federation(min_tournaments=1)
    season = s.fed_season(fed)
    host = s.club("=1+1 Cercle", "formule")
    hostile = s.player('=HYPERLINK("http://x")', "=2+2", host)
    s.tournament(
        host,
        datetime.date(2025, 10, 1),
        [((hostile,), 1)],
        fed=fed,
        season=season,
        unlicensed_count=True,
    )
    client = Client()
    for url in (
        reverse("federation_ranking_xlsx", args=[fed.slug, season.pk, "whist"]),
        reverse("federation_club_ranking_xlsx", args=[fed.slug, season.pk, "whist"]),
        reverse("federation_counted_xlsx", args=[fed.slug, season.pk]),
        reverse("federation_player_xlsx", args=[fed.slug, hostile.uid]),
    ):
        book = openpyxl.load_workbook(io.BytesIO(client.get(url).content))
        cells = [cell for row in book.active.iter_rows() for cell in row if cell.value]
        assert not [cell.value for cell in cells if cell.data_type == "f"], url
        assert any(str(cell.value).startswith("=") for cell in cells), url
