"""Background work that cannot hang for ever (issue 23, §2): a document whose task's worker
died is failed once the task has run past its bound (twice its expected time, at least
``TASK_DEADLINE_FLOOR_SECONDS`` from its start), its page says so in French and offers to try
again, asking again queues a new document, and a new worker builds it."""

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from tournaments.printing.models import PdfExport
from tournaments.services import drawing

ROOT = Path(__file__).resolve().parents[3]
WORKER = Path(__file__).with_name("blocking_worker.py")
PENDING_TEXT = "Votre fichier est en préparation"
FAILED_TEXT = "Le fichier n’a pas pu être préparé"
RETRY_TEXT = "Réessayer"


def database_url() -> str | None:
    """The test database as ``DATABASE_URL`` for another process; None when another process
    cannot open it (SQLite in memory)."""
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
        return f"postgres://{auth}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"
    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        return f"sqlite:///{db['NAME']}"
    return None


def worker_env() -> dict[str, str]:
    url = database_url()
    if url is None:
        pytest.skip("a worker process needs a database it can open: DATABASE_URL=postgres://…")
    return {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "club.settings.test"}


@pytest.fixture
def round_of_three(make_tournament, settings):
    """A round of three tables; a request lays out two sheets, a task one: three tasks."""
    settings.PDF_INLINE_MAX_RENDERS = 2
    settings.PDF_TASK_SHEETS = 1
    tournament = make_tournament(players=12, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    # The draw queued its own layouts (``round_drawn``): the worker killed here must be running
    # the document's task, not one of those, whichever the queue hands out first.
    DBTaskResult.objects.all().delete()
    return round_


def page(client, export_id) -> str:
    response = client.get(reverse("pdf_export", args=[export_id]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_task_fails_the_document_and_asking_again_builds_it(
    scorekeeper_client, round_of_three, settings
):
    env = worker_env()
    url = reverse("round_sheets_pdf", args=[round_of_three.pk])
    first = PdfExport.objects.get(pk=scorekeeper_client.get(url)["Location"].split("/")[-2])

    started_r, started_w = os.pipe()
    blocked_r, blocked_w = os.pipe()
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), str(started_w), str(blocked_r)],
        cwd=ROOT,
        env=env,
        pass_fds=(started_w, blocked_r),
    )
    try:
        # A bounded wait for the subprocess: it says when its layout has begun.
        ready, _, _ = select.select([started_r], [], [], 120)
        assert ready, "the worker never began a layout"
        assert os.read(started_r, 100) == b"laying out\n"
    finally:
        worker.kill()  # SIGKILL: no finally, no handler runs in the worker
        worker.wait(30)
        for fd in (started_r, started_w, blocked_r, blocked_w):
            os.close(fd)

    # Within the bound, the worker is slow, not dead: the page still waits.
    html = page(scorekeeper_client, first.pk)
    assert PENDING_TEXT in html and "data-poll-seconds" in html
    assert scorekeeper_client.get(url)["Location"].split("/")[-2] == str(first.pk)

    # Past the bound: failed, the page says so and offers to try again.
    settings.TASK_DEADLINE_FLOOR_SECONDS = 0
    settings.PDF_SECONDS_PER_SHEET = 0
    html = page(scorekeeper_client, first.pk)
    first.refresh_from_db()
    assert first.status == PdfExport.Status.FAILED
    assert FAILED_TEXT in html and "data-poll-seconds" not in html
    assert RETRY_TEXT in html and url in html

    # Asking again queues a new document (no worker runs yet), which a new worker builds.
    settings.TASK_DEADLINE_FLOOR_SECONDS = django_settings.TASK_DEADLINE_FLOOR_SECONDS
    second_id = scorekeeper_client.get(url)["Location"].split("/")[-2]
    assert second_id != str(first.pk)
    assert PENDING_TEXT in page(scorekeeper_client, second_id)
    subprocess.run(
        [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
    )
    second = PdfExport.objects.get(pk=second_id)
    assert second.status == PdfExport.Status.READY
    assert "Télécharger le PDF" in page(scorekeeper_client, second_id)
    download = scorekeeper_client.get(reverse("pdf_export_file", args=[second_id]))
    assert download["Content-Type"] == "application/pdf"
    assert bytes(download.content).startswith(b"%PDF")
    first.refresh_from_db()
    assert first.status == PdfExport.Status.FAILED  # its queued tasks skipped it
