"""A queued document whose tables change while the queue's workers lay its sheets out (the
players enter their deals from the phones as soon as the round is drawn) is still merged: its
download comes, with every table's sheet as it is now."""

import io
import random

import pytest
from pypdf import PdfReader

from tournaments.printing import builds, exports, sheet_pdfs
from tournaments.printing.models import PdfExport
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db


def test_a_deal_entered_during_the_layout_does_not_hold_the_merge_back(make_tournament, settings):
    settings.PDF_TASK_SHEETS = 2
    tournament = make_tournament(players=16, rounds=1)  # 4 tables: two tasks of two sheets
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    tables = list(round_.tables.order_by("pk"))
    export = exports.queue_pdf_export(
        tournament,
        kind=PdfExport.Kind.ROUND_SHEETS,
        round_=round_,
        user=None,
        tables=[table.pk for table in tables],
    )
    first, second = sheet_pdfs.chunks([table.pk for table in tables])

    assert builds.lay_out_export_sheets(str(export.pk), first) is False  # one task still to end
    # A deal saved at the first task's table once its sheet is laid out: its page is now older.
    table = tables[0]
    dealer = table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(
        table,
        records=double_king_round(dealer, random.Random(1), 1),
        version=table.version,
        user=None,
    )
    assert builds.lay_out_export_sheets(str(export.pk), second) is True  # the last: the merge

    built = builds.build_pdf_export(str(export.pk))
    assert built is not None and built.status == PdfExport.Status.READY
    assert len(PdfReader(io.BytesIO(bytes(built.content))).pages) == len(tables)


def test_each_task_ends_once_and_only_the_last_queues_the_merge(make_tournament, settings):
    settings.PDF_TASK_SHEETS = 1
    tournament = make_tournament(players=12, rounds=1)  # 3 tables, a task each
    round_ = drawing.draw_round(tournament, seed=2)
    ids = list(round_.tables.order_by("pk").values_list("pk", flat=True))
    export = exports.queue_pdf_export(
        tournament, kind=PdfExport.Kind.ROUND_SHEETS, round_=round_, user=None, tables=ids
    )
    ends = [builds.lay_out_export_sheets(str(export.pk), share) for share in sheet_pdfs.chunks(ids)]
    assert ends == [False, False, True]
