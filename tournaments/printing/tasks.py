"""Work for the task queue (django-tasks, kept in the database; ``manage.py db_worker``).

A long document is a task for every few sheets and one for the merge: the queue's workers,
one per core and at a lower priority than the web's (README), share the sheets between them.

Documents come last in the queue: what players see within one poll (a table's result, the
standings) is stored in the confirmation's own transaction and never waits on the queue, and a
projection queued one day for a page (a federation's ranking, a rating) is a task of the
default priority (0), which every worker claims before any document's (``db_worker`` takes
the highest priority first, whatever the queue). A round's 30 sheets being laid out delays
nothing a player polls for (bench/poll_during_layout.py).
"""

from django_tasks import task

from tournaments.printing import builds

#: A sheet's layout: below every task of the default priority (0).
DOCUMENT_PRIORITY = -20
#: A document's merge: after the projections, before the sheets of documents queued later (a
#: file whose pages are all kept is one merge away from its download).
MERGE_PRIORITY = -10


@task(priority=MERGE_PRIORITY)
def build_pdf_export(export_id: str) -> None:
    """Merge a queued document's kept pages (``exports.queue_pdf_export``)."""
    builds.build_pdf_export(export_id)


@task(priority=DOCUMENT_PRIORITY)
def lay_out_export_sheets(export_id: str, tables: list[int]) -> None:
    """A few sheets of a queued document laid out and kept; the task that keeps the last page
    queues the merge."""
    if builds.lay_out_export_sheets(export_id, tables):
        build_pdf_export.enqueue(export_id)


@task(priority=DOCUMENT_PRIORITY)
def lay_out_round_sheets(
    round_id: int, language: str, base_url: str, tables: list[int] | None = None
) -> None:
    """A few of a round's blank sheets laid out and kept as soon as it is drawn, for its print
    (``exports.prepare_round_sheets``)."""
    builds.lay_out_round_sheets(round_id, language, base_url, tables)
