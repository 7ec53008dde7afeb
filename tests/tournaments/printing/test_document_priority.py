"""Documents come last in the queue (issue 33 §2): a task a player's page waits for, queued
at the default priority, is claimed before every sheet's layout and every merge, whichever
came first."""

import pytest
from django_tasks import task
from django_tasks.base import DEFAULT_TASK_PRIORITY
from django_tasks_db.models import DBTaskResult

from tournaments.printing import tasks
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


@task()
def a_projection(tournament_id: int) -> None:
    """What a page waits for (a ranking, a rating), as a later issue will queue it."""


def test_every_document_task_comes_after_the_default_priority():
    for document_task in (
        tasks.lay_out_round_sheets,
        tasks.lay_out_export_sheets,
        tasks.build_pdf_export,
    ):
        assert document_task.priority < DEFAULT_TASK_PRIORITY
    # A merge still comes before the sheets of documents queued after it.
    assert tasks.build_pdf_export.priority > tasks.lay_out_round_sheets.priority


def test_a_projection_queued_after_a_rounds_sheets_is_claimed_first(
    make_tournament, settings, django_capture_on_commit_callbacks
):
    settings.PDF_INLINE_MAX_RENDERS = 1
    tournament = make_tournament(players=12, rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        drawing.draw_round(tournament, seed=1)  # its sheets queued once it is committed
    tasks.build_pdf_export.enqueue("00000000-0000-0000-0000-000000000000")
    assert DBTaskResult.objects.count() == 3
    a_projection.enqueue(tournament.pk)

    # What each worker claims next (``db_worker``: the ready rows, in the model's order).
    order = [row.task_path.rsplit(".", 1)[1] for row in DBTaskResult.objects.ready()]

    assert order[:2] == ["a_projection", "build_pdf_export"]
    assert set(order[2:]) == {"lay_out_round_sheets"}


def test_a_draw_queues_its_sheets_only_once_committed(
    make_tournament, settings, django_capture_on_commit_callbacks
):
    """The draw's transaction writes the draw alone: its sheets are queued after it."""
    settings.PDF_INLINE_MAX_RENDERS = 1
    settings.PDF_TASK_SHEETS = 2
    tournament = make_tournament(players=12, rounds=2)  # 3 tables
    with django_capture_on_commit_callbacks(execute=False) as after_commit:
        drawing.draw_round(tournament, seed=1)
    assert not DBTaskResult.objects.exists()
    for callback in after_commit:
        callback()
    assert DBTaskResult.objects.count() == 2  # 2 sheets, then 1
