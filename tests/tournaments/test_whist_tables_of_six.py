"""Whist tables of 6 (issue 24 §2): two « morts » so that 6 and 11 players can be seated, the
club's choice of who sits out (« le donneur », or « à tour de rôle toutes les 4 donnes »), and
who deals and who sits out on the entry page, the printed sheet and the phones — all through
the pages a club uses (docs/rules/whist.md#tables-of-5-and-6)."""

import json
import re
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation
from form_data import form_data
from helpers import post_deals

from club.models import Player
from tournaments.models import GameRules, Round
from tournaments.selectors import rulebook
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Bert", "Carl", "Dora", "Emil", "Fanny", "Gil", "Hugo", "Iris", "Jan", "Kim"]
SIX = {"setting__tables_of_five": "on", "setting__tables_of_six": "on"}


def rules_url(club):
    return reverse("staff_rules", args=[club.slug, "whist"])


def set_rules(client, club, **changes):
    """The committee ticks its settings on the whist rules page."""
    data = form_data(client.get(rules_url(club)).context["form"])
    data.update(changes)
    response = client.post(rules_url(club), data)
    assert response.status_code == 302, response.context["form"].errors
    return response


def frn(singular, plural, n, **params):
    with translation.override("fr"):
        return translation.ngettext(singular, plural, n) % params


def evening(client, committee_user, scorekeeper_user, make_tournament, players, **rules):
    """The committee sets the rules, the scorekeeper ticks ``players`` members present and
    draws the first pool on the staff desk; returns the tournament and the draw's answer."""
    tournament = make_tournament("whist", players=0, rounds=3)
    club = tournament.club
    client.force_login(committee_user)
    set_rules(client, club, **rules)
    members = [Player.objects.create(first_name=n, last_name="W") for n in NAMES[:players]]
    club.players.add(*members)
    client.force_login(scorekeeper_user)
    url = reverse("staff_registration", args=[tournament.pk])
    response = client.post(url, {"action": "tick", "players": [m.pk for m in members]})
    assert response.status_code == 302
    drawn = client.post(reverse("staff_draw", args=[tournament.pk]), follow=True)
    return tournament, drawn


def offered(html, field):
    """The players a list offers (those sitting the deal out are shown disabled)."""
    select = re.search(rf'<select name="{field}".*?</select>', html, re.S).group(0)
    return {
        int(v) for v, off in re.findall(r'<option value="(\d+)"( disabled)?', select) if not off
    }


def names(table):
    return {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }


@pytest.mark.parametrize(("players", "sizes"), [(6, [6]), (11, [5, 6]), (10, [5, 5])])
def test_six_and_eleven_players_are_seated(
    client, committee_user, scorekeeper_user, make_tournament, players, sizes
):
    tournament, drawn = evening(
        client, committee_user, scorekeeper_user, make_tournament, players, **SIX
    )
    assert drawn.status_code == 200
    round_ = tournament.round_set.get()
    assert sorted(t.seats.count() for t in round_.tables.all()) == sizes
    seated = [s.entry_id for t in round_.tables.all() for s in t.seats.all()]
    assert len(seated) == len(set(seated)) == players


def test_without_tables_of_six_six_players_are_refused(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament, drawn = evening(
        client, committee_user, scorekeeper_user, make_tournament, 6, setting__tables_of_five="on"
    )
    assert "ne peuvent pas être placés à des tables de 4 ou 5" in drawn.content.decode()
    assert not Round.objects.filter(tournament=tournament).exists()


def test_seven_players_are_refused_with_what_the_club_can_do(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament, drawn = evening(client, committee_user, scorekeeper_user, make_tournament, 7, **SIX)
    page = " ".join(drawn.content.decode().split())
    with translation.override("fr"):
        sizes = "4, 5" + translation.gettext(" or ") + "6"
    add = frn(
        "add %(add)d substitute (%(total)d players)",
        "add %(add)d substitutes (%(total)d players)",
        1,
        add=1,
        total=8,
    )
    sit_out = frn(
        ", or %(remove)d player sits out this round: untick « Present » for him "
        "(%(total)d players)",
        ", or %(remove)d players sit out this round: untick « Present » for them "
        "(%(total)d players)",
        1,
        remove=1,
        total=6,
    )
    message = frn(
        "%(count)d player present cannot be seated at tables of %(sizes)s: %(what)s.",
        "%(count)d players present cannot be seated at tables of %(sizes)s: %(what)s.",
        7,
        count=7,
        sizes=sizes,
        what=add + sit_out,
    )
    assert message in page
    assert "ajoutez 1 remplaçant (8 joueurs)" in message  # the French says it plainly
    assert not Round.objects.filter(tournament=tournament).exists()


def test_the_rules_page_refuses_six_without_five(committee_client, club):
    data = form_data(committee_client.get(rules_url(club)).context["form"])
    data.update({"setting__tables_of_six": "on", "setting__sit_out": "rotating"})
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    form = response.context["form"]
    assert "autorisez aussi les tables de 5" in " ".join(form.errors["setting__tables_of_six"])
    assert form["setting__sit_out"].value() == "rotating"  # what was typed is kept
    assert not GameRules.objects.filter(club=club).exists()


def test_the_rules_page_keeps_the_choice_and_its_default(committee_client, club):
    page = committee_client.get(rules_url(club))
    assert page.context["form"]["setting__sit_out"].value() == "dealer"
    text = page.content.decode()
    assert "Qui ne joue pas à une table de 5 ou 6" in text
    assert "À tour de rôle, toutes les 4 donnes" in text
    set_rules(committee_client, club, **SIX, setting__sit_out="rotating")
    rules = rulebook.club_rules(club, "whist")
    assert (rules["tables_of_six"], rules["sit_out"]) == (True, "rotating")


def sitting_out(first, deal, rule):
    """The rule as docs/rules/whist.md states it, for deal ``deal`` (1-based) at a table of 6:
    « le donneur » — the dealer and the player opposite; « à tour de rôle » — the seat before
    the first dealer and the seat opposite for deals 1-4, then the next pair."""
    if rule == "dealer":
        dealer = (first + deal - 1) % 6
        return {dealer, (dealer + 3) % 6}
    turn = (deal - 1) // 4
    return {(first - 1 + turn) % 6, (first + 2 + turn) % 6}


@pytest.mark.parametrize("rule", ["dealer", "rotating"])
def test_a_deal_at_a_table_of_six(client, committee_user, scorekeeper_user, make_tournament, rule):
    tournament, _drawn = evening(
        client, committee_user, scorekeeper_user, make_tournament, 6, **SIX, setting__sit_out=rule
    )
    table = tournament.round_set.get().tables.get()
    seat_names = names(table)
    first = table.seats.get(first_dealer=True).position
    out = sitting_out(first, 1, rule)
    page = client.get(reverse("staff_deals", args=[table.pk]))
    assert offered(page.content.decode(), "d1") == set(range(6)) - out  # four play the deal
    sat_out = ", ".join(seat_names[s] for s in sorted(out))
    heading = frn("sits out: %(names)s", "sit out: %(names)s", 2, names=sat_out)
    assert heading in page.content.decode()
    assert page.context["form"].dealer_name == seat_names[first]

    playing = sorted(set(range(6)) - out)
    data = {
        "version": str(table.version),
        "number": "1",
        "action": "save",
        "contract": "emballage_8",
        "against": "",
        "renege": "",
        "d1": str(playing[0]),
        "d2": str(playing[1]),
        "tricks": "9",
    }
    assert post_deals(client, table, data).status_code == 302
    points = table.deals.get().points
    expected = [0] * 6
    for seat in playing:
        expected[seat] = 3 if seat in playing[:2] else -3
    assert points == expected  # the two sitting out score 0; the deal sums to zero

    # A player sitting out deal 2, named anyway: refused on his field, nothing saved.
    table.refresh_from_db()
    mort = min(sitting_out(first, 2, rule))
    others = sorted(set(range(6)) - sitting_out(first, 2, rule))
    data.update(version=str(table.version), number="2", d1=str(mort), d2=str(others[0]))
    response = post_deals(client, table, data)
    assert response.status_code == 400
    with translation.override("fr"):
        said = translation.gettext("%(seat_name)s sits out this deal") % {
            "seat_name": seat_names[mort]
        }
    assert said in " ".join(response.context["form"].errors["d1"])
    assert response.context["form"]["d1"].value() == str(mort)  # what was typed is kept
    assert table.deals.count() == 1


def pdf_text(content, tmp_path):
    path = tmp_path / "sheet.pdf"
    path.write_bytes(content)
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True)
    return " ".join(out.stdout.split())


@pytest.mark.parametrize("rule", ["dealer", "rotating"])
def test_the_printed_sheet_shows_who_sits_out_each_deal(
    client, committee_user, scorekeeper_user, make_tournament, rule, tmp_path
):
    tournament, _drawn = evening(
        client, committee_user, scorekeeper_user, make_tournament, 6, **SIX, setting__sit_out=rule
    )
    round_ = tournament.round_set.get()
    table = round_.tables.get()
    seat_names = names(table)
    first = table.seats.get(first_dealer=True).position
    response = client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert response.status_code == 200
    text = pdf_text(response.content, tmp_path)
    with translation.override("fr"):
        out_word = translation.gettext("out:")
    listed = [part.split(" W")[:2] for part in text.split(out_word)[1:]]
    expected = [
        sorted(seat_names[s].removesuffix(" W").strip() for s in sitting_out(first, k, rule))
        for k in range(1, 13)
    ]
    assert [sorted(p.strip(" ,") for p in pair) for pair in listed] == expected
    assert "deux joueurs ne jouent pas" in text  # the note under the title


def test_the_phones_show_who_sits_out(client, committee_user, scorekeeper_user, make_tournament):
    tournament, _drawn = evening(
        client,
        committee_user,
        scorekeeper_user,
        make_tournament,
        6,
        **SIX,
        setting__sit_out="rotating",
    )
    table = tournament.round_set.get().tables.get()
    seat_names = names(table)
    first = table.seats.get(first_dealer=True).position
    link = table_entry.issue_link(table, user=None)
    url = reverse("table_page", args=[link.token])
    phone = client.__class__()
    holder = table.seats.get(position=first).entry_id
    assert phone.post(url, {"action": "who", "entry": str(holder)}).status_code == 302
    page = phone.get(url)
    html = page.content.decode()
    out = ", ".join(seat_names[s] for s in sorted(sitting_out(first, 1, "rotating")))
    assert frn("sits out: %(names)s", "sit out: %(names)s", 2, names=out) in html
    form = page.context["form"]
    # The next 12 deals' morts, for a phone that keeps a whole pool while offline: the same
    # pair for 4 deals (« à tour de rôle toutes les 4 donnes »), then the next pair.
    listed = [seats for _words, seats in json.loads(page.context["sitting_out_json"])]
    pair = sorted(sitting_out(first, 1, "rotating"))
    assert listed[:4] == [pair] * 4
    assert listed == [sorted(sitting_out(first, deal, "rotating")) for deal in range(1, 13)]
    assert listed[4] != pair
    assert form.number == 1
