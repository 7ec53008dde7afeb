"""The Double King sheet, paper and screen cell for cell (issue 12, « What must be shown »).

A table's sheet is printed filled in (the archives' PDF), read back with pypdf, and typed into
the screen's form by keyboard alone: the game's letter, the points as the paper shows them, at
most one key per line to move on (the last cell of a line, fixed by its total, is filled in).
At 1280×800 the 20 rows and the « reste à choisir » panel are in view; axe-core finds nothing.
"""

import random
import re
from io import BytesIO

import pytest
from django.urls import reverse
from django.utils import translation
from page_checks import axe_violations
from playwright.sync_api import expect
from pypdf import PdfReader

from scoring.double_king import score_deal
from tournaments.games import plugin_for
from tournaments.models import Deal
from tournaments.printing import pdf
from tournaments.sample_sheets import double_king_round
from tournaments.services import drawing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: A line of the printed sheet: its number (a game's, or the game a penalty came before), the
#: dealer, the game's letter and name, then the four players' points.
LINE = re.compile(r"^(\d+) (?:.*? )?([A-FT]) .*? (-?\d+) (-?\d+) (-?\d+) (-?\d+)$")


def _records(first: int) -> list[dict]:
    """A whole round, with a penalty (not on the dealer) before game 5."""
    records = double_king_round(first, random.Random(11))
    dealer = records[4]["dealer"]
    penalty = {"game": "queens", "penalty": (dealer + 1) % 4, "dealer": dealer}
    return [*records[:4], penalty, *records[4:]]


def _printed_lines(tournament, table, records) -> tuple[list[list[str]], list[list[str]]]:
    """The filled sheet as printed, read back: (game rows, penalty lines), each as the cells
    a player wrote: [number, letter, p0, p1, p2, p3]."""
    plugin = plugin_for(tournament.game)
    rules = tournament.rules
    deals = [
        Deal(number=n, record=r, points=score_deal(r, rules)) for n, r in enumerate(records, 1)
    ]
    with translation.override("fr"):
        sheet = pdf.build_sheet(
            tournament,
            table.round,
            table,
            list(table.seats.select_related("entry__player")),
            rows=20,
            deals=deals,
            game_names=pdf.game_names_for(plugin, rules),
            rules=rules,
        )
        content = pdf.render_pdf(
            plugin.pdf_sheet_template, {"sheets": [sheet], "tournament": tournament}
        )
    reader = PdfReader(BytesIO(content))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    rows, penalties = [], []
    part = rows
    for line in text.splitlines():
        line = " ".join(line.split())
        if line.startswith("Pénalités"):
            part = penalties
        match = LINE.match(line)
        if match:
            part.append(list(match.groups()))
    return rows, penalties


class Keyboard:
    """Presses keys on the page and counts them."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def focused(self) -> str:
        return self.page.evaluate("() => document.activeElement.id")

    def type_line(self, prefix: str, letter: str, points: list[str]) -> None:
        """The letter, the first three cells as written, then Enter past the fourth (filled in
        from the line's total); Enter also where a value could go on (« -1 » of « -10 »)."""
        self.press(letter)
        for seat, value in enumerate(points[:3]):
            assert self.focused() == f"id_{prefix}{seat}"
            for char in value:
                self.press(char)
            waiting = self.focused() == f"id_{prefix}{seat}"
            # A minus starting the next cell moves on by itself.
            if waiting and not (seat < 2 and points[seat + 1].startswith("-")):
                self.press("Enter")
        assert self.focused() == f"id_{prefix}3"
        assert self.page.input_value(f"#id_{prefix}3") == points[3]
        self.press("Enter")


def test_a_printed_sheet_typed_by_keyboard_alone(
    log_in, page, live_server, make_tournament, scorekeeper_user
):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    first = table.seats.get(first_dealer=True).position
    records = _records(first)
    rows, penalties = _printed_lines(tournament, table, records)
    assert [r[0] for r in rows] == [str(n) for n in range(1, 21)]
    assert penalties == [["5", "C", *(str(p) for p in score_deal(records[4]))]]
    # What the paper shows: every character of every line (number of a penalty line included).
    on_paper = sum(len("".join(r[1:])) for r in rows) + sum(len("".join(p)) for p in penalties)

    log_in(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + reverse("staff_sheet", args=[table.pk]))
    page.focus("#id_g1")
    keys = Keyboard(page)
    for row in rows:
        keys.type_line(f"c{row[0]}_", row[1], row[2:])
    assert keys.focused() == "save-sheet"
    for line, penalty in enumerate(penalties, start=1):
        keys.press("Shift+Tab")  # the « + pénalité » link, just above the save button
        keys.press("Enter")
        assert keys.focused() == f"id_pb{line}"
        for char in penalty[0]:
            keys.press(char)
        if keys.focused() == f"id_pb{line}":
            keys.press("Enter")
        keys.type_line(f"pp{line}_", penalty[1], penalty[2:])
    assert keys.focused() == "save-sheet"
    expect(page.locator("[data-trumps='0']")).to_have_text("0")
    with page.expect_navigation():
        keys.press("Enter")
    lines = len(rows) + len(penalties)
    print(f"\nkeys for the sheet: {keys.count} (paper: {on_paper} characters, {lines} lines)")
    # The characters on the paper, plus at most one key per line (and one to save).
    assert keys.count <= on_paper + lines + 1

    table.refresh_from_db()
    assert table.complete
    assert [d.record for d in table.deals.order_by("number")] == records
    scores = [s.score for s in table.seats.order_by("position")]
    # A complete round sums to 0; the penalty line takes its 8 points more.
    per_line = [score_deal(r) for r in records]
    assert scores == [sum(line[seat] for line in per_line) for seat in range(4)]
    assert sum(scores) == -8
    best = max(table.seats.select_related("entry__player"), key=lambda s: (s.place_points, s.score))
    page.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
    assert (
        best.entry.player.full_name in page.locator("table.standings tbody tr").first.inner_text()
    )


def test_the_sheet_fits_a_laptop_and_axe_finds_nothing(
    log_in, page, live_server, make_tournament, scorekeeper_user
):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    log_in(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    url = live_server.url + reverse("staff_sheet", args=[table.pk])
    page.goto(url)
    boxes = [page.locator(f"tr[data-row='{n}']").bounding_box() for n in range(1, 21)]
    boxes.append(page.locator("#remaining").bounding_box())
    for box in boxes:
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
    # Penalty lines stay folded (out of the Tab order) until « + pénalité » opens one.
    assert page.locator("tr.penalty-line:visible").count() == 0
    assert axe_violations(page) == []
    page.click("#add-penalty")
    assert page.locator("tr.penalty-line:visible").count() == 1
    assert axe_violations(page) == []
    # A mistake: the errors on the page are named too.
    page.fill("#id_c1_0", "-4")
    page.select_option("#id_g1", "queens")
    with page.expect_navigation():
        page.click("#save-sheet")
    assert "Jeu 1 : saisissez les points de chaque joueur" in page.content()
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url)
    assert axe_violations(page) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
