"""Work for the task queue (django-tasks, kept in the database; ``manage.py db_worker``)."""

from django_tasks import task

from . import services


@task()
def build_pdf_export(export_id: str) -> None:
    """Build a long PDF off the request (``services.queue_pdf_export``)."""
    services.build_pdf_export(export_id)
