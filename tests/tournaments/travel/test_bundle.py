"""A tournament's bundle: what an import takes, and what it refuses with one French line,
writing nothing (docs/bundle.md)."""

import gzip
import io
import json
import uuid

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import CommandError, call_command

from club.models import Club, Player, Season
from tournaments.models import ResultChange, Seat, Table, Tournament, TournamentResult
from tournaments.services import deal_entry, drawing
from tournaments.services.errors import TournamentHeld
from tournaments.services.holds import release_hold
from tournaments.services.privacy import erase_player
from tournaments.travel.models import TrustedKey
from tournaments.travel.services.document import (
    FORMAT_VERSION,
    BundleError,
    canonical,
    public_hex,
    read_limited,
    schema_errors,
    seal,
)
from tournaments.travel.services.export import export_bundle, tournament_payload
from tournaments.travel.services.importing import (
    DROP_LICENCE,
    LICENCE_HOLDER,
    ImportConflicts,
    import_bundle,
)
from tournaments.travel.services.signing import (
    register_club_key,
    register_lease_key,
)


@pytest.fixture
def bundle(played_tournament, site_key):
    """The played tournament's payload, and the tournament itself."""
    return tournament_payload(played_tournament), played_tournament


def forget(tournament: Tournament) -> None:
    """The tournament gone from this database (its players stay): the next import makes it."""
    tournament.round_set.all().delete()
    tournament.delete()


def counts() -> tuple[int, ...]:
    return (
        Tournament.objects.count(),
        ResultChange.objects.count(),
        Player.objects.count(),
        Seat.objects.count(),
    )


def refused(data: bytes, expected: str, **kwargs) -> None:
    before = counts()
    with pytest.raises(BundleError) as caught:
        import_bundle(data, **kwargs)
    assert expected in str(caught.value), str(caught.value)
    assert counts() == before


def test_import_replays_the_sheets_and_computes_the_standings(bundle, site_key):
    payload, tournament = bundle
    results = sorted(
        TournamentResult.objects.filter(tournament=tournament).values_list(
            "player__uid", "rank", "points"
        )
    )
    forget(tournament)
    report = import_bundle(seal(payload, site_key))
    assert report.changes > 0
    again = Tournament.objects.get(uid=tournament.uid)
    assert again.status == Tournament.Status.FINISHED
    assert (
        sorted(
            TournamentResult.objects.filter(tournament=again).values_list(
                "player__uid", "rank", "points"
            )
        )
        == results
    )
    # The sheets' versions kept their uids and authors' times.
    sheet = payload["rounds"][0]["tables"][0]["sheets"][0]
    assert ResultChange.objects.get(uid=sheet["uid"]).version == sheet["version"]


def test_a_whist_tables_sit_out_order_travels(make_tournament, site_key):
    """The rotation of sit-outs the draw stored at a table (« à tour de rôle », at 5 or 6)
    comes back as it was stored: the sheets' sit-outs follow it."""
    tournament = make_tournament("whist", players=4, rounds=2)
    drawing.draw_round(tournament, seed=1)
    table = Table.objects.get(round__tournament=tournament)
    Table.objects.filter(pk=table.pk).update(sit_out_order=[3, 1, 0, 2])
    data = seal(tournament_payload(tournament), site_key)
    assert schema_errors(json.loads(gzip.decompress(data))) == []
    forget(tournament)
    import_bundle(data)
    assert Table.objects.get(uid=table.uid).sit_out_order == [3, 1, 0, 2]


def test_a_second_import_changes_nothing_and_says_so(bundle, site_key, tmp_path):
    payload, tournament = bundle
    forget(tournament)
    path = tmp_path / "t.atout.json.gz"
    path.write_bytes(seal(payload, site_key))
    call_command("import_tournament", str(path), stdout=io.StringIO())
    before = counts()
    out = io.StringIO()
    call_command("import_tournament", str(path), stdout=out)
    assert "rien n’a changé" in out.getvalue()
    assert counts() == before


def test_dry_run_says_what_would_change_and_writes_nothing(bundle, site_key, tmp_path):
    payload, tournament = bundle
    forget(tournament)
    path = tmp_path / "t.json.gz"
    path.write_bytes(seal(payload, site_key))
    before = counts()
    out = io.StringIO()
    call_command("import_tournament", str(path), "--dry-run", stdout=out)
    assert "essai : rien n’est écrit" in out.getvalue()
    assert "version 1" in out.getvalue()
    assert counts() == before


def test_export_command_writes_a_signed_gzip_bundle(played_tournament, site_key, tmp_path):
    path = tmp_path / "out.json.gz"
    call_command(
        "export_tournament", str(played_tournament.uid), "-o", str(path), stderr=io.StringIO()
    )
    document = json.loads(gzip.decompress(path.read_bytes()))
    assert document["version"] == FORMAT_VERSION
    assert document["signature"]["key"] == public_hex(site_key)
    assert "email" not in json.dumps(document["payload"]["players"])


def test_a_changed_byte_is_refused(bundle, site_key):
    payload, tournament = bundle
    forget(tournament)
    data = seal(payload, site_key, compress=False)
    at = data.index(b'"first_dealer":true')
    tampered = data[:at] + b'"first_dealer":false' + data[at + len(b'"first_dealer":true') :]
    refused(tampered, "modifié après sa signature")
    spaced = data.replace(b'"seats":[', b'"seats": [', 1)
    refused(spaced, "modifié après sa signature")
    zipped = bytearray(seal(payload, site_key))
    zipped[len(zipped) // 2] ^= 0x01
    refused(bytes(zipped), "gzip")


def test_not_json_not_gzip_truncated_too_large(bundle, site_key, settings):
    payload, tournament = bundle
    forget(tournament)
    refused(b"Nom;Points\nDupont;12\n", "n’est pas du JSON")
    refused(b"\x1f\x8b\x08\x00garbage", "gzip")
    data = seal(payload, site_key)
    refused(data[: len(data) // 2], "tronqué")
    refused(seal(payload, site_key, compress=False)[:-20], "n’est pas du JSON")
    refused(json.dumps({"hello": 1}).encode(), "pas un paquet de tournoi")
    settings.ATOUT_BUNDLE_MAX_BYTES = 1000
    refused(data, "dépasse")
    stream = io.BytesIO(b"x" * 5000)
    with pytest.raises(BundleError):
        read_limited(stream)
    assert stream.tell() == 1001  # bounded before it is read


def test_a_bomb_is_refused_before_it_is_unzipped_whole(db, settings):
    settings.ATOUT_BUNDLE_MAX_JSON_BYTES = 10_000
    refused(gzip.compress(b" " * 1_000_000), "décompressé")


def test_a_newer_or_unknown_format_version_is_refused(bundle, site_key):
    payload, _tournament = bundle
    for version, expected in ((FORMAT_VERSION + 1, "plus récente"), (0, "inconnue")):
        document = {"format": "atout-tournament-bundle", "version": version, "payload": payload}
        signature = site_key.sign(canonical(document))
        document["signature"] = {"key": public_hex(site_key), "value": signature.hex()}
        refused(canonical(document), expected)


def test_an_unknown_key_is_refused(bundle):
    payload, tournament = bundle
    forget(tournament)
    stranger = Ed25519PrivateKey.generate()
    refused(seal(payload, stranger), "clé que ce site ne connaît pas")


def test_a_lease_key_signs_its_tournament_only(bundle, played_tournament):
    payload, tournament = bundle
    lease = Ed25519PrivateKey.generate()
    register_lease_key(public_key=public_hex(lease), tournament_uid=uuid.uuid4(), label="x")
    forget(tournament)
    refused(seal(payload, lease), "un autre tournoi")
    TrustedKey.objects.filter(public_key=public_hex(lease)).update(
        tournament_uid=payload["tournament"]["uid"]
    )
    assert import_bundle(seal(payload, lease)).trust == "lease"
    assert import_bundle(seal(payload, lease)).changes == 0


def test_a_registered_key_signs_its_club_only(bundle, db):
    payload, tournament = bundle
    host = Ed25519PrivateKey.generate()
    other = Club.objects.create(name="Autre club", slug="autre")
    register_club_key(public_key=public_hex(host), club=other, label="autre hôte")
    forget(tournament)
    refused(seal(payload, host), "un autre club")
    TrustedKey.objects.filter(public_key=public_hex(host)).update(club=tournament.club)
    assert import_bundle(seal(payload, host)).trust == "registered"


def test_a_uid_of_another_clubs_row_is_refused(bundle, site_key):
    payload, tournament = bundle
    other = Club.objects.create(name="Autre club", slug="autre")
    season = Season.objects.create(
        club=other, name="Autre", start=tournament.season.start, end=tournament.season.end
    )
    forget(tournament)
    payload["season"]["uid"] = str(season.uid)
    refused(seal(payload, site_key), "appartient déjà à une ligne d’un autre club")


def test_a_sheet_the_engine_refuses_writes_nothing(bundle, site_key):
    payload, tournament = bundle
    forget(tournament)
    sheet = payload["rounds"][0]["tables"][0]["sheets"][-1]
    sheet["after"] = [{"nonsense": True}]
    refused(seal(payload, site_key), "Table 1 de la ronde 1")


def test_the_desk_imports_its_own_clubs_bundles_only(bundle, site_key):
    payload, tournament = bundle
    other = Club.objects.create(name="Autre club", slug="autre")
    forget(tournament)
    refused(seal(payload, site_key), "un autre club", club=other)


def test_a_licence_of_another_person_is_refused_without_naming_him(bundle, site_key):
    payload, tournament = bundle
    forget(tournament)
    row = payload["players"][0]
    Player.objects.filter(uid=row["uid"]).update(licence_number="")
    Player.objects.create(first_name="Zorglub", last_name="Secret", licence_number="L-77")
    row["licence_number"] = "L-77"
    before = counts()
    with pytest.raises(BundleError) as caught:
        import_bundle(seal(payload, site_key))
    assert "appartient à une autre personne" in str(caught.value)
    assert "Zorglub" not in str(caught.value)
    assert counts() == before


def test_players_are_matched_by_licence_then_uid_never_by_name(bundle, site_key):
    payload, tournament = bundle
    forget(tournament)
    by_licence, by_name = payload["players"][0], payload["players"][1]
    held = Player.objects.get(uid=by_licence["uid"])
    held.uid = uuid.uuid4()
    held.licence_number = "L-1"
    held.save()
    by_licence["licence_number"] = "L-1"
    namesake = Player.objects.get(uid=by_name["uid"])
    namesake.uid = uuid.uuid4()
    namesake.save()
    report = import_bundle(seal(payload, site_key))
    assert Player.objects.filter(licence_number="L-1").count() == 1  # the same person
    assert (
        Player.objects.filter(
            first_name=by_name["first_name"], last_name=by_name["last_name"]
        ).count()
        == 2
    )  # two people of one name: reported, never merged
    assert any(by_name["first_name"] in note for note in report.notes)


def test_an_erased_player_travels_erased(played_tournament, site_key, committee_user):
    player = played_tournament.entries.first().player
    player.clubs.clear()
    player.clubs.add(played_tournament.club)
    player = erase_player(player, club=played_tournament.club, user=committee_user)
    payload = tournament_payload(played_tournament)
    row = next(p for p in payload["players"] if p["uid"] == str(player.uid))
    assert row["erased_at"] and row["licence_number"] == ""
    forget(played_tournament)
    Player.objects.filter(pk=player.pk).delete()
    import_bundle(seal(payload, site_key))
    again = Player.objects.get(uid=player.uid)
    assert again.erased_at is not None
    assert again.first_name == player.first_name  # the anonymous label, never a name back


def test_a_sheet_changed_here_since_the_bundle_is_refused(played_tournament, site_key):
    """A later bundle whose new version of a sheet follows a version this database does not
    have (the sheet was changed here meanwhile): refused, nothing written."""
    table = played_tournament.round_set.get(number=1).tables.first()
    records = [dict(r) for r in table.changes.get(version=table.version).after]
    records.pop()
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    later = tournament_payload(played_tournament)  # holds that new version
    ResultChange.objects.filter(table=table, version=table.version + 1).update(uid=uuid.uuid4())
    refused(seal(later, site_key), "modifiée ici depuis")


def test_bundle_key_registers_another_hosts_key_for_one_club(bundle, tmp_path):
    payload, tournament = bundle
    host = Ed25519PrivateKey.generate()
    out = io.StringIO()
    call_command(
        "bundle_key", "--register", public_hex(host), "--club", tournament.club.slug, stdout=out
    )
    assert "accepted" in out.getvalue()
    forget(tournament)
    assert import_bundle(seal(payload, host)).trust == "registered"
    with pytest.raises(CommandError):
        call_command("bundle_key", "--register", "xyz", "--club", tournament.club.slug)


def test_a_later_bundle_adds_what_is_new(bundle, site_key):
    """The evening's bundle after round 1, then the whole evening's: the second adds round 2
    and its sheets; the standings are the original's."""
    payload, tournament = bundle
    results = sorted(
        TournamentResult.objects.filter(tournament=tournament).values_list(
            "player__uid", "rank", "points"
        )
    )
    earlier = json.loads(json.dumps(payload))
    earlier["rounds"] = earlier["rounds"][:1]
    earlier["tournament"]["status"] = Tournament.Status.RUNNING
    forget(tournament)
    import_bundle(seal(earlier, site_key))
    again = Tournament.objects.get(uid=tournament.uid)
    assert again.round_set.count() == 1
    report = import_bundle(seal(payload, site_key))
    assert any("Ronde 2" in line for line in report.lines)
    assert again.round_set.count() == 2
    assert (
        sorted(
            TournamentResult.objects.filter(tournament=again).values_list(
                "player__uid", "rank", "points"
            )
        )
        == results
    )


def _lease_conflict(payload, tournament):
    """A lease's bundle whose first player came back with a licence that belongs here to
    another person (« Zorglub Secret »)."""
    lease = Ed25519PrivateKey.generate()
    register_lease_key(
        public_key=public_hex(lease), tournament_uid=tournament.uid, label="portable"
    )
    holder = Player.objects.create(first_name="Zorglub", last_name="Secret", licence_number="L-9")
    row = payload["players"][0]
    row["licence_number"] = "L-9"
    return lease, holder, row


def test_a_leases_licence_conflict_is_settled_before_anything_is_written(bundle, tmp_path):
    payload, tournament = bundle
    lease, holder, row = _lease_conflict(payload, tournament)
    forget(tournament)
    data = seal(payload, lease)
    before = counts()
    with pytest.raises(ImportConflicts) as caught:
        import_bundle(data)
    assert [c.player_uid for c in caught.value.conflicts] == [row["uid"]]
    assert "Zorglub" not in str(caught.value)
    assert counts() == before
    path = tmp_path / "lease.json.gz"
    path.write_bytes(data)
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path), stdout=io.StringIO())
    # Settled: the licence left to its holder, the player of the lease keeps his entries.
    call_command(
        "import_tournament",
        str(path),
        f"--settle={row['uid']}={DROP_LICENCE}",
        stdout=io.StringIO(),
    )
    again = Tournament.objects.get(uid=tournament.uid)
    assert again.entries.filter(player__uid=row["uid"]).exists()
    assert not again.entries.filter(player=holder).exists()


def test_a_leases_player_taken_as_the_licences_holder(bundle):
    payload, tournament = bundle
    lease, holder, row = _lease_conflict(payload, tournament)
    forget(tournament)
    import_bundle(seal(payload, lease), settlements={row["uid"]: LICENCE_HOLDER})
    again = Tournament.objects.get(uid=tournament.uid)
    assert again.entries.filter(player=holder).exists()


def test_an_evening_taken_away_and_brought_back(played_tournament, site_key, tmp_path):
    """« Emporter la soirée »: ``--hold`` holds the tournament and carries a lease key; the
    laptop's bundle signed with it is replayed while the hold stands, its last one releases
    it; the lease signs that tournament only."""
    path = tmp_path / "out.json.gz"
    call_command(
        "export_tournament",
        str(played_tournament.pk),
        "-o",
        str(path),
        "--hold",
        "Portable",
        stderr=io.StringIO(),
    )
    played_tournament.refresh_from_db()
    assert played_tournament.held_by == "Portable"
    outgoing = json.loads(gzip.decompress(path.read_bytes()))["payload"]
    lease = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(outgoing["lease"]["private_key"]))
    assert TrustedKey.objects.get(public_key=public_hex(lease)).kind == "lease"
    # Re-imported here, the outgoing bundle changes nothing and keeps no private key.
    assert import_bundle(path.read_bytes()).changes == 0
    # The laptop's evening: one sheet changed there, its last bundle.
    back = tournament_payload(played_tournament)
    table = back["rounds"][0]["tables"][0]
    last = table["sheets"][-1]
    table["sheets"].append(
        {
            **last,
            "uid": str(uuid.uuid4()),
            "version": last["version"] + 1,
            "before": last["after"],
            "after": last["after"][:-1],
            "author": "portable",
        }
    )
    back["final"] = True
    with pytest.raises(TournamentHeld):  # the site refuses its own writes while held...
        deal_entry.save_sheet(
            played_tournament.round_set.get(number=1).tables.get(number=table["number"]),
            records=last["after"][:-1],
            version=last["version"],
            user=None,
        )
    report = import_bundle(seal(back, lease))  # ...the laptop's bundle goes through
    assert report.trust == "lease"
    assert ResultChange.objects.filter(uid=table["sheets"][-1]["uid"]).exists()
    played_tournament.refresh_from_db()
    assert played_tournament.held_by == ""
    # The lease signs nothing else.
    other = Tournament.objects.exclude(pk=played_tournament.pk).first()
    if other is not None:
        refused(seal(tournament_payload(other), lease), "un autre tournoi")


def test_the_laptop_keeps_its_lease_and_signs_with_it(played_tournament, site_key):
    """Where the lease was not issued (the laptop), the outgoing bundle's private key is kept
    and signs that tournament's bundles from then on."""
    data = export_bundle(played_tournament, hold="Portable")
    lease_public = TrustedKey.objects.get(kind="lease").public_key
    # This database as the laptop's: it never issued the lease, nobody holds the evening.
    TrustedKey.objects.filter(kind="lease").delete()
    release_hold(tournament=played_tournament)
    forget(played_tournament)
    report = import_bundle(data, trust_key=public_hex(site_key))
    assert any("Portable" in line for line in report.lines)
    again = Tournament.objects.get(uid=played_tournament.uid)
    document = json.loads(gzip.decompress(export_bundle(again)))
    assert document["signature"]["key"] == lease_public
