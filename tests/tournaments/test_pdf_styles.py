"""Sheets laid out with a lighter default stylesheet and their own stylesheet parsed once: the
same PDF, byte for byte, as WeasyPrint's own way (full default stylesheet, <style> parsed in
each document)."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from weasyprint import HTML

from tournaments.printing import pdf, sheet_pdfs
from tournaments.selectors import round_reads
from tournaments.services import drawing
from tournaments.tableside import qr

pytestmark = pytest.mark.django_db

GAMES = ["double_king", "whist", "quarante", "plonk", "double"]
SITE = "https://club.example"


def weasyprint_own(html: str) -> bytes:
    """The document as plain WeasyPrint lays it out."""
    base_url = (Path(settings.BASE_DIR) / "static").as_uri() + "/"
    return HTML(string=html, base_url=base_url, url_fetcher=pdf.make_fetcher()).write_pdf()


@pytest.fixture
def light_calls(monkeypatch):
    """Counts the documents WeasyPrint styled with ``pdf_ua.css``: if WeasyPrint renamed its
    hook, the count would stay at zero."""
    calls = []
    real = pdf.LightHTML._ua_stylesheets

    def counting(self, *args, **kwargs):
        calls.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pdf.LightHTML, "_ua_stylesheets", counting)
    return calls


def blank_pages(tournament) -> list[str]:
    round_ = drawing.draw_round(tournament, seed=1)
    with translation.override("fr"):
        return [page.html for page in sheet_pdfs.prepare(sheet_pdfs.round_document(round_, SITE))]


@pytest.mark.parametrize("game", GAMES)
def test_every_games_blank_sheet_with_its_qr_code_is_laid_out_byte_for_byte(
    make_tournament, game, light_calls
):
    tournament = make_tournament(game, players=4, rounds=1)
    tournament.table_phones = True
    tournament.save()
    htmls = blank_pages(tournament)
    assert htmls and all("<svg" in html for html in htmls)
    for html in htmls:
        assert pdf.html_to_pdf(html) == weasyprint_own(html)
    assert len(light_calls) == len(htmls)


def test_filled_sheets_and_the_wall_plan_are_laid_out_byte_for_byte(played_tournament, light_calls):
    played_tournament.table_phones = True
    played_tournament.save()
    round_ = played_tournament.round_set.get(number=2)
    with translation.override("fr"):
        document = sheet_pdfs.filled_document(played_tournament)
        htmls = [page.html for page in sheet_pdfs.prepare(document)]
        codes = sorted(qr.round_codes(round_, SITE).values(), key=lambda c: c.table)
        lines = pdf.plan_lines(round_reads.round_tables(round_))
        htmls.append(
            render_to_string(
                "tournaments/pdf/plan.html",
                {
                    "tournament": played_tournament,
                    "round": round_,
                    "pages": pdf.plan_pages(lines),
                    "count": len(lines),
                    "code_pages": [codes],
                },
            )
        )
    for html in htmls:
        assert pdf.html_to_pdf(html) == weasyprint_own(html)
    assert len(light_calls) == len(htmls) == 5


@pytest.mark.parametrize(
    "body",
    [
        "<ul><li>Pique</li><li>Cœur</li></ul>",  # an element pdf_ua.css has no rules for
        '<p hidden>caché</p><p dir="rtl">à droite</p>',  # attributes the full one tests
    ],
)
def test_other_documents_keep_weasyprints_whole_default_stylesheet(body, light_calls):
    html = f"<html><head><style>p {{ color: #333; }}</style></head><body>{body}</body></html>"
    assert not pdf.light_ua_fits(html)
    assert pdf.html_to_pdf(html) == weasyprint_own(html)
    assert light_calls == []


def test_a_document_with_important_rules_keeps_its_own_stylesheet():
    """Taken out as a user stylesheet, an !important rule would beat a style attribute's."""
    html = (
        "<html><head><style>p { color: red !important; } b { color: blue; }</style></head>"
        '<body><p style="color: green !important">vert</p><b style="color: black">noir</b></body>'
        "</html>"
    )
    pdf.layout_options()
    assert pdf.own_stylesheet(html, "file:///")[1] == []
    assert pdf.html_to_pdf(html) == weasyprint_own(html)


def test_the_stylesheet_is_parsed_once_per_thread(make_tournament, monkeypatch):
    tournament = make_tournament("double_king", players=8, rounds=1)
    htmls = blank_pages(tournament)
    parsed = []
    real = pdf.CSS

    def counting(*args, **kwargs):
        if "string" in kwargs:  # not pdf_ua.css, parsed once per process
            parsed.append(kwargs["string"])
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf, "CSS", counting)
    pdf.reset_in_child()  # a new thread's (or child's) fonts and stylesheets
    for html in htmls:
        pdf.html_to_pdf(html)
    assert len(htmls) == 2 and len(parsed) == 1
