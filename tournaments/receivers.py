"""Writes made outside the services that the public pages show: a player's or a team's name
changed in the admin. The cached standings, rounds and table pages (and their ETags) are keyed
by the tournament's ``results_version`` and ``layout_version``: bump them, as the services do."""

from django.db.models import F
from django.db.models.signals import post_save
from django.dispatch import receiver

from club.models import Club, Player

from .models import Team, Tournament


@receiver(post_save, sender=Player, dispatch_uid="player_saved")
def player_saved(sender: type[Player], instance: Player, created: bool, **kwargs: object) -> None:
    if not created:  # a new player has played nowhere yet
        Tournament.objects.filter(entries__player=instance).update(
            results_version=F("results_version") + 1, layout_version=F("layout_version") + 1
        )


@receiver(post_save, sender=Team, dispatch_uid="team_saved")
def team_saved(sender: type[Team], instance: Team, created: bool, **kwargs: object) -> None:
    Tournament.objects.filter(pk=instance.tournament_id).update(
        results_version=F("results_version") + 1, layout_version=F("layout_version") + 1
    )


@receiver(post_save, sender=Club, dispatch_uid="club_saved")
def club_saved(sender: type[Club], instance: Club, created: bool, **kwargs: object) -> None:
    """The club's name, default public names or search engines' rule show on every page of its
    tournaments and seasons."""
    if not created:
        Tournament.objects.filter(club=instance).update(
            results_version=F("results_version") + 1, layout_version=F("layout_version") + 1
        )
