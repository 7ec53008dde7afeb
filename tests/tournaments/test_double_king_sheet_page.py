"""The Double King sheet page as a scorekeeper uses it: the page is read as a browser reads it
(lxml: what the form would post, the messages under each line), never compared with markup."""

import random

import lxml.html
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from helpers import fr

from club.models import Player
from tournaments.sample_sheets import double_king_round, sheet_post_data
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    # Names with what markup would take for its own: they must show as written.
    for n, seat in enumerate(table.seats.select_related("entry__player")):
        Player.objects.filter(pk=seat.entry.player_id).update(
            first_name=f"O'Neil <b>{n}</b>", last_name='& "Fils"'
        )
    return table


def url(table) -> str:
    return reverse("staff_sheet", args=[table.pk])


def names(table) -> list[str]:
    return [s.entry.player.full_name for s in table.seats.order_by("position")]


def records(table, seed: int = 2) -> list[dict]:
    return double_king_round(table.seats.get(first_dealer=True).position, random.Random(seed))


def with_penalty(table, games: int) -> dict[str, str]:
    """``games`` games typed, with a penalty line (seat 1 at fault) before game 3."""
    rows = records(table)[:games]
    return sheet_post_data(table, [*rows[:2], {"game": "queens", "penalty": 1}, *rows[2:]], 0)


def sheet(response) -> lxml.html.FormElement:
    return lxml.html.fromstring(response.content.decode()).get_element_by_id("sheet")


def posted_back(response) -> dict[str, str]:
    """What the page's form sends if the scorekeeper saves it again as it stands (a browser
    sends a blank input as "", lxml leaves it out)."""
    form = sheet(response)
    return {**{element.name: "" for element in form.inputs}, **dict(form.form_values())}


def typed_values(data: dict[str, str]) -> dict[str, str]:
    return {name: value for name, value in data.items() if name not in ("version", "action")}


def lines(response) -> dict[str, dict]:
    """Each line of the grid ("row 3", "penalty 1"): its dealer, its inputs in error and the
    messages shown under it."""
    out = {}
    for tr in sheet(response).xpath(".//tr[@data-row or @data-line]"):
        row, line = tr.get("data-row"), tr.get("data-line")
        key = f"row {row}" if row else f"penalty {line}"
        under = tr.getnext()
        shown = under is not None and "row-messages" in under.get("class", "")
        out[key] = {
            "dealer": tr.xpath("string(.//td[@class='dealer'])"),
            "invalid": [e.name for e in tr.xpath(".//*[@aria-invalid='true']")],
            "messages": [p.text_content() for p in under.xpath(".//p")] if shown else [],
            "described_by": {e.get("aria-describedby") for e in tr.xpath(".//*[@aria-invalid]")},
            "messages_id": under.xpath("string(td/@id)") if shown else None,
            "classes": tr.get("class", ""),
        }
    return out


def refused_data(table) -> dict[str, str]:
    """Eight games and a penalty line, with what a scorekeeper may mistype: letters in a
    cell, a game left out, a penalty line without its game's number, markup, a wrong total,
    the paper's typographic minus."""
    data = with_penalty(table, 8)
    data.update({"c2_1": "abc", "g5": "", "pb2": "", "pg2": "hearts", "pp2_0": "<x>"})
    data.update({"c7_0": "1", "c7_1": "1", "c7_2": "1", "c7_3": "1"})
    data["c8_0"] = data["c8_0"].replace("-", "\u2212")
    return data


def test_a_refused_sheet_posts_back_what_was_typed(scorekeeper_client, table):
    data = refused_data(table)
    response = scorekeeper_client.post(url(table), data)
    assert response.status_code == 400
    back = posted_back(response)
    assert {name: back[name] for name in typed_values(data)} == typed_values(data)
    assert not table.deals.exists()


def test_errors_show_under_their_row(scorekeeper_client, table):
    response = scorekeeper_client.post(url(table), refused_data(table))
    shown = lines(response)
    in_error = {key for key, line in shown.items() if line["messages"]}
    assert in_error == {"row 2", "row 5", "row 7", "penalty 2"}
    assert shown["row 2"]["messages"] == [
        f"{fr('Game %(row)d', row=2)} : {fr('enter whole points (e.g. -4)')}"
    ]
    assert shown["row 5"]["messages"] == [
        f"{fr('Game %(row)d', row=5)} : {fr('choose the game played')}"
    ]
    assert shown["row 7"]["messages"][0].startswith(fr("Game %(row)d", row=7) + " : ")
    assert "pb2" in shown["penalty 2"]["invalid"]
    # Each input in error is marked and names the messages under its own line.
    assert shown["row 2"]["invalid"] == ["c2_1"] and shown["row 5"]["invalid"] == ["g5"]
    assert shown["row 7"]["invalid"] and all(n[1] == "7" for n in shown["row 7"]["invalid"])
    for key in in_error:
        assert shown[key]["described_by"] == {shown[key]["messages_id"]}
        assert "row-error" in shown[key]["classes"]
    assert not any(shown[key]["invalid"] for key in shown.keys() - in_error)


def test_a_sheet_refused_by_the_rules_shows_why_under_the_row(scorekeeper_client, table):
    rows = records(table)
    data = sheet_post_data(table, [*rows[:3], rows[0], *rows[4:8]], 0)  # row 1's game twice
    response = scorekeeper_client.post(url(table), data)
    assert response.status_code == 400
    in_error = {key: line["messages"] for key, line in lines(response).items() if line["messages"]}
    assert len(in_error) == 1
    [(key, messages)] = in_error.items()
    row = int(key.removeprefix("row "))
    assert messages[0].startswith(fr("Game %(row)d", row=row) + " : ")
    back = posted_back(response)
    assert {name: back[name] for name in typed_values(data)} == typed_values(data)


def test_a_preview_and_a_conflict_keep_what_was_typed(scorekeeper_client, committee_user, table):
    data = with_penalty(table, 6)
    preview = scorekeeper_client.post(url(table), {**data, "action": "preview"})
    assert preview.status_code == 200
    assert {n: posted_back(preview)[n] for n in typed_values(data)} == typed_values(data)
    deal_entry.save_sheet(table, records=records(table, 7)[:4], version=0, user=committee_user)
    stale = scorekeeper_client.post(url(table), data)
    assert stale.status_code == 409
    assert {n: posted_back(stale)[n] for n in typed_values(data)} == typed_values(data)


def test_the_saved_sheet_shows_the_saved_values(scorekeeper_client, table):
    data = with_penalty(table, 20)
    assert scorekeeper_client.post(url(table), data).status_code == 302
    response = scorekeeper_client.get(url(table))
    assert response.status_code == 200
    back = posted_back(response)
    # Every line as saved; the spare penalty lines blank (the page hides them until needed).
    assert {name: back[name] for name in typed_values(data)} == typed_values(data)
    spare = {name: value for name, value in back.items() if name.startswith(("pb", "pp"))}
    spare = {name: value for name, value in spare.items() if name not in data}
    assert spare and not any(spare.values())
    shown = lines(response)
    assert "unused" not in shown["penalty 1"]["classes"]
    assert "unused" in shown["penalty 2"]["classes"]
    # The dealers as the rotation gives them, the names shown as written.
    saved = records(table)
    assert [shown[f"row {n}"]["dealer"] for n in (1, 2, 20)] == [
        names(table)[saved[n - 1]["dealer"]] for n in (1, 2, 20)
    ]
    assert not sheet(response).xpath(".//tbody//b")
    # Saved again as it stands, the sheet is the same.
    again = scorekeeper_client.post(url(table), {**back, "version": back["version"]})
    assert again.status_code == 302
    table.refresh_from_db()
    assert table.deals.count() == 21 and table.complete


def test_the_sheet_page_reads_the_deals_and_the_seats_once(scorekeeper_client, table):
    assert scorekeeper_client.post(url(table), with_penalty(table, 5)).status_code == 302
    with CaptureQueriesContext(connection) as queries:
        response = scorekeeper_client.get(url(table))
    assert response.status_code == 200 and response.context["result"] is not None
    reads = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "tournaments_deal"' in sql for sql in reads) == 1
    assert sum('FROM "tournaments_seat"' in sql for sql in reads) == 1
