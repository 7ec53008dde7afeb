"""An import's pages: upload a file, see every row and its problems, then confirm.

The members' import, the archived evenings' and a federation's licences share this flow:
the file is read once and its rows kept in the session with a token; the preview shows them;
a confirmation carrying that token checks the rows again against the database as it is now
and saves them, or shows the preview again with what stops it. A second tab's preview
replaces the first; a stale, forged or another club's confirmation is refused. Nothing is
saved before the confirmation, and nothing while it is refused.

An import belongs to its *owner*: a club (``ImportFlowView[ImportRow, Club]``), or a
federation (``ImportFlowView[LicenceRow, Federation]``).
"""

import uuid
from typing import Any, Generic, Protocol, TypeVar

from django import forms
from django.contrib import messages
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from .spreadsheet_limits import ImportFileError


class Row(Protocol):
    """What the flow needs of a row: whether it is valid, and a dict the session keeps."""

    @property
    def is_valid(self) -> bool: ...

    def to_dict(self) -> dict[str, object]: ...


_RowT = TypeVar("_RowT", bound=Row)
#: Whose import it is: a club, or a federation.
_OwnerT = TypeVar("_OwnerT", bound=Model)


def stash(request: HttpRequest, key: str, club: Model, **data: Any) -> dict[str, Any]:
    """Keep ``data`` under ``key`` with a new token; the stored dict (its ``token`` for the
    confirmation form). ``club``: the import's owner."""
    stored = {"token": uuid.uuid4().hex, "club": club.pk, **data}
    request.session[key] = stored
    return stored


def claim(request: HttpRequest, key: str, club: Model, form: forms.Form) -> dict[str, Any] | None:
    """The preview this confirmation (``form``, with its ``token`` field) answers, or None —
    with a message to send the file again — when it expired, was replaced or is another
    club's (another owner's)."""
    stored: dict[str, Any] | None = request.session.get(key)
    if (
        form.is_valid()
        and stored
        and stored["token"] == form.cleaned_data["token"]
        and stored["club"] == club.pk
    ):
        return stored
    messages.error(request, _("This import has expired or was replaced: send the file again."))
    return None


class ImportFlowView(View, Generic[_RowT, _OwnerT]):
    """Upload → preview → confirm. A subclass names its session key, templates and forms (the
    upload form has a ``file`` field; the confirmation form a hidden ``token``) and says how
    its rows are read, checked again and saved; its rows are a ``Row`` type of its own. Its
    ``club`` arguments are its owner's (``_OwnerT``: a club, or a federation)."""

    session_key: str
    #: the upload page's URL name (its arguments: this page's, the owner's slug)
    url_name: str
    template_name: str
    preview_template_name: str
    confirm_form_class: type[forms.Form]

    # What each import says for itself.

    def get_club(self) -> _OwnerT:
        raise NotImplementedError

    def upload_form(self, club: _OwnerT, data: Any = None, files: Any = None) -> forms.Form:
        raise NotImplementedError

    def read(self, club: _OwnerT, form: forms.Form) -> tuple[list[_RowT], dict[str, Any]]:
        """The rows of the uploaded file, checked, and what else the session keeps for the
        confirmation (the form's choices); raises ImportFileError."""
        raise NotImplementedError

    def preview_context(
        self, club: _OwnerT, stored: dict[str, Any], rows: list[_RowT]
    ) -> dict[str, Any]:
        return {}

    def recheck(self, club: _OwnerT, stored: dict[str, Any]) -> list[_RowT]:
        """The stored rows checked again against the database as it is now."""
        raise NotImplementedError

    def refuse(
        self, club: _OwnerT, form: forms.Form, before: list[dict[str, Any]], rows: list[_RowT]
    ) -> bool:
        """Whether the confirmation cannot go on (its reasons added to ``form``); ``before``
        is the rows as the preview showed them."""
        raise NotImplementedError

    def save(
        self, request: HttpRequest, club: _OwnerT, stored: dict[str, Any], rows: list[_RowT]
    ) -> HttpResponse:
        """Save the rows (one transaction in a service), say so, and answer."""
        raise NotImplementedError

    def refuse_rows_in_error(self, form: forms.Form, rows: list[_RowT]) -> bool:
        """An all-or-nothing import's first refusal (``refuse``'s): one row in error stops the
        confirmation, and ``form`` says so."""
        if any(not row.is_valid for row in rows):
            form.add_error(
                None,
                _("Some rows have errors: nothing was saved. Correct the file and send it again."),
            )
            return True
        return False

    # The flow itself.

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        club = self.get_club()
        return self.page(request, club, self.upload_form(club))

    def page(
        self, request: HttpRequest, club: _OwnerT, form: forms.Form, status: int = 200
    ) -> HttpResponse:
        return render(request, self.template_name, {"club": club, "form": form}, status=status)

    def post(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        club = self.get_club()
        if "token" in request.POST:
            return self.confirm(request, club)
        form = self.upload_form(club, request.POST, request.FILES)
        if not form.is_valid():
            status = 413 if form.has_error("file", "too_large") else 400
            return self.page(request, club, form, status=status)
        try:
            rows, kept = self.read(club, form)
        except ImportFileError as error:
            form.add_error("file", str(error))
            return self.page(request, club, form, status=error.status)
        stored = stash(
            request,
            self.session_key,
            club,
            filename=form.cleaned_data["file"].name,
            rows=[row.to_dict() for row in rows],
            **kept,
        )
        confirm = self.confirm_form_class(initial={"token": stored["token"]})
        return self.preview(request, club, stored, rows, confirm)

    def preview(
        self,
        request: HttpRequest,
        club: _OwnerT,
        stored: dict[str, Any],
        rows: list[_RowT],
        confirm_form: forms.Form,
        status: int = 200,
    ) -> HttpResponse:
        context = {
            "club": club,
            "filename": stored["filename"],
            "rows": rows,
            "valid_count": sum(row.is_valid for row in rows),
            "error_count": sum(not row.is_valid for row in rows),
            "confirm_form": confirm_form,
            **self.preview_context(club, stored, rows),
        }
        return render(request, self.preview_template_name, context, status=status)

    def confirm(self, request: HttpRequest, club: _OwnerT) -> HttpResponse:
        form = self.confirm_form_class(request.POST)
        stored = claim(request, self.session_key, club, form)
        if stored is None:
            return redirect(reverse(self.url_name, kwargs=self.kwargs))
        before = stored["rows"]
        rows = self.recheck(club, stored)
        stored["rows"] = [row.to_dict() for row in rows]
        request.session[self.session_key] = stored
        if self.refuse(club, form, before, rows):
            return self.preview(request, club, stored, rows, form, status=400)
        response = self.save(request, club, stored, rows)
        del request.session[self.session_key]
        return response
