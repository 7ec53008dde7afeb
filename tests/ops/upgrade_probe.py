"""What ``tests/ops/upgrade.py`` asks of one release's code, run by that code's own Django
(``python upgrade_probe.py CODE_DIR COMMAND``, the settings and database from the
environment): written for every release it probes, 0.1.0 included, so it names only what they
all have (the public pages' paths, the demo's scorekeeper, the models by label) and Django's
public API (its test client).

Commands, each printing one JSON object:

- ``pages``: every tournament's standings and rounds pages and every season's standings, as
  the visitor reads them: the status, the page's text, and its figures (each table row's
  numbers, and the row's words).
- ``queue_pdf``: the scorekeeper asks a round's sheets through the pages with no worker
  running: the document stays « en préparation »; its id.
- ``phones``: a table's phone of the evening in progress sends a deal through its link and a
  second phone confirms it (releases with phones' seats only).
- ``export``: a document's status.
"""

import json
import os
import re
import sys

CODE = os.path.abspath(sys.argv[1])
sys.path.insert(0, CODE)
os.chdir(CODE)

import django  # noqa: E402

django.setup()

import lxml.html  # noqa: E402
from django.apps import apps  # noqa: E402
from django.conf import settings  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402

HOST = os.environ.get("PROBE_HOST", "127.0.0.1")
SECURE = settings.SECURE_SSL_REDIRECT
NUMBER = re.compile(r"[-+−]?\d+(?:[.,]\d+)?")


class Visitor(Client):
    """The test client, over HTTPS where the settings redirect plain HTTP (production's)."""

    def request(self, **request):
        if SECURE:
            request.update({"wsgi.url_scheme": "https", "SERVER_PORT": "443"})
        return super().request(**request)


def client() -> Client:
    return Visitor(HTTP_HOST=HOST)


def text_of(html: bytes) -> tuple[str, list[list[str]]]:
    """The page's text (scripts and styles left out, spaces collapsed), and its tables' rows:
    each row as its cells' texts."""
    tree = lxml.html.fromstring(html)
    # A ranking's « Détail » fold under a name repeats, for a phone, what the row's cells hold.
    for node in tree.xpath("//script|//style|//noscript|//details[contains(@class,'row-detail')]"):
        node.drop_tree()
    main = tree.xpath("//main") or tree.xpath("//body")
    text = " ".join(main[0].text_content().split())
    rows = []
    for row in main[0].xpath(".//table//tr"):
        cells = [" ".join(cell.text_content().split()) for cell in row.xpath("./th|./td")]
        rows.append(cells)
    return text, rows


def pages() -> dict:
    Tournament = apps.get_model("tournaments", "Tournament")
    Season = apps.get_model("club", "Season")
    paths = []
    for pk in Tournament.objects.order_by("pk").values_list("pk", flat=True):
        paths += [f"/tournois/{pk}/", f"/tournois/{pk}/rondes/"]
    for pk in Season.objects.order_by("pk").values_list("pk", flat=True):
        paths.append(f"/saisons/{pk}/classement/")
    browser = client()
    answers = {}
    for path in paths:
        response = browser.get(path)
        text, rows = text_of(response.content) if response.status_code == 200 else ("", [])
        answers[path] = {"status": response.status_code, "text": text, "rows": rows}
        if response.status_code != 200:
            answers[path]["answer"] = response.content[:300].decode(errors="replace")
            answers[path]["location"] = response.get("Location", "")
    return answers


def scorekeeper() -> Client:
    browser = client()
    User = apps.get_model("auth", "User")
    browser.force_login(User.objects.get(username="saisie"))
    return browser


def queue_pdf() -> dict:
    """The largest round of the evening's Double King, asked with no sheet kept: queued."""
    Round = apps.get_model("tournaments", "Round")
    round_ = (
        Round.objects.filter(tournament__game="double_king")
        .order_by("-tournament__date", "-number")
        .first()
    )
    with override_settings(PDF_INLINE_MAX_RENDERS=1):
        response = scorekeeper().get(f"/saisie/rondes/{round_.pk}/feuilles.pdf")
    assert response.status_code == 302, response.status_code
    export = response["Location"].rstrip("/").split("/")[-1]
    page = scorekeeper().get(response["Location"])
    assert page.status_code == 200
    return {"export": export, "round": round_.pk, "page": text_of(page.content)[0]}


def export() -> dict:
    PdfExport = apps.get_model("printing", "PdfExport")
    found = PdfExport.objects.get(pk=os.environ["PROBE_EXPORT"])
    page = scorekeeper().get(reverse("pdf_export", args=[found.pk]))
    assert page.status_code == 200, page.status_code
    return {"status": found.status, "page": text_of(page.content)[0]}


def phones() -> dict:
    """The deal the demo's evening left waiting on a table's phones is confirmed by a phone
    of the other side, through the table's link: the phone says who it is (a seat no phone
    holds yet), then confirms; the deal goes on the table's sheet. Releases without the
    phones' seats (0.1.0): nothing done."""
    if not apps.is_installed("tournaments.tableside"):
        return {"confirmed": None}
    TableDeal = apps.get_model("tableside", "TableDeal")
    TableLink = apps.get_model("tableside", "TableLink")
    Seat = apps.get_model("tournaments", "Seat")
    waiting = TableDeal.objects.filter(status="pending").order_by("pk").first()
    table = waiting.table
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    path = f"/t/{link.token}/"
    deals_before = table.deals.count()
    for entry_id in Seat.objects.filter(table=table).values_list("entry_id", flat=True):
        phone = client()
        if phone.post(path, {"action": "who", "entry": entry_id}).status_code != 302:
            continue  # held by a phone of the demo's
        answer = phone.post(path, {"action": "confirm", "deal": waiting.pk})
        waiting.refresh_from_db()
        if answer.status_code == 302 and waiting.status == "confirmed":
            break
    return {
        "confirmed": waiting.status == "confirmed",
        "on_the_sheet": table.deals.count() - deals_before,
        "page": client().get(path).status_code,
    }


COMMANDS = {"pages": pages, "queue_pdf": queue_pdf, "export": export, "phones": phones}

if __name__ == "__main__":
    print(json.dumps(COMMANDS[sys.argv[2]](), ensure_ascii=False))
