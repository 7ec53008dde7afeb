"""What the staff's entry pages and the tables' phones both do with a typed sheet or deal: judge
it by the game's rules, say its errors, and give the points its live preview shows (the views
answer that as JSON). No game is named here: the form's hooks carry the difference."""

from scoring import InvalidDeal
from scoring.common import TableResult
from tournaments.games.base import SheetForm
from tournaments.models import Seat, Table
from tournaments.selectors import scoresheet


def judged(table: Table, form: SheetForm, seats: list[Seat] | None = None) -> TableResult | None:
    """The game's verdict on a valid form's sheet, or None with the reason on its field
    (``seats``: the table's, when read already)."""
    try:
        return scoresheet.evaluate_sheet(table, form.entry_records(), seats)
    except InvalidDeal as error:
        form.attach_scoring_error(error)
        return None


def form_error_texts(form: SheetForm) -> list[str]:
    """The form's error messages, in the order of its fields (the empty ones left out: a
    message is written once, on its first field)."""
    return [str(e) for field_errors in form.errors.values() for e in field_errors if str(e)]


def preview_payload(table: Table, form: SheetForm) -> dict[str, object]:
    """The typed sheet's (or deal's) points, or its first errors: what the staff's page and the
    table's phones show before anything is saved."""
    result = judged(table, form) if form.is_valid() else None
    if result is None:
        return {"ok": False, "errors": form_error_texts(form)[:3], **form.preview_payload(None)}
    return {"ok": True, **form.preview_payload(result)}
