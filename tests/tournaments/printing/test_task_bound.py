"""A queued document's task is given up past its bound (issue 23, §2): twice its expected time,
never less than the floor, measured from the task's start; a task still queued is never given
up (a restarted worker picks it up)."""

import datetime

import pytest
from django.utils import timezone

from tournaments.printing import exports
from tournaments.printing.models import PdfExport, PdfTask
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


@pytest.fixture
def export(make_tournament):
    tournament = make_tournament(players=12, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    return PdfExport.objects.create(
        kind=PdfExport.Kind.ROUND_SHEETS, tournament=tournament, round=round_, language="fr"
    )


def test_the_bound_is_twice_the_expected_time_and_a_minute_at_least(settings):
    settings.TASK_DEADLINE_FLOOR_SECONDS = 60
    settings.PDF_SECONDS_PER_SHEET = 1
    assert exports.task_bound(1) == datetime.timedelta(seconds=60)
    assert exports.task_bound(40) == datetime.timedelta(seconds=80)


def test_a_task_that_never_ends_fails_its_document_past_its_bound(export, settings):
    settings.TASK_DEADLINE_FLOOR_SECONDS = 60
    settings.PDF_SECONDS_PER_SHEET = 1
    start = timezone.now()
    PdfTask.objects.create(export=export, sheets=40, started_at=start)
    exports.settle(export, now=start + datetime.timedelta(seconds=79))
    assert export.status == PdfExport.Status.PENDING
    exports.settle(export, now=start + datetime.timedelta(seconds=81))
    export.refresh_from_db()
    assert export.status == PdfExport.Status.FAILED


def test_a_task_that_ended_or_a_document_only_queued_is_never_given_up(export, settings):
    settings.TASK_DEADLINE_FLOOR_SECONDS = 0
    settings.PDF_SECONDS_PER_SHEET = 0
    later = timezone.now() + datetime.timedelta(days=1)
    exports.settle(export, now=later)  # no task begun: waits for a worker
    assert export.status == PdfExport.Status.PENDING
    start = timezone.now()
    PdfTask.objects.create(export=export, sheets=2, started_at=start, finished_at=start)
    exports.settle(export, now=later)
    export.refresh_from_db()
    assert export.status == PdfExport.Status.PENDING
