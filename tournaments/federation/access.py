"""Who may use a federation's desk: its committee (``FederationRole``), and the site's
administrator. A federation is looked up among the user's own (another's: 404); a logged-in
user on no federation's committee gets a 403 that says so."""

from typing import Any

from django.contrib.auth.mixins import AccessMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from club.language import activate_club_language

from .models import Federation
from .selectors import federation_ids, federations_for


class FederationCommitteeMixin(AccessMixin):
    """Anonymous users go to the login page; the federation is one the user serves."""

    request: HttpRequest

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if federation_ids(request.user) == set():
            raise PermissionDenied(_("This page is reserved for the federation's committee."))
        # AccessMixin has no dispatch: the view this mixes into has.
        response: HttpResponse = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        return response

    def get_federation(self, slug: str) -> Federation:
        """The federation of the page, among the user's own (another's: 404), its language
        the page's unless the user chose his own."""
        federation = get_object_or_404(federations_for(self.request.user), slug=slug)
        activate_club_language(self.request, federation.language)
        return federation
