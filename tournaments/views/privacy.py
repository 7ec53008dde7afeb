"""A player's erasure (the right to erasure), a committee action of his club."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from club.forms import EraseConfirmForm, PlayerPrivacyForm
from club.models import Club
from club.roles import CommitteeRequiredMixin

from ..services.errors import TournamentError
from ..services.privacy import erase_player


class PlayerEraseView(CommitteeRequiredMixin, View):
    """Erase on POST, once « EFFACER » is typed; the member's page says what it does."""

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        player = get_object_or_404(club.players.all(), pk=pk)
        form = EraseConfirmForm(request.POST)
        if form.is_valid():
            try:
                erase_player(player, club=club, user=request.user)
            except TournamentError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("The player's personal data is erased."))
                return redirect("club_member", slug=club.slug, pk=player.pk)
        context = {
            "club": club,
            "player": player,
            "form": PlayerPrivacyForm(instance=player, club=club),
            "erase_form": form,
        }
        return render(request, "club/member.html", context, status=400)
