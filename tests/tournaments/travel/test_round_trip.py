"""Every tournament of the demo, exported, imported into an empty database and served there:
the same pages (as text), workbooks (cell by cell) and PDFs (``pdftotext``) as the original's.

The empty database is the test's own, emptied in its transaction (every table but Django's
migrations, content types, permissions and groups, as a fresh ``migrate`` leaves them), its
cache epoch renewed and the pages' cache cleared (another database never shares them). Pages
are named by the ``uid`` of what they show: their integer keys differ from one database to the
other.
"""

import gzip
import io
import json
import subprocess
from collections.abc import Callable

from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management.color import no_style
from django.db import connection
from django.test import Client
from django.urls import reverse
from lxml import html
from openpyxl import load_workbook

from club.models import Club, Season, SiteEpoch
from club.roles import BUREAU, grant_role
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.ratings import services as ratings
from tournaments.travel.services.document import schema_errors, seal
from tournaments.travel.services.export import tournament_payload
from tournaments.travel.services.importing import import_bundle
from tournaments.travel.services.signing import make_site_key

#: Tables whose pages are read: every table of the first and the last round (the others are
#: the same pages again; their facts are checked by the standings and the workbooks).
KEPT_TABLES = "first and last round"


def page_text(content: bytes) -> str:
    """What a person reads in the page's main part: its text, spaces folded."""
    tree = html.fromstring(content)
    for node in tree.xpath("//script|//style"):
        node.drop_tree()
    main = tree.xpath("//main") or [tree]
    return " ".join(main[0].text_content().split())


def workbook_cells(content: bytes) -> list[tuple[str, list[list[object]]]]:
    book = load_workbook(io.BytesIO(content), read_only=True)
    return [
        (sheet.title, [list(row) for row in sheet.iter_rows(values_only=True)])
        for sheet in book.worksheets
    ]


def pdf_text(content: bytes) -> str:
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    )
    return done.stdout.decode()


def collect(client: Client) -> dict[str, object]:
    """Every page, workbook and PDF this test compares, by the uids of what it shows."""
    seen: dict[str, object] = {}

    def get(key: str, url: str, read: Callable[[bytes], object] = page_text) -> None:
        response = client.get(url)
        if response.status_code != 200:  # the same answer there (a sheet the game has not)
            seen[key] = response.status_code
            return
        seen[key] = read(b"".join(response) if response.streaming else response.content)

    for tournament in Tournament.objects.order_by("uid"):
        t = str(tournament.uid)
        get(f"standings {t}", reverse("tournament_standings", args=[tournament.pk]))
        get(f"rounds {t}", reverse("tournament_rounds", args=[tournament.pk]))
        get(f"staff standings {t}", reverse("staff_standings", args=[tournament.pk]))
        get(f"dashboard {t}", reverse("staff_tournament", args=[tournament.pk]))
        get(f"xlsx {t}", reverse("tournament_xlsx", args=[tournament.pk]), workbook_cells)
        for entry in Entry.objects.filter(tournament=tournament):
            get(
                f"player {entry.uid}",
                reverse("tournament_player", args=[tournament.pk, entry.pk]),
            )
        rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
        for round_ in rounds:
            get(f"staff round {round_.uid}", reverse("staff_round", args=[round_.pk]))
        if rounds:
            last = rounds[-1]
            get(f"plan {last.uid}", reverse("round_plan_pdf", args=[last.pk]), pdf_text)
        kept = {rounds[0].pk, rounds[-1].pk} if rounds else set()
        for table in Table.objects.filter(round_id__in=kept):
            get(f"table {table.uid}", reverse("table_detail", args=[table.pk]))
            get(f"history {table.uid}", reverse("staff_history", args=[table.pk]))
            if not table.bye:
                get(f"sheet {table.uid}", reverse("staff_sheet", args=[table.pk]))
    smallest = Tournament.objects.filter(game="plonk").first()
    if smallest is not None:
        get(
            "filled sheets plonk",
            reverse("tournament_filled_pdf", args=[smallest.pk]),
            pdf_text,
        )
    for season in Season.objects.order_by("uid"):
        s = str(season.uid)
        get(f"season {s}", reverse("season_standings", args=[season.pk]))
        get(f"season xlsx {s}", reverse("season_xlsx", args=[season.pk]), workbook_cells)
        players = {
            (e.player.uid, e.player_id)
            for e in Entry.objects.filter(tournament__season=season).select_related("player")
        }
        for uid, pk in sorted(players):
            get(f"season player {s} {uid}", reverse("season_player", args=[season.pk, pk]))
    return seen


def staff_client() -> Client:
    """The comparison's reader: the committee of every club (the same name in both)."""
    user, _created = User.objects.get_or_create(username="comparateur")
    for club in Club.objects.all():
        grant_role(user, club, BUREAU)
    client = Client()
    client.force_login(user)
    return client


def empty_database() -> None:
    """The database as ``migrate`` leaves it, in the test's transaction; its pages' cache
    and epoch as another database's."""
    kept = {
        "django_migrations",
        "django_content_type",
        "auth_permission",
        "auth_group",
        "auth_group_permissions",
    }
    tables = [name for name in connection.introspection.table_names() if name not in kept]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The demo's rows are checked now: PostgreSQL truncates no table with a check
            # pending in its transaction.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for statement in connection.ops.sql_flush(no_style(), tables, allow_cascade=True):
            cursor.execute(statement)
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    SiteEpoch.renew()
    cache.clear()


def rebuild_rating_lists() -> None:
    for club in Club.objects.all():
        ratings.build_demo_lists(club)


def test_demo_round_trip(demo_db, settings):
    settings.PDF_INLINE_MAX_RENDERS = 1000
    make_site_key()
    # The clubs' rating lists are projections over all their tournaments, rebuilt by the queue
    # after commit (no worker runs in a test): brought up to date here on both sides, with the
    # demo's gates (a list's settings are the club's, not a tournament's: they do not travel).
    rebuild_rating_lists()
    before = collect(staff_client())
    bundles = {}
    for tournament in Tournament.objects.select_related("club", "season").order_by("uid"):
        bundles[tournament.name] = seal(tournament_payload(tournament), make_site_key()[0])
    assert len(bundles) == 13
    for name, data in bundles.items():  # each, whole, valid against docs/bundle.schema.json
        assert schema_errors(json.loads(gzip.decompress(data))) == [], name

    empty_database()
    assert not Tournament.objects.exists()
    for name, data in bundles.items():
        report = import_bundle(data)
        assert report.changes > 0, name
    rebuild_rating_lists()
    after = collect(staff_client())

    assert sorted(after) == sorted(before)
    differing = [key for key in before if before[key] != after[key]]
    assert not differing, [(key, before[key], after[key]) for key in differing[:2]]

    again = {name: import_bundle(data).changes for name, data in bundles.items()}
    assert again == dict.fromkeys(bundles, 0)
