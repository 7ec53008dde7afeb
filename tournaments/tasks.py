"""Work for the task queue (django-tasks, kept in the database; ``manage.py db_worker``)."""

from django_tasks import task

from .services import pdf_exports


@task()
def build_pdf_export(export_id: str) -> None:
    """Build a long PDF off the request (``pdf_exports.queue_pdf_export``)."""
    pdf_exports.build_pdf_export(export_id)
