"""The federation's door on the hall's laptop (issues 34 and 35 §3): a counted tournament's
lease bundle carries the federation, its counting row and the travelling players' licences
(nothing else of the federation); the laptop's registration page says each licence state in
words, as online; a walk-in typed there with a number its list does not hold is « à vérifier
au retour », listed in the laptop's bundle back and checked by the site's import; the site's
import takes none of the federation's rows."""

import datetime
import gzip
import json
import time
import uuid

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hall_helpers import laptop, page_text, scorekeeper_on
from helpers import door_licence, wallonne
from lxml import html

from club.models import Club, Player
from tournaments.federation import door
from tournaments.federation.models import (
    CountedTournament,
    Federation,
    Licence,
)
from tournaments.models import Entry, Tournament
from tournaments.travel.services.document import BundleError, seal
from tournaments.travel.services.export import export_bundle, tournament_payload
from tournaments.travel.services.importing import import_bundle
from tournaments.travel.services.signing import make_site_key, signing_key_for

pytestmark = pytest.mark.django_db


def counted(tournament: Tournament, club: Club) -> Federation:
    """The tournament counts for a federation the club is an accepted member of."""
    federation = wallonne(tournament.game, member=club)
    door.set_counted(tournament, federation=federation, unlicensed_may_play=True)
    return federation


def licence(federation: Federation, player: Player, number: str, *, expired: bool = False):
    if not expired:
        return door_licence(federation, player, number)
    last_season = {
        "valid_from": datetime.date(2024, 9, 1),
        "valid_until": datetime.date(2025, 8, 31),
    }
    return door_licence(federation, player, number, **last_season)


def opened(data: bytes) -> dict:
    return json.loads(gzip.decompress(data))["payload"]


def test_the_lease_carries_the_door_and_nothing_else_of_the_federation(
    make_tournament, make_players, club
):
    tournament = make_tournament(players=4, rounds=1)
    federation = counted(tournament, club)
    players = [entry.player for entry in tournament.entries.order_by("pk")]
    for number, player in enumerate(players[:3]):
        licence(federation, player, f"W-{number}", expired=number == 2)
    # Not travelling: a licence of the federation held by a player of no tournament here.
    (stranger,) = make_players(1, prefix="Ailleurs")
    licence(federation, stranger, "W-999")
    make_site_key()
    payload = opened(export_bundle(tournament, hold="Portable"))
    assert payload["federation"] == {
        "uid": str(federation.uid),
        "name": "Fédération wallonne",
        "slug": "ffw",
        "language": "fr",
        "games": [tournament.game],
    }
    row = payload["counted_tournament"]
    assert (row["status"], row["unlicensed_may_play"], row["season"]["name"]) == (
        "approved",
        True,
        "2025-2026",
    )
    assert [(r["number"], r["status"]) for r in payload["licences"]] == [
        ("W-0", "valid"),
        ("W-1", "valid"),
        ("W-2", "valid"),
    ]
    assert {r["player"] for r in payload["licences"]} == {str(p.uid) for p in players[:3]}
    # A bundle that is not a lease's (an export, the laptop's return) carries none of it.
    plain = tournament_payload(tournament)
    assert not {"federation", "counted_tournament", "licences"} & set(plain)


def test_the_sites_import_of_the_laptops_bundle_takes_no_federation_row(make_tournament, club):
    """The site's own licences are the truth: the federation's keys in a laptop's bundle back
    (even changed there) change nothing here."""
    tournament = make_tournament(players=4, rounds=1)
    federation = counted(tournament, club)
    first = tournament.entries.order_by("pk").first().player
    licence(federation, first, "W-1")
    make_site_key()
    outgoing = opened(export_bundle(tournament, hold="Portable"))
    lease = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(outgoing["lease"]["private_key"]))
    back = tournament_payload(tournament)
    back["exported_at"] = (
        datetime.datetime.fromisoformat(back["exported_at"]) + datetime.timedelta(minutes=5)
    ).isoformat()
    back["federation"] = {**outgoing["federation"], "name": "Autre nom"}
    back["counted_tournament"] = {**outgoing["counted_tournament"], "unlicensed_may_play": False}
    back["licences"] = [
        {**outgoing["licences"][0], "status": "suspended"},
        {**outgoing["licences"][0], "uid": str(uuid.uuid4()), "number": "W-NEW"},
    ]
    before = list(Licence.objects.values_list("uid", "number", "status", "valid_until"))
    report = import_bundle(seal(back, lease))
    assert report.changes == 0, report.lines
    assert list(Licence.objects.values_list("uid", "number", "status", "valid_until")) == before
    federation.refresh_from_db()
    assert federation.name == "Fédération wallonne"
    assert CountedTournament.objects.get(tournament=tournament).unlicensed_may_play is True


@pytest.mark.parametrize(
    ("valid_from", "valid_until", "said"),
    [
        ("2025-09-01", "2026-02-30", "une date qui n’en est pas une : « 2026-02-30 »"),
        ("2026-03-01", "2025-09-01", "finissent avant de commencer"),
    ],
)
def test_a_lease_bundle_whose_licence_dates_are_wrong_is_refused(
    make_tournament, club, valid_from, valid_until, said
):
    """The laptop's import of the door's rows: a licence's day that is no day of the calendar,
    or one ending before it starts, refused in French, nothing written."""
    tournament = make_tournament(players=4, rounds=1)
    federation = counted(tournament, club)
    licence(federation, tournament.entries.order_by("pk").first().player, "W-1")
    _key, _made = make_site_key()
    payload = opened(export_bundle(tournament, hold="Portable"))
    row = {
        **payload["licences"][0],
        "uid": str(uuid.uuid4()),
        "valid_from": valid_from,
        "valid_until": valid_until,
    }
    data = seal({**payload, "licences": [row]}, signing_key_for(tournament.uid))
    with pytest.raises(BundleError, match=said):
        import_bundle(data)
    assert Licence.objects.count() == 1


def test_the_door_on_the_laptop_and_a_licence_to_check_back_on_the_site(
    make_tournament, club, tmp_path
):
    """24 registered (20 valid licences, 2 expired, 2 unknown) taken away: the laptop's
    registration page (its own process and database) says each state in words and a mark; a
    walk-in typed with a number its list does not hold is registered « à vérifier au retour »,
    listed in the laptop's bundle back, and the site's import checks it."""
    started = time.monotonic()
    tournament = make_tournament(players=24, rounds=1, name="Double King compté")
    federation = counted(tournament, club)
    players = [entry.player for entry in tournament.entries.order_by("pk")]
    for number, player in enumerate(players[:22]):
        licence(federation, player, f"W-{number:03d}", expired=number >= 20)
    make_site_key()
    bundle = tmp_path / "soiree.atout"
    bundle.write_bytes(export_bundle(tournament, hold="Portable"))

    with laptop(bundle, tmp_path / "hall") as (printed, root):
        scorekeeper, desk_path = scorekeeper_on(printed, root)
        registration = desk_path + "inscriptions/"

        def states() -> dict[str, str]:
            """Each registered player's licence state, as the page says it in words."""
            tree = html.fromstring(scorekeeper.get(registration))
            found = {}
            for mark in tree.xpath("//span[contains(@class, 'licence-')]"):
                cell = mark.getparent()
                name = " ".join((cell.text or "").split())
                found[name] = " ".join(mark.text_content().split())
            return found

        said = states()
        assert len(said) == 24, said
        words = sorted(said.values())
        assert words.count("✔ valide") == 20, words
        assert words.count("✖ expirée") == 2, words
        assert words.count("? inconnue") == 2, words
        assert said[players[21].full_name] == "✖ expirée"
        assert said[players[23].full_name] == "? inconnue"

        # A walk-in whose number the laptop's list does not hold: registered, to check.
        scorekeeper.post(
            registration,
            {
                "action": "walk_in",
                "licence_number": "W-777",
                "first_name": "Paul",
                "last_name": "Tardif",
            },
        )
        said = states()
        assert said["Paul Tardif"] == "↻ à vérifier au retour", said
        assert "à vérifier au retour" in page_text(scorekeeper.get(registration))
        # A known licence typed at the door is its holder (matched at once, as online).
        scorekeeper.post(registration, {"action": "walk_in", "licence_number": "W-005"})
        assert len(states()) == 25
        _status, returned = scorekeeper.request(desk_path + "rapporter/", {"kind": "final"})
    assert returned[:2] == b"\x1f\x8b"
    back = opened(returned)
    walk_in = next(row for row in back["players"] if row["last_name"] == "Tardif")
    assert back["licences_to_check"] == [walk_in["uid"]]
    assert walk_in["licence_number"] == "W-777"
    assert "licences" not in back and "federation" not in back

    # The site checks it: unknown here, kept as typed; its own licences untouched.
    licences_before = Licence.objects.count()
    report = import_bundle(returned, club=club)
    assert any("W-777" in line and "inconnue ici" in line for line in report.conflicts), (
        report.conflicts
    )
    assert Entry.objects.filter(tournament=tournament, player__last_name="Tardif").exists()
    assert Licence.objects.count() == licences_before
    assert not Licence.objects.filter(to_check=True).exists()
    print(
        f"\nthe door on the laptop: {time.monotonic() - started:.1f} s; the lease's bundle: "
        f"{len(bundle.read_bytes())} bytes gzipped, back: {len(returned)}"
    )
