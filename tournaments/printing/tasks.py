"""Work for the task queue (django-tasks, kept in the database; ``manage.py db_worker``)."""

from django_tasks import task

from tournaments.printing import exports as pdf_exports


@task()
def build_pdf_export(export_id: str) -> None:
    """Build a long PDF off the request (``pdf_exports.queue_pdf_export``)."""
    pdf_exports.build_pdf_export(export_id)


@task()
def lay_out_round_sheets(round_id: int, language: str, base_url: str) -> None:
    """A round's blank sheets laid out and kept as soon as it is drawn, for its print
    (``pdf_exports.prepare_round_sheets``)."""
    pdf_exports.lay_out_round_sheets(round_id, language, base_url)
