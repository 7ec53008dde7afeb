"""Issue 25, traps 2 and 3: a cached page never outlives a deploy, nor a restored backup.

Trap 2: a deploy (new code: a template or a translation fixed) shows at once, even on a page
whose data never changes again (a finished tournament). Trap 3: after a restore, the versions
count again from the backup's values; the pages cached meanwhile under the same versions must
never be served (« dump, change, restore, change again → the page shows the database's data »),
whether the backup is Django's (dumpdata / flush / loaddata, any database) or PostgreSQL's own
(pg_dump / pg_restore, when the suite runs on PostgreSQL).

Issue 32, §6: the same holds when the operator forgets ``renew_cache_epoch`` after the restore
(the guide's other steps followed: the services stopped, the database restored, the services
started again: each worker reads the epoch afresh).
"""

import io
import random
import shutil
import subprocess
import sys

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from club.models import Player, SiteEpoch
from tournaments.models import Tournament
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry, drawing


def deploy(settings, release: str) -> None:
    """What a new release's processes see: another release id (a new process computes it
    afresh: the running one forgets the one it memoised)."""
    settings.ATOUT_RELEASE = release
    page_cache = sys.modules.get("tournaments.publishing.page_cache")
    if page_cache is not None:
        page_cache.release.cache_clear()


def save_table(tournament: Tournament, number: int, seed: int):
    table = tournament.round_set.get(number=1).tables.get(number=number)
    position = table.seats.get(first_dealer=True).position
    records = double_king_round(position, random.Random(seed))
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    return table


def best_score(table) -> int:
    return table.seats.order_by("-score").first().score


@pytest.fixture
def drawn(make_tournament):
    tournament = make_tournament(players=8, rounds=1)
    drawing.draw_round(tournament, seed=1)
    return tournament


# --------------------------------------------------------------------------- trap 2: deploys


@pytest.mark.django_db
def test_a_template_fixed_by_a_deploy_shows_on_a_finished_tournament(drawn, settings, tmp_path):
    save_table(drawn, 1, seed=3)
    save_table(drawn, 2, seed=4)
    Tournament.objects.filter(pk=drawn.pk).update(status="finished")
    url = reverse("tournament_standings", args=[drawn.pk])
    deploy(settings, "1.0+aaaa")
    before = Client().get(url)
    assert before.status_code == 200 and "Fixed in 1.1" not in before.content.decode()

    # The next release fixes the base layout: nothing in the database changes.
    base = (django_settings.BASE_DIR / "templates" / "base.html").read_text()
    (tmp_path / "base.html").write_text(base.replace("</footer>", "Fixed in 1.1</footer>"))
    settings.TEMPLATES = [
        dict(engine, DIRS=[tmp_path, *engine["DIRS"]])
        if engine["BACKEND"].endswith(".DjangoTemplates")
        else engine
        for engine in settings.TEMPLATES
    ]
    deploy(settings, "1.1+bbbb")
    after = Client().get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert "Fixed in 1.1" in after.content.decode()


# --------------------------------------------------------------------------- trap 3: restores


#: After the restore: ``renew_cache_epoch`` as the guide says, or the step forgotten.
RENEW = pytest.mark.parametrize("renew", [True, False], ids=["renewed", "renew-forgotten"])


def after_restore(renew: bool) -> None:
    """The guide's steps after the database is back: ``renew_cache_epoch`` (unless forgotten),
    then the services started again (a new process reads the epoch afresh)."""
    if renew:
        call_command("renew_cache_epoch", stdout=io.StringIO())
    SiteEpoch.forget()


def restore_django_backup(dump, renew: bool = True) -> None:
    """Restore as a club without PostgreSQL's tools would: empty the database, load the dump,
    then the step docs/deploy.md gives after any restore."""
    call_command("flush", interactive=False, inhibit_post_migrate=True, verbosity=0)
    call_command("loaddata", str(dump), verbosity=0)
    after_restore(renew)


def dump_change_restore_change_again(drawn, backup, restore):
    """The issue's scenario, whatever the backup tool: returns the tournament's standings as
    served at the end, the ETag a browser kept from before the restore, and the table saved
    after it."""
    url = reverse("tournament_standings", args=[drawn.pk])
    SiteEpoch.forget()  # the workers started on this database: they read its epoch
    browser = Client()
    assert browser.get(url).status_code == 200  # cached at the backup's versions
    saved = backup()

    # Changed after the backup: a player renamed, a table's sheet saved (versions +1).
    player = Player.objects.filter(entries__tournament=drawn).order_by("pk").first()
    original_name = (player.first_name, player.last_name)
    Player.objects.filter(pk=player.pk).update(first_name="Fantôme", last_name="Effacé")
    save_table(drawn, 1, seed=3)
    kept = browser.get(url)
    assert "Fantôme" in kept.content.decode()

    restore(saved)

    # The backup's data again; the same table saved again, with other deals: its versions (the
    # table's, the tournament's) are those of the lost change.
    assert Player.objects.get(pk=player.pk).first_name == original_name[0]
    again = save_table(Tournament.objects.get(pk=drawn.pk), 1, seed=9)
    return url, kept["ETag"], again, original_name


@RENEW
@pytest.mark.django_db(transaction=True)
def test_a_restored_django_backup_shows_the_database_and_not_the_lost_change(
    drawn, tmp_path, renew
):
    def backup():
        dump = tmp_path / "backup.json"
        call_command("dumpdata", output=str(dump), verbosity=0)
        return dump

    url, old_etag, table, (first_name, _last_name) = dump_change_restore_change_again(
        drawn, backup, lambda dump: restore_django_backup(dump, renew)
    )
    polled = Client().get(url, HTTP_IF_NONE_MATCH=old_etag)
    assert polled.status_code == 200  # never a 304 on the lost change's version
    page = polled.content.decode()
    assert "Fantôme" not in page and first_name in page
    assert f">{best_score(table)}<" in page


def _pg_args() -> list[str]:
    conf = connection.settings_dict
    args = ["-h", conf["HOST"] or "127.0.0.1", "-p", str(conf["PORT"] or 5432)]
    if conf["USER"]:
        args += ["-U", conf["USER"]]
    return args


@RENEW
@pytest.mark.django_db(transaction=True)
def test_a_restored_pg_dump_shows_the_database_and_not_the_lost_change(drawn, tmp_path, renew):
    if connection.vendor != "postgresql" or not shutil.which("pg_restore"):
        pytest.skip("PostgreSQL's backup: the suite on PostgreSQL with pg_dump (CI)")
    name = connection.settings_dict["NAME"]
    env = {"PGPASSWORD": connection.settings_dict["PASSWORD"] or "", "PATH": "/usr/bin:/bin"}
    dump = tmp_path / "atout.dump"

    def backup() -> None:
        subprocess.run(
            ["pg_dump", *_pg_args(), "--format=custom", "--file", str(dump), name],
            check=True,
            env=env,
        )

    def restore(_saved) -> None:
        connections.close_all()
        subprocess.run(
            [
                "pg_restore",
                *_pg_args(),
                "--clean",
                "--if-exists",
                "--no-owner",
                "-d",
                name,
                str(dump),
            ],
            check=True,
            env=env,
        )
        after_restore(renew)

    url, old_etag, table, (first_name, _last) = dump_change_restore_change_again(
        drawn, backup, restore
    )
    polled = Client().get(url, HTTP_IF_NONE_MATCH=old_etag)
    assert polled.status_code == 200
    page = polled.content.decode()
    assert "Fantôme" not in page and first_name in page
    assert f">{best_score(table)}<" in page
