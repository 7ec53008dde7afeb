"""The Double King sheet's grid is written in Python (``DoubleKingSheet.grid_rows_html``,
``penalty_lines_html``) instead of template loops, only to be cheaper: the page must be the
very same bytes as the loops wrote, in every state the scorekeeper can see it in."""

import random

import pytest
from django.db import connection
from django.forms.renderers import DjangoTemplates
from django.template import engines
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Player
from tournaments.sample_sheets import double_king_round, sheet_post_data
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db

TEMPLATE = "tournaments/sheets/double_king_form.html"

#: The loops that wrote the grid's lines in the template, as they were.
OLD_ROWS = (
    "{% for row in form.rows_for_template %}\n"
    '    <tr data-row="{{ row.number }}"{% if row.errors %} class="row-error"{% endif %}>\n'
    '      <td class="row-no">{{ row.number }}</td>\n'
    '      <td class="dealer">{{ row.dealer_name }}</td>\n'
    '      <td class="game{% if row.game.errors %} has-error{% endif %}">{{ row.game }}</td>\n'
    '      {% for cell in row.cells %}<td class="num count{% if forloop.counter0 == row.dealer %}'
    ' chooser{% endif %}{% if cell.errors %} has-error{% endif %}" data-label="'
    '{{ form.seat_names|get:forloop.counter0 }}">{{ cell }}</td>{% endfor %}\n'
    "    </tr>\n"
    '    {% if row.errors %}<tr class="row-error row-messages"><td colspan="7">'
    '{% for e in row.errors %}<p class="field-error" role="alert">{{ e }}</p>{% endfor %}'
    "</td></tr>{% endif %}\n"
    "  {% endfor %}"
)
OLD_PENALTY_LINES = (
    "{% for line in form.penalty_lines_for_template %}\n"
    '    <tr data-line="{{ line.number }}" class="penalty-line{% if not line.used %} unused'
    '{% endif %}{% if line.errors %} row-error{% endif %}">\n'
    '      <td class="row-no{% if line.before.errors %} has-error{% endif %}">'
    "{{ line.before }}</td>\n"
    '      <td class="dealer">{{ line.dealer_name }}</td>\n'
    '      <td class="game{% if line.game.errors %} has-error{% endif %}">{{ line.game }}</td>\n'
    '      {% for cell in line.cells %}<td class="num count{% if cell.errors %} has-error'
    '{% endif %}" data-label="{{ form.seat_names|get:forloop.counter0 }}">{{ cell }}</td>'
    "{% endfor %}\n"
    "    </tr>\n"
    '    {% if line.errors %}<tr class="row-error row-messages"><td colspan="7">'
    '{% for e in line.errors %}<p class="field-error" role="alert">{{ e }}</p>{% endfor %}'
    "</td></tr>{% endif %}\n"
    "  {% endfor %}"
)


def old_and_new(response) -> tuple[str, str]:
    """The sheet's part of the page, rendered by the loops and by the form's methods."""
    engine = engines["django"]
    with open(engine.engine.find_template(TEMPLATE)[0].origin.name, encoding="utf-8") as f:
        source = f.read()
    assert "{{ form.grid_rows_html }}" in source and "{{ form.penalty_lines_html }}" in source
    old_source = source.replace("{{ form.grid_rows_html }}", OLD_ROWS).replace(
        "{{ form.penalty_lines_html }}", OLD_PENALTY_LINES
    )
    context = {key: response.context[key] for key in ("form", "seats", "result")}
    new = engine.from_string(source).render(context)
    # The loops with Django's own widget templates (not the site's faster renderer).
    form, renderer = context["form"], context["form"].renderer
    form.renderer = DjangoTemplates()
    try:
        old = engine.from_string(old_source).render(context)
    finally:
        form.renderer = renderer
    # And the page itself carries the new grid.
    assert context["form"].grid_rows_html() in response.content.decode()
    return old, new


@pytest.fixture
def table(make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    # Names with what markup escapes, in the headers, the dealers and the cells' labels.
    for n, seat in enumerate(table.seats.select_related("entry__player")):
        Player.objects.filter(pk=seat.entry.player_id).update(
            first_name=f"O'Neil <b>{n}</b>", last_name='& "Fils"'
        )
    return table


def first_dealer(table) -> int:
    return table.seats.get(first_dealer=True).position


def records(table, seed=2):
    return double_king_round(first_dealer(table), random.Random(seed))


def with_penalty(table, count: int) -> dict[str, str]:
    """``count`` games, with a penalty line before game 3."""
    rows = records(table)[:count]
    return sheet_post_data(table, [*rows[:2], {"game": "queens", "penalty": 1}, *rows[2:]], 0)


def test_a_blank_sheet(scorekeeper_client, table):
    response = scorekeeper_client.get(reverse("staff_sheet", args=[table.pk]))
    old, new = old_and_new(response)
    assert old == new and 'data-row="20"' in new and "O&#x27;Neil &lt;b&gt;" in new


def test_a_filled_sheet_with_a_penalty_line(scorekeeper_client, table):
    url = reverse("staff_sheet", args=[table.pk])
    assert scorekeeper_client.post(url, with_penalty(table, 20)).status_code == 302
    response = scorekeeper_client.get(url)
    old, new = old_and_new(response)
    assert old == new and " chooser" in new and 'class="penalty-line"' in new
    assert 'class="penalty-line unused"' in new and "selected" in new


def test_a_sheet_refused_with_errors_on_its_lines(scorekeeper_client, table):
    data = with_penalty(table, 8)
    data.update({"c2_1": "abc", "g5": "", "pb2": "", "pg2": "hearts", "pp2_0": "<x>"})
    data.update({"c7_0": "1", "c7_1": "1", "c7_2": "1", "c7_3": "1"})  # a wrong total
    response = scorekeeper_client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 400
    old, new = old_and_new(response)
    assert old == new and "row-error row-messages" in new and " has-error" in new
    assert "&lt;x&gt;" in new


def test_a_sheet_refused_by_the_scoring(scorekeeper_client, table):
    rows = records(table)
    data = sheet_post_data(table, [*rows[:3], rows[0], *rows[4:8]], 0)  # a game twice
    response = scorekeeper_client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 400
    old, new = old_and_new(response)
    assert old == new and "row-error row-messages" in new


def test_a_preview_and_a_conflict(scorekeeper_client, committee_user, table):
    url = reverse("staff_sheet", args=[table.pk])
    preview = scorekeeper_client.post(url, {**with_penalty(table, 6), "action": "preview"})
    assert preview.status_code == 200
    old, new = old_and_new(preview)
    assert old == new
    deal_entry.save_sheet(table, records=records(table, 7)[:4], version=0, user=committee_user)
    stale = scorekeeper_client.post(url, with_penalty(table, 6))
    assert stale.status_code == 409
    old, new = old_and_new(stale)
    assert old == new and 'data-line="3"' in new


def test_the_sheet_page_reads_the_deals_and_the_seats_once(scorekeeper_client, table):
    url = reverse("staff_sheet", args=[table.pk])
    assert scorekeeper_client.post(url, with_penalty(table, 5)).status_code == 302
    with CaptureQueriesContext(connection) as queries:
        response = scorekeeper_client.get(url)
    assert response.status_code == 200 and response.context["result"] is not None
    reads = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "tournaments_deal"' in sql for sql in reads) == 1
    assert sum('FROM "tournaments_seat"' in sql for sql in reads) == 1
