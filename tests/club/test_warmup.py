"""A worker's warm-up before it serves (gunicorn's master runs it, then forks): it must never
stop the server from starting, nor use the database (a connection opened in the master would
be shared by the workers)."""

import runpy

import pytest
from django.test import Client

from club import warmup
from club.settings.base import BASE_DIR


# Transactional: the warm-up closes every connection (the master must share none with its
# workers), the test's own included; a page then opens a new one, as a worker does.
@pytest.mark.django_db(transaction=True)
def test_gunicorn_warms_the_master_without_the_database_and_pages_still_answer(
    django_assert_num_queries,
):
    settings = runpy.run_path(str(BASE_DIR / "gunicorn.conf.py"))
    with django_assert_num_queries(0):
        settings["when_ready"](None)
    assert Client().get("/").status_code == 200


def test_every_page_template_of_the_project_is_found():
    names = warmup.template_names()
    assert "base.html" in names and "404.html" in names
    assert any(name.startswith("tableside/") for name in names)  # an app's own templates
