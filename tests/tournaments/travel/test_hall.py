"""`make hall` (``manage.py hall``): the evening taken away, run on the laptop's own SQLite
database with no network at all, and « Rapporter la soirée » (README « Une soirée sans
internet »)."""

import concurrent.futures
import difflib
import html as htmlmod
import io
import json
import random
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hall_helpers import MANAGE, Browser, hall_env, laptop, page_text, scorekeeper_on
from openpyxl import load_workbook

from club.models import Membership
from scoring.double_king import score_deal
from tournaments.models import Tournament
from tournaments.sample_sheets import double_king_round
from tournaments.travel.services.document import BundleError
from tournaments.travel.services.export import export_bundle
from tournaments.travel.services.importing import import_bundle
from tournaments.travel.services.signing import make_site_key


def network_namespace_works() -> bool:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    done = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
    return done.returncode == 0


@pytest.fixture
def taken_away(played_tournament, tmp_path):
    """« Emporter la soirée »'s file of the played tournament."""
    make_site_key()
    path = tmp_path / "soiree.atout"
    path.write_bytes(export_bundle(played_tournament, hold="Portable"))
    return path


def test_hall_imports_and_serves_with_only_the_loopback(taken_away, played_tournament, tmp_path):
    """In a network namespace of its own (only the loopback: no route anywhere, so nothing
    can be downloaded or installed), the command imports the bundle, prints the address and
    the login, and its server answers on 127.0.0.1."""
    if not network_namespace_works():
        pytest.skip("unshare -n (a network namespace: root or user namespaces) is not available")
    folder, port = tmp_path / "hall", 8399
    out, page, links = tmp_path / "out.txt", tmp_path / "page.html", tmp_path / "links.txt"
    script = f"""
ip link set lo up
ip -o link > {links}
{sys.executable} {MANAGE} hall {taken_away} --addrport 127.0.0.1:{port} --workers 0 \
  > {out} 2>&1 &
server=$!
for i in $(seq 1 1200); do
  curl -s -o /dev/null http://127.0.0.1:{port}/healthz && break
  sleep 0.1
done
curl -s -o {page} -w '%{{http_code}}' http://127.0.0.1:{port}/tournois/
kill $server
wait $server
"""
    done = subprocess.run(
        ["unshare", "-n", "sh", "-c", script],
        env=hall_env(folder, port),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    printed = out.read_text()
    assert done.stdout.endswith("200"), (done.stdout, done.stderr, printed)
    assert links.read_text().count("\n") == 1  # the loopback only
    assert f"http://127.0.0.1:{port}" in printed
    assert "soiree / " in printed
    assert played_tournament.name in page.read_text()
    assert (folder / "hall.sqlite3").exists()


# -- The whole evening: the site (this test's database) and the laptop (its own process) ----


def workbook_cells(content: bytes) -> list[tuple[str, list[list[object]]]]:
    book = load_workbook(io.BytesIO(content), read_only=True)
    return [
        (sheet.title, [list(row) for row in sheet.iter_rows(values_only=True)])
        for sheet in book.worksheets
    ]


def print_sheets(browser: Browser, path: str, log: Path) -> Callable[[], bytes]:
    """The desk's « Imprimer les feuilles »: the PDF at once, or laid out by the queue's
    worker (the scorekeeper's browser waits on its page); the file, when it is ready.

    The worker runs at a lower priority (nice 10): on a machine busy with the rest of the
    suite it may get a tenth of a core, hence the long wait; its log says why if it fails."""
    status, content = browser.request(path)
    if status == 200:
        return lambda: content
    assert status == 302, (status, content[:500])
    queued = urllib.parse.urlparse(browser.location).path

    def ready() -> bytes:
        deadline = time.monotonic() + 480
        while True:
            status, content = browser.request(queued + "fichier.pdf")
            if status == 200:
                return content
            assert time.monotonic() < deadline, (status, content[:500], log.read_text())
            time.sleep(0.3)

    return ready


def play_table(root: str, link: str, rng_seed: int) -> None:
    """Every deal of a Double King table from its four phones: each row entered by its
    dealer's phone, confirmed by the next seat's."""
    path = urllib.parse.urlparse(link).path
    phones = [Browser(root) for _seat in range(4)]
    page = phones[0].get(path)
    # The seats in their order, each with its player's name (the phone's « who am I »).
    seats = re.findall(r'name="entry" value="(\d+)"[^>]*><label[^>]*>([^<]+)</label>', page)
    assert len(seats) == 4, page[:3000]
    for phone, (entry, _name) in zip(phones, seats, strict=True):
        phone.get(path)
        phone.post(path, {"action": "who", "entry": entry})
    page = phones[0].get(path)
    dealers = json.loads(htmlmod.unescape(re.search(r'data-dealers="([^"]*)"', page)[1]))
    names = [htmlmod.unescape(name).strip() for _entry, name in seats]
    first = names.index(dealers[0])
    for number, record in enumerate(double_king_round(first, random.Random(rng_seed)), 1):
        dealer = record["dealer"]
        page = phones[dealer].get(path)
        version = re.search(r'name="version" value="(\d+)"', page)[1]
        data = {"action": "save", "version": version, "game": record["game"], "key": f"k{number}"}
        data.update({f"p{seat}": str(p) for seat, p in enumerate(score_deal(record))})
        phones[dealer].post(path, data)
        confirmer = phones[(dealer + 1) % 4]
        page = confirmer.get(path)
        deal = re.search(
            r'name="action" value="confirm"><input type="hidden" name="deal" value="(\d+)"', page
        )
        assert deal, page[:3000]
        confirmer.post(path, {"action": "confirm", "deal": deal[1]})


def test_the_whole_evening_on_the_laptop_and_back_on_the_site(
    make_tournament, make_players, season, club, committee_user, client, tmp_path
):
    """The issue's evening: « Emporter » on the site, `make hall` on the laptop (its own
    SQLite database and process, no route to the site: they share only the files), a walk-in
    member and an unknown walk-in registered, the draw, every deal from four phones with an
    opponent's confirmation, a sheet printed; the site refuses a save meanwhile; « Rapporter la
    soirée » (final) and the site's import: its standings, season page and workbook equal the
    laptop's; a player edited on the site meanwhile is one conflict line; a second import changes
    nothing, one changed byte is refused."""
    started = time.monotonic()
    # The site: 14 registered, two members of the season who may walk in.
    tournament = make_tournament(players=14, rounds=1, name="Double King du jeudi")
    Tournament.objects.filter(pk=tournament.pk).update(table_phones=True)
    walk_ins = make_players(2, prefix="Membre")
    for player in walk_ins:
        Membership.objects.create(player=player, season=season, amount=Decimal("20"))
    make_site_key()
    client.force_login(committee_user)
    taken = client.post(reverse("staff_hold", args=[tournament.pk]), {"holder": "Portable"})
    assert taken.status_code == 200 and taken["Content-Type"] == "application/gzip"
    bundle = tmp_path / "soiree.atout"
    bundle.write_bytes(taken.content)

    marks = {"site, before": time.monotonic() - started}
    with laptop(bundle, tmp_path / "hall") as (printed, root):
        marks["laptop started"] = time.monotonic() - started
        scorekeeper, desk_path = scorekeeper_on(printed, root)
        desk = scorekeeper.get(desk_path)
        assert "Rapporter la soirée" in desk or "return-link" in desk
        registration = desk_path + "inscriptions/"
        page = scorekeeper.get(registration)
        member = re.search(r'value="(\d+)"[^>]*>\s*Membre00', page) or re.search(
            r'<option value="(\d+)"[^>]*>[^<]*Membre00', page
        )
        assert member, page[:4000]
        scorekeeper.post(registration, {"action": "member", "player": member[1]})
        scorekeeper.post(
            registration, {"action": "walk_in", "first_name": "Inconnu", "last_name": "Passant"}
        )
        # Meanwhile the site refuses a staff save on the tournament it no longer holds.
        refused = client.post(
            reverse("staff_registration", args=[tournament.pk]),
            {"action": "walk_in", "first_name": "Trop", "last_name": "Tard"},
            follow=True,
        )
        assert "Portable" in refused.content.decode()
        assert not tournament.entries.filter(player__first_name="Trop").exists()
        # A player's details edited on the site meanwhile (a pseudonym, not shown by his
        # name's mode: the public pages stay comparable): one conflict line at the return.
        edited = tournament.entries.order_by("pk").first().player
        answer = client.post(
            reverse("club_member", args=[club.slug, edited.pk]),
            {"public_name": "", "pseudonym": "Le Revenant"},
        )
        assert answer.status_code == 302

        scorekeeper.post(desk_path + "tirage/", {"confirm": "1"})
        desk = scorekeeper.get(desk_path)
        round_path = re.search(r'href="(/saisie/rondes/\d+/)"', desk)[1]
        scorekeeper.post(round_path + "telephones/", {"action": "issue"})
        phones_page = scorekeeper.get(round_path + "telephones/")
        links = sorted(set(re.findall(r"(http://[^\"<\s]+/t/[^\"<\s/]+/)", phones_page)))
        assert len(links) == 4, phones_page[:3000]
        assert all(link.startswith(root + "/t/") for link in links)  # the laptop's address
        # The sheets printed again here (the site's carry the site's address).
        sheets = print_sheets(scorekeeper, round_path + "feuilles.pdf", tmp_path / "hall.log")
        marks["registered, drawn"] = time.monotonic() - started
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(play_table, [root] * 4, links, range(4)))
        marks["80 deals played"] = time.monotonic() - started
        assert sheets().startswith(b"%PDF")

        # The public pages, as anyone in the hall reads them.
        public = Browser(root)
        standings_path = desk_path.replace("/saisie", "", 1)
        laptop_standings = public.get(standings_path)
        season_path = re.search(r'href="(/saisons/\d+/classement/)"', laptop_standings)[1]
        laptop_pages = {
            "standings": page_text(laptop_standings),
            "season": page_text(public.get(season_path)),
        }
        _status, laptop_book = public.request(standings_path + "classement.xlsx")
        assert "return-form" in scorekeeper.get(desk_path + "rapporter/")
        _status, returned = scorekeeper.request(desk_path + "rapporter/", {"kind": "final"})
    marks["printed, brought back"] = time.monotonic() - started
    assert returned[:2] == b"\x1f\x8b"

    # The site takes the evening back through its desk: the preview, then the confirmation.
    upload = SimpleUploadedFile("retour.atout.json.gz", returned, "application/gzip")
    preview = client.post(reverse("travel_import", args=[club.slug]), {"file": upload})
    assert preview.status_code == 200, preview.content.decode()[:3000]
    previewed = preview.content.decode()
    assert previewed.count("modifié ici pendant que l’ordinateur tenait la soirée") == 1
    token = re.search(r'name="token" value="([^"]+)"', previewed)[1]
    done = client.post(
        reverse("travel_import", args=[club.slug]), {"token": token, "action": "confirm"}
    )
    assert done.status_code == 302
    assert "importé" in client.get(done.url).content.decode()  # read as the desk shows it
    tournament.refresh_from_db()
    assert tournament.held_by == ""
    assert tournament.entries.count() == 16
    edited.refresh_from_db()
    assert edited.pseudonym == "Le Revenant"  # the site's details kept
    reader = Client()
    site_pages = {
        "standings": page_text(
            reader.get(reverse("tournament_standings", args=[tournament.pk])).content
        ),
        "season": page_text(reader.get(reverse("season_standings", args=[season.pk])).content),
    }
    for kind, text in site_pages.items():
        assert text == laptop_pages[kind], "\n".join(
            difflib.unified_diff(
                laptop_pages[kind].split(" "), text.split(" "), "laptop", "site", lineterm=""
            )
        )
    site_book = reader.get(reverse("tournament_xlsx", args=[tournament.pk])).content
    assert workbook_cells(site_book) == workbook_cells(laptop_book)
    # Again: nothing changes. One changed byte: refused, nothing written.
    assert import_bundle(returned, club=club).changes == 0
    tampered = bytearray(returned)
    tampered[len(tampered) // 2] ^= 1
    with pytest.raises(BundleError):
        import_bundle(bytes(tampered), club=club)
    marks["imported, compared"] = time.monotonic() - started
    print("\nthe whole evening:", ", ".join(f"{k} {v:.1f} s" for k, v in marks.items()))
    print(f"the laptop's bundle: {len(returned)} bytes gzipped, out: {len(bundle.read_bytes())}")
