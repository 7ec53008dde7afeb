"""The phones' and the printed documents' models moved to their apps (``tableside``,
``printing``) by a change of migration state only: on a database that holds the demo club, going
back to the schema before the move and forward again keeps every row and every content type."""

import pytest
from django.contrib.contenttypes.models import ContentType
from helpers import latest, migrate

from tournaments.models import Deal, Tournament
from tournaments.printing.models import SheetPdf
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableEvent, TableLink

BEFORE_THE_MOVE = [
    ("tableside", None),
    ("printing", None),
    ("tournaments", "0014_tournament_layout_version"),
]


def moved_content_types() -> set[tuple[str, str]]:
    return set(
        ContentType.objects.filter(
            model__in=["tablelink", "tableevent", "sheetpdf", "tabledeal", "linkmiss", "pdfexport"]
        ).values_list("app_label", "model")
    )


@pytest.mark.django_db(transaction=True)
def test_the_move_keeps_the_demo_club_and_its_rows_back_and_forth(demo_db):
    table = Deal.objects.select_related("table").first().table
    link = table_entry.issue_link(table, user=None)
    SheetPdf.objects.create(
        table=table, filled=False, language="fr", template="t", version=1, digest="d", content=b"%"
    )
    ContentType.objects.get_for_models(TableLink, TableEvent, SheetPdf)
    tournaments, deals = Tournament.objects.count(), Deal.objects.count()

    executor = migrate(BEFORE_THE_MOVE)
    old = executor.loader.project_state(BEFORE_THE_MOVE[2]).apps
    assert old.get_model("tournaments", "TableLink").objects.get(pk=link.pk).table_id == table.pk
    assert old.get_model("tournaments", "SheetPdf").objects.filter(table_id=table.pk).count() == 1
    assert old.get_model("tournaments", "TableEvent").objects.filter(table_id=table.pk).exists()
    assert {label for label, _ in moved_content_types()} == {"tournaments"}

    migrate(latest())
    assert TableLink.objects.get(pk=link.pk).token_hash == link.token_hash
    assert table_entry.find_link(link.token) == link
    assert SheetPdf.objects.get(table=table).content == b"%"
    assert (Tournament.objects.count(), Deal.objects.count()) == (tournaments, deals)
    assert ("tableside", "tablelink") in moved_content_types()
    assert ("printing", "sheetpdf") in moved_content_types()
    assert {label for label, _ in moved_content_types()} <= {"tableside", "printing"}
