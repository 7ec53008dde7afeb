"""Issue 33 §5, « A tournament held elsewhere »: while a laptop holds a tournament, the site
refuses every write to it, in the services every write passes through (staff sheet, phones,
registration, settings, erasure, draw, clock...), with a French message naming the laptop and
since when; its public pages stay served, and the club's other tournaments stay writable. The
committee takes the evening away and releases it by hand."""

import ast
import gzip
import json
import random
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.admin.models import LogEntry
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from form_data import form_data
from helpers import fr

from club.models import Player
from tournaments.models import Entry, Seat, Tournament
from tournaments.sample_sheets import double_king_round, sheet_post_data, whist_pool
from tournaments.services import (
    deal_entry,
    drawing,
    errors,
    holds,
    pairing,
    recompute,
    registration,
    round_clock,
    rulesets,
    tournament_settings,
)
from tournaments.tableside import hall_screen, table_entry
from tournaments.tableside.models import TableDeal, TableLink

pytestmark = pytest.mark.django_db

HOLDER = "Portable du bar"
ROOT = Path(__file__).resolve().parents[2]


def hold(tournament, by=None):
    holds.hold_tournament(tournament=tournament, holder=HOLDER, by=by)
    tournament.refresh_from_db()
    return tournament


def assert_refusal(text: str, tournament: Tournament) -> None:
    """The French refusal: the tournament, the laptop and since when (date and time)."""
    since = timezone.localtime(tournament.held_since)
    expected = fr(
        "“%(tournament)s” is held by the laptop “%(holder)s” since %(date)s at %(time)s: "
        "the site accepts no change to it until the laptop’s evening is imported.",
        tournament=tournament.name,
        holder=HOLDER,
        date=since.strftime("%d/%m/%Y"),
        time=since.strftime("%H:%M"),
    )
    assert expected.startswith("« ") and "est tenu par l’ordinateur « Portable du bar »" in expected
    assert expected in text, text[:3000]


def page(response) -> str:
    return response.content.decode()


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


# --------------------------------------------------------------------------- staff sheet


def test_the_staff_sheet_is_not_saved_and_keeps_what_was_typed(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    records = double_king_round(table.seats.get(first_dealer=True).position, random.Random(2))
    hold(tournament)
    data = sheet_post_data(table, records[:4], 0)
    response = scorekeeper_client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    table.refresh_from_db()
    assert table.version == 0 and table.deals.count() == 0 and not table.changes.exists()
    # What was typed is still in the form.
    assert response.context["form"].data == response.wsgi_request.POST


def test_a_deal_deleted_at_the_desk_is_refused(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=3).tables.get()
    first = table.seats.get(first_dealer=True).position
    record = whist_pool(first, random.Random(1), deals=1)[0]
    deal_entry.save_deal(table, record=record, number=None, version=0, user=None)
    hold(tournament)
    url = reverse("staff_deals", args=[table.pk])
    response = scorekeeper_client.post(
        url, {"action": "delete", "number": "1", "version": "1"}, follow=True
    )
    assert_refusal(messages_of(response), tournament)
    assert table.deals.count() == 1


# --------------------------------------------------------------------------- phones


def _phone(link, entry_id) -> Client:
    client = Client()
    response = client.post(
        reverse("table_page", args=[link.token]), {"action": "who", "entry": str(entry_id)}
    )
    assert response.status_code == 302
    return client


def _whist_deal(table, key: str) -> dict[str, str]:
    return {
        "action": "save",
        "version": str(table.version),
        "number": "1",
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": "10",
        "key": key,
    }


@pytest.fixture
def phones(whist_table):
    """A whist table with its link, north's and east's phones seated (before any hold)."""
    link = table_entry.issue_link(whist_table, user=None)
    north = _phone(link, Seat.objects.get(table=whist_table, position=0).entry_id)
    east = _phone(link, Seat.objects.get(table=whist_table, position=1).entry_id)
    return whist_table, link, north, east


def test_a_phone_deal_is_refused(phones):
    table, link, north, _east = phones
    tournament = hold(table.round.tournament)
    response = north.post(reverse("table_page", args=[link.token]), _whist_deal(table, "k1"))
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    # The phone's script (its queue sending later): JSON, nothing kept as a conflict either.
    sent = north.post(reverse("table_send", args=[link.token]), _whist_deal(table, "k2"))
    assert sent.status_code == 409
    assert_refusal(sent.json()["message"], tournament)
    assert not TableDeal.objects.filter(table=table).exists()


def test_a_phone_confirmation_is_refused(phones, scorekeeper_client):
    table, link, north, east = phones
    assert (
        north.post(reverse("table_page", args=[link.token]), _whist_deal(table, "k1")).status_code
        == 302
    )
    pending = TableDeal.objects.get(table=table)
    tournament = hold(table.round.tournament)
    confirm = {"action": "confirm", "deal": str(pending.pk)}
    response = east.post(reverse("table_page", args=[link.token]), confirm)
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    # The scorekeeper's confirmation on the phones' page, and a rejection, are refused too.
    desk = scorekeeper_client.post(
        reverse("staff_round_phones", args=[table.round_id]),
        {"action": "confirm", "table": str(table.pk), "deal": str(pending.pk)},
        follow=True,
    )
    assert_refusal(messages_of(desk), tournament)
    reject = {"action": "reject", "deal": str(pending.pk), "reason": "Faux"}
    assert east.post(reverse("table_page", args=[link.token]), reject).status_code == 409
    pending.refresh_from_db()
    assert pending.status == TableDeal.Status.PENDING and table.deals.count() == 0


def test_a_phone_claiming_its_seat_and_new_links_are_refused(whist_table):
    link = table_entry.issue_link(whist_table, user=None)
    tournament = hold(whist_table.round.tournament)
    entry = Seat.objects.get(table=whist_table, position=0).entry_id
    response = Client().post(
        reverse("table_page", args=[link.token]), {"action": "who", "entry": str(entry)}
    )
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    with pytest.raises(errors.TournamentHeld):
        table_entry.issue_link(whist_table, user=None)
    assert TableLink.objects.filter(table=whist_table).count() == 1


# --------------------------------------------------------------------------- registration


def test_registration_is_refused(scorekeeper_client, make_tournament, make_players, club):
    tournament = hold(make_tournament(players=4, rounds=1))
    member = make_players(1, prefix="Membre")[0]
    url = reverse("staff_registration", args=[tournament.pk])
    response = scorekeeper_client.post(url, {"action": "member", "player": str(member.pk)})
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    walk_in = {"action": "walk_in", "first_name": "Nouveau", "last_name": "Venu"}
    response = scorekeeper_client.post(url, walk_in)
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    assert 'value="Nouveau"' in page(response)  # what was typed stays
    entry = tournament.entries.first()
    toggle = scorekeeper_client.post(
        url,
        {"action": "present", "entry": str(entry.pk), "value": "0"},
        headers={"Accept": "application/json"},
    )
    assert toggle.status_code == 409
    assert_refusal(toggle.json()["message"], tournament)
    assert tournament.entries.count() == 4 and tournament.entries.filter(present=True).count() == 4
    assert not Player.objects.filter(last_name="Venu").exists()


# --------------------------------------------------------------------------- rules, settings


def test_a_change_of_the_tournaments_rules_is_refused(scorekeeper_client, make_tournament):
    tournament = hold(make_tournament("whist", players=4, rounds=3))
    url = reverse("staff_tournament_edit", args=[tournament.pk])
    data = form_data(scorekeeper_client.get(url).context["form"])
    data.update(rounds="5", name="Whist renommé")
    response = scorekeeper_client.post(url, data)
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    assert 'value="Whist renommé"' in page(response)
    tournament.refresh_from_db()
    assert tournament.rounds == 3 and tournament.name == "Whist test"
    # Starting it (the rules copied into it) and publishing it are refused too.
    with pytest.raises(errors.TournamentHeld):
        rulesets.start_tournament(tournament)
    with pytest.raises(errors.TournamentHeld):
        tournament_settings.set_published(tournament, published=False)
    tournament.refresh_from_db()
    assert tournament.rules == {} and tournament.published


# --------------------------------------------------------------------------- erasure


def test_a_player_of_the_held_tournament_is_not_erased_another_member_is(
    committee_client, make_tournament, make_players, club
):
    tournament = hold(make_tournament(players=4, rounds=1))
    player = tournament.entries.first().player
    url = reverse("club_member_erase", args=[club.slug, player.pk])
    response = committee_client.post(url, {"confirm": "EFFACER"})
    assert response.status_code == 400
    assert_refusal(page(response), tournament)
    player.refresh_from_db()
    assert player.erased_at is None and player.last_name == "Nom00"
    # A member who was not in it when it left may still be erased.
    other = make_players(1, prefix="Ailleurs")[0]
    url = reverse("club_member_erase", args=[club.slug, other.pk])
    assert committee_client.post(url, {"confirm": "EFFACER"}).status_code == 302
    other.refresh_from_db()
    assert other.erased_at is not None


# --------------------------------------------------------------------------- draw, clock


def test_a_draw_is_refused(scorekeeper_client, make_tournament):
    tournament = hold(make_tournament(players=8, rounds=2))
    response = scorekeeper_client.post(
        reverse("staff_draw", args=[tournament.pk]), {"confirm": "1"}, follow=True
    )
    assert_refusal(messages_of(response), tournament)
    assert not tournament.round_set.exists()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


def test_the_round_and_its_clock_are_refused(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    hold(tournament)
    response = scorekeeper_client.post(
        reverse("staff_clock", args=[round_.pk]),
        {"action": "start"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 409
    assert_refusal(response.json()["message"], tournament)
    response = scorekeeper_client.post(
        reverse("staff_round", args=[round_.pk]), {"action": "start"}, follow=True
    )
    assert_refusal(messages_of(response), tournament)
    round_.refresh_from_db()
    assert round_.clock_started_at is None and round_.status == round_.Status.DRAWN


def test_every_other_write_service_refuses(make_tournament, committee_user):
    """The services without a page of their own above: each refuses, none writes."""
    tournament = make_tournament("quarante", players=8, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    team = tournament.teams.first()
    entry = tournament.entries.first()
    hall_screen.hall_link_renew(tournament)
    hold(tournament)
    calls = {
        "redraw": lambda: drawing.redraw_round(round_),
        "cancel_draw": lambda: drawing.cancel_draw(round_, user=committee_user),
        "start_round": lambda: drawing.start_round(round_),
        "clock_pause": lambda: round_clock.clock_pause(round_),
        "clock_minutes": lambda: round_clock.clock_set_minutes(round_, minutes=10),
        "close_round": lambda: round_clock.close_round(round_),
        "dissolve_team": lambda: pairing.dissolve_team(team),
        "draw_teams": lambda: pairing.draw_teams(tournament, seed=1),
        "withdraw": lambda: registration.update_entry(entry, withdrawn=True),
        "unregister": lambda: registration.unregister(entry),
        "same_as_last": lambda: registration.register_same_as_last(tournament),
        "walk_in": lambda: registration.register(tournament, first_name="Zoé", last_name="Roy"),
        "represented_club": lambda: registration.set_represented_club(entry, None),
        "settings": lambda: tournament_settings.save_tournament(tournament),
        "hall_link": lambda: hall_screen.hall_link_revoke(tournament),
        "recompute": lambda: recompute.recompute_tournament(tournament),
        "issue_links": lambda: table_entry.issue_round_links(round_, user=None),
    }
    for name, call in calls.items():
        with pytest.raises(errors.TournamentHeld) as refused:
            call()
            pytest.fail(f"{name} was not refused")
        assert HOLDER in str(refused.value), name
    tournament.refresh_from_db()
    assert tournament.round_set.count() == 1 and tournament.entries.count() == 8
    assert tournament.hall_token and not Entry.objects.filter(withdrawn=True).exists()


def test_recompute_leaves_a_held_tournament_as_it_was_and_says_so(played_tournament):
    hold(played_tournament)
    report = recompute.recompute()
    assert report.tournaments == 0 and len(report.held) == 1
    assert HOLDER in report.held[0]
    out = StringIO()
    call_command("recompute", stdout=out)
    assert fr("Left as it was: %(reason)s", reason=report.held[0]) in out.getvalue()


# --------------------------------------------------------------------------- reads, others


def test_the_public_pages_stay_served(client, played_tournament):
    tournament = hold(played_tournament)
    table = tournament.round_set.first().tables.first()
    entry = tournament.entries.first()
    for url in (
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[table.pk]),
        reverse("tournament_display", args=[tournament.pk]),
        reverse("tournament_player", args=[tournament.pk, entry.pk]),
    ):
        assert client.get(url).status_code == 200, url


def test_the_hall_screen_and_the_tables_phone_page_stay_served(client, whist_table):
    tournament = whist_table.round.tournament
    token = hall_screen.hall_link_renew(tournament)
    link = table_entry.issue_link(whist_table, user=None)
    hold(tournament)
    hall = client.get(reverse("hall_clock", args=[token]))
    assert hall.status_code == 200 and HOLDER not in page(hall)  # the staff's banner only
    assert client.get(reverse("hall_clock_state", args=[token])).status_code == 200
    assert client.get(reverse("table_page", args=[link.token])).status_code == 200
    assert client.get(reverse("table_state", args=[link.token])).status_code == 200


def test_the_clubs_other_tournaments_stay_writable(make_tournament, make_players, fill_round):
    held = hold(make_tournament(players=8, rounds=1, name="Tenu ailleurs"))
    other = make_tournament(players=7, rounds=1, name="Resté ici")
    registration.register_player(other, player=make_players(1, prefix="Tard")[0])
    round_ = drawing.draw_round(other, seed=1)
    drawing.start_round(round_)
    fill_round(round_)
    assert other.entries.count() == 8 and round_.tables.filter(complete=True).exists()
    assert not held.round_set.exists()


def test_a_bundle_being_replayed_writes_while_the_laptop_still_holds_it(make_tournament):
    """A safety copy imported during the evening: its facts replayed through the services,
    the hold kept; the import of the evening's last bundle releases it."""
    tournament = hold(make_tournament(players=8, rounds=1))
    with holds.replaying(tournament):
        round_ = drawing.draw_round(tournament, seed=1)
    assert holds.current_hold(tournament) is not None
    with pytest.raises(errors.TournamentHeld):
        drawing.start_round(round_)
    released = holds.release_hold(tournament=tournament, reason=holds.ReleaseReason.BY_IMPORT)
    assert released is not None and released.holder == HOLDER
    drawing.start_round(round_)


# --------------------------------------------------------------------------- the staff desk


def test_the_committee_takes_the_evening_away_and_releases_it(
    committee_client, committee_user, make_tournament
):
    tournament = make_tournament(players=4, rounds=1)
    dashboard = reverse("staff_tournament", args=[tournament.pk])
    assert 'id="hold-form"' in page(committee_client.get(dashboard))
    response = committee_client.post(
        reverse("staff_hold", args=[tournament.pk]), {"holder": f"  {HOLDER} "}
    )
    # The laptop's bundle comes at once, with the lease's key it signs its evening with.
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="')
    carried = json.loads(gzip.decompress(response.content))
    assert carried["payload"]["lease"]["holder"] == HOLDER
    tournament.refresh_from_db()
    assert tournament.held_by == HOLDER and tournament.held_put_out_by == committee_user
    since = timezone.localtime(tournament.held_since)
    shown = page(committee_client.get(dashboard))
    assert (
        fr(
            "Held by “%(holder)s” since %(date)s at %(time)s: the site accepts no change to this "
            "tournament until the laptop’s evening is imported.",
            holder=HOLDER,
            date=since.strftime("%d/%m/%Y"),
            time=since.strftime("%H:%M"),
        )
        in shown
    )
    assert shown.count("Tenue par « Portable du bar » depuis le") == 1
    assert 'id="hold-form"' not in shown
    registration_page = reverse("staff_registration", args=[tournament.pk])
    assert 'id="held-banner"' in page(committee_client.get(registration_page))
    assert LogEntry.objects.filter(
        object_id=str(tournament.pk), change_message__contains=HOLDER
    ).exists()

    release = reverse("staff_release", args=[tournament.pk])
    warning = page(committee_client.get(release))
    assert 'id="release-warning"' in warning and "entrera en conflit" in warning
    assert committee_client.post(release, {"confirm": "1"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.held_by == "" and tournament.held_since is None
    assert 'id="not-held"' in page(committee_client.get(release))
    assert LogEntry.objects.filter(
        object_id=str(tournament.pk), change_message__contains="released by hand"
    ).exists()
    registration.register_player(
        tournament, player=Player.objects.create(first_name="A", last_name="B")
    )


def test_the_laptops_name_is_required_and_a_held_evening_is_not_taken_twice(
    committee_client, make_tournament
):
    tournament = make_tournament(players=4, rounds=1)
    url = reverse("staff_hold", args=[tournament.pk])
    response = committee_client.post(url, {"holder": "   "})
    assert response.status_code == 400
    assert fr("Laptop’s name: name the laptop that takes the evening.") in page(response)
    hold(tournament)
    response = committee_client.post(url, {"holder": "Autre portable"})
    assert response.status_code == 409
    assert_refusal(page(response), tournament)
    tournament.refresh_from_db()
    assert tournament.held_by == HOLDER


def test_only_the_clubs_committee_holds_or_releases(
    client, scorekeeper_client, make_tournament, two_clubs
):
    tournament = make_tournament(players=4, rounds=1)
    hold_url = reverse("staff_hold", args=[tournament.pk])
    release_url = reverse("staff_release", args=[tournament.pk])
    assert scorekeeper_client.post(hold_url, {"holder": HOLDER}).status_code == 403
    hold(tournament)
    assert scorekeeper_client.post(release_url, {"confirm": "1"}).status_code == 403
    other = Client()
    other.force_login(two_clubs.b_bureau)
    assert other.post(release_url, {"confirm": "1"}).status_code == 404
    assert other.get(release_url).status_code == 404
    tournament.refresh_from_db()
    assert tournament.held_by == HOLDER


def test_holding_needs_the_csrf_token(committee_user, make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(committee_user)
    url = reverse("staff_hold", args=[tournament.pk])
    assert browser.post(url, {"holder": HOLDER}).status_code == 403
    tournament.refresh_from_db()
    assert not tournament.held_by


# --------------------------------------------------------------------------- no write skips it

#: The modules whose functions write a tournament's rows.
WRITERS = [
    *sorted((ROOT / "tournaments" / "services").glob("*.py")),
    ROOT / "tournaments" / "tableside" / "table_entry.py",
    ROOT / "tournaments" / "tableside" / "hall_screen.py",
]
GUARDS = {"ensure_writable", "ensure_none_held"}
#: Writes in a transaction that need no guard, each with its reason.
UNGUARDED = {
    "archive.save_evenings": "makes new tournaments (archived evenings), held by nobody",
    "tournament_settings.create_tournament": "makes a new tournament, held by nobody",
    "rulesets.save_club_rules": "the club's rules: a started tournament keeps its own copy",
    "payments.record_membership_payment": "the club's membership fee of a season",
    "holds.hold_tournament": "the hold itself",
    "holds.release_hold": "the release itself",
}


def _atomic(function: ast.FunctionDef) -> bool:
    def named_atomic(node: ast.AST) -> bool:
        target = node.func if isinstance(node, ast.Call) else node
        return (isinstance(target, ast.Attribute) and target.attr == "atomic") or (
            isinstance(target, ast.Name) and target.id == "atomic"
        )

    if any(named_atomic(d) for d in function.decorator_list):
        return True
    return any(
        isinstance(node, ast.With) and any(named_atomic(item.context_expr) for item in node.items)
        for node in ast.walk(function)
    )


def _called(function: ast.FunctionDef) -> set[str]:
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                names.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                names.add(node.func.attr)
    return names


def test_no_write_service_skips_the_guard():
    """Every function that writes in a transaction calls the guard, itself or through a
    function of these modules that does (``save_deal`` through ``save_sheet``), but the few
    named with their reason."""
    functions: dict[str, tuple[str, ast.FunctionDef]] = {}
    for path in WRITERS:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef):
                functions[f"{path.stem}.{node.name}"] = (node.name, node)
    guarded = {key for key, (_n, f) in functions.items() if _called(f) & GUARDS}
    while True:
        names = {functions[key][0] for key in guarded}
        more = {key for key, (_n, f) in functions.items() if _called(f) & names} - guarded
        if not more:
            break
        guarded |= more
    writers = {key for key, (_n, f) in functions.items() if _atomic(f)}
    assert "deal_entry.save_sheet" in writers and "table_entry.enter_deal" in writers
    assert sorted(writers - guarded - set(UNGUARDED)) == []
    assert set(UNGUARDED) <= writers  # no stale exception


def test_the_views_leave_the_check_to_the_services():
    """Issue 38 §2: thinning the views must not move the check back into them: no view calls
    the guard (a view forgetting it would let its write through)."""
    views = [
        *(ROOT / "tournaments" / "views").glob("*.py"),
        *(ROOT / "tournaments").glob("*/views*.py"),
        ROOT / "club" / "views.py",
    ]
    assert len(views) > 8
    for path in views:
        called = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                called |= _called(node)
        assert not called & GUARDS, path


def test_the_staff_pages_of_a_held_tournament_are_read_with_its_banner(
    scorekeeper_client, make_tournament
):
    """Reading is no write: the round's page, which issues missing phone links, issues none
    while held (the laptop's phones enter there), and says who holds it."""
    tournament = make_tournament("whist", players=4, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    table = round_.tables.get()
    Tournament.objects.filter(pk=tournament.pk).update(table_phones=True)
    hold(tournament)
    for url in (
        reverse("staff_tournament", args=[tournament.pk]),
        reverse("staff_registration", args=[tournament.pk]),
        reverse("staff_round", args=[round_.pk]),
        reverse("staff_round_phones", args=[round_.pk]),
        reverse("staff_deals", args=[table.pk]),
        reverse("staff_clock", args=[round_.pk]),
    ):
        response = scorekeeper_client.get(url)
        assert response.status_code == 200, url
        assert 'id="held-banner"' in page(response), url
    assert not TableLink.objects.filter(table=table).exists()
