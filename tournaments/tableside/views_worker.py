"""The table pages' service worker (issue 34, « Without a laptop at all »): served from the
table pages' own folder (``/t/``) so that its scope covers every table's page and nothing
else, as a template for the static files' address (hashed once deployed)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.views import View

from tournaments.tableside.table_page import ANSWER_QUERY


class TableWorkerView(View):
    """The worker's script. A browser checks it again at each table page it opens; ``no-cache``
    makes that check reach the server, so that a new version replaces the old one at once."""

    def get(self, request: HttpRequest) -> HttpResponse:
        response = render(
            request,
            "tableside/table_worker.js",
            {"answer_query": ANSWER_QUERY},
            content_type="text/javascript",
        )
        patch_cache_control(response, no_cache=True)
        return response
