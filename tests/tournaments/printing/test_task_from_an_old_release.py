"""A document queued by an older release ends after an upgrade (issue 32, §7.3): 0.1.0 queued
its PDFs as ``tournaments.tasks.build_pdf_export``, a module that moved to
``tournaments.printing``; the queue's worker of the new release builds it. A task the release
cannot run at all (its module gone) is failed by the worker: its document's page says so and
offers to try again, and asking again queues a new document instead of the stuck one."""

import signal

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from tournaments.printing.models import PdfExport
from tournaments.printing.tasks import build_pdf_export
from tournaments.services import drawing

PENDING_TEXT = "Votre fichier est en préparation"
FAILED_TEXT = "Le fichier n’a pas pu être préparé"
RETRY_TEXT = "Réessayer"
DOWNLOAD_TEXT = "Télécharger le PDF"


@pytest.fixture
def old_export(make_tournament):
    """A round's sheets asked for and queued as a release's worker would find them: the export
    in preparation, its task in the queue (its path set by the test)."""
    tournament = make_tournament(players=12, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    export = PdfExport.objects.create(
        kind=PdfExport.Kind.ROUND_SHEETS, tournament=tournament, round=round_, language="fr"
    )
    queued = build_pdf_export.enqueue(str(export.pk))
    return export, DBTaskResult.objects.filter(pk=queued.id)


def run_the_worker_once() -> None:
    """``manage.py db_worker --batch``, in this process: every queued task, then it stops (the
    signal handlers it sets are put back)."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    try:
        call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def page(client, export) -> str:
    response = client.get(reverse("pdf_export", args=[export.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_pdf_queued_by_0_1_0_is_built_by_the_new_releases_worker(scorekeeper_client, old_export):
    export, task = old_export
    task.update(task_path="tournaments.tasks.build_pdf_export")  # 0.1.0's module
    assert PENDING_TEXT in page(scorekeeper_client, export)

    run_the_worker_once()

    export.refresh_from_db()
    assert export.status == PdfExport.Status.READY
    assert DOWNLOAD_TEXT in page(scorekeeper_client, export)
    download = scorekeeper_client.get(reverse("pdf_export_file", args=[export.pk]))
    assert bytes(download.content).startswith(b"%PDF")


@pytest.mark.django_db(transaction=True)
def test_a_task_the_release_cannot_run_fails_its_document_visibly_and_it_can_be_retried(
    scorekeeper_client, old_export
):
    export, task = old_export
    task.update(task_path="tournaments.gone.build_pdf_export")  # a module no release has now
    retry = reverse("round_sheets_pdf", args=[export.round_id])

    run_the_worker_once()

    assert task.get().status == "FAILED"
    html = page(scorekeeper_client, export)
    assert FAILED_TEXT in html and "data-poll-seconds" not in html
    assert RETRY_TEXT in html and retry in html
    export.refresh_from_db()
    assert export.status == PdfExport.Status.FAILED

    # Asking again: not the stuck document but the sheets themselves, at once (the draw had
    # them laid out by the queue, which the worker ran meanwhile).
    asked = scorekeeper_client.get(retry)
    assert asked.status_code == 200
    assert bytes(asked.content).startswith(b"%PDF")
    assert PdfExport.objects.get(pk=export.pk).status == PdfExport.Status.FAILED


@pytest.mark.django_db(transaction=True)
def test_a_task_whose_function_fails_before_it_begins_fails_its_document(
    scorekeeper_client, old_export
):
    """Arguments an older release wrote that this release's function refuses: the same."""
    export, task = old_export
    task.update(args_kwargs={"args": [str(export.pk), "an", "old", "signature"], "kwargs": {}})

    run_the_worker_once()

    assert FAILED_TEXT in page(scorekeeper_client, export)
