"""Work for the task queue (django-tasks, kept in the database; ``manage.py db_worker``).

A long document is a task for every few sheets and one for the merge: the queue's workers,
one per core and at a lower priority than the web's (README), share the sheets between them.
"""

from django_tasks import task

from tournaments.printing import builds


# Before the sheets of documents queued later: a file whose pages are all kept is one merge
# away from its download.
@task(priority=10)
def build_pdf_export(export_id: str) -> None:
    """Merge a queued document's kept pages (``exports.queue_pdf_export``)."""
    builds.build_pdf_export(export_id)


@task()
def lay_out_export_sheets(export_id: str, tables: list[int]) -> None:
    """A few sheets of a queued document laid out and kept; the task that keeps the last page
    queues the merge."""
    if builds.lay_out_export_sheets(export_id, tables):
        build_pdf_export.enqueue(export_id)


@task()
def lay_out_round_sheets(
    round_id: int, language: str, base_url: str, tables: list[int] | None = None
) -> None:
    """A few of a round's blank sheets laid out and kept as soon as it is drawn, for its print
    (``exports.prepare_round_sheets``)."""
    builds.lay_out_round_sheets(round_id, language, base_url, tables)
