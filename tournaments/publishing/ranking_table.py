"""A ranking table's markup (the tournament's standings, a season's, an annual ranking): its
context (``tables``' builders) drawn by ``publishing/ranking_table.html``, a Jinja2 template
(club/settings/base.py's ``TEMPLATES``: a page of 50 players in a fifth of the Django engine's
time, the season page's largest part after its SQL). Its words are translated here, and its
page links made here as django-tables2's ``querystring`` tag makes them: the template holds no
word of its own (``makemessages`` reads Django's templates, not Jinja2's)."""

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tables2.templatetags.django_tables2 import table_page_range

TEMPLATE = "publishing/ranking_table.html"


def ranking_table_html(context: dict[str, Any], request: HttpRequest | None = None) -> str:
    """The table of ``context`` (columns, rows, css; a paginated ranking's ``page`` and
    ``page_field``, a search's ``search`` and ``found``) as HTML; ``request``: the query its
    page links keep."""
    words = {
        "substitute": _("substitute"),
        "detail": _("Detail"),
        "previous": _("Previous"),
        "next": _("Next"),
    }
    drawn = {
        **context,
        "words": words,
        "search_result": search_result(context.get("search", ""), context.get("found", 0)),
        "pager": pager(context.get("page"), context.get("page_field", ""), request),
    }
    return render_to_string(TEMPLATE, drawn, request, using="jinja2")


def search_result(text: str, found: int) -> str:
    """What a player search found, said above the table ("" without a search)."""
    if not text:
        return ""
    if not found:
        return _("No player found for « %(text)s »: the top of the ranking.") % {"text": text}
    return ngettext(
        "%(counter)s player found for « %(text)s »: the top of the ranking and his places.",
        "%(counter)s players found for « %(text)s »: the top of the ranking and their places.",
        found,
    ) % {"counter": found, "text": text}


def pager(page: Any, field: str, request: HttpRequest | None) -> dict[str, Any] | None:
    """A paginated ranking's links (None on a single page): the previous and next pages' and
    each page's of django-tables2's range (« … » where pages are left out: no link), each the
    request's query with the page (``field``) changed."""
    if page is None or request is None or page.paginator.num_pages <= 1:
        return None

    def link(number: int) -> str:
        query = dict(request.GET.lists())
        query[field] = [str(number)]
        return "?" + urlencode(query, doseq=True)

    return {
        "previous": link(page.previous_page_number()) if page.has_previous() else None,
        "next": link(page.next_page_number()) if page.has_next() else None,
        "links": [
            (number, None, False)
            if number == "..."
            else (number, link(number), number == page.number)
            for number in table_page_range(page, page.paginator)
        ],
    }
