from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from club.models import Player

        from . import receivers
        from .models import Team

        post_save.connect(receivers.player_saved, sender=Player, dispatch_uid="player_saved")
        post_save.connect(receivers.team_saved, sender=Team, dispatch_uid="team_saved")
