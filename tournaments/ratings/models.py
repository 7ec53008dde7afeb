"""The rating lists: a projection of the tournaments' results (``scoring.rating``), rebuilt
after commit by the queue (``tasks``), never typed by anyone.

A list is one game's rating for one owner: a club today (every finished tournament of the
club that has tables), a federation tomorrow (its counted tournaments): ``kind`` and the
owner are the list's key.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.models import Club, Player
from scoring.rating import DEFAULT_GATES, Gates
from tournaments.models import Tournament, game_choices


class RatingList(models.Model):
    class Kind(models.TextChoices):
        CLUB = "club", _("Club")

    kind = models.CharField(_("kind of list"), max_length=20, choices=Kind.choices)
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="rating_lists", verbose_name=_("club")
    )
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    min_tables = models.PositiveSmallIntegerField(
        _("minimum tables"),
        default=DEFAULT_GATES.min_tables,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
    )
    min_opponents = models.PositiveSmallIntegerField(
        _("minimum distinct opponents"),
        default=DEFAULT_GATES.min_opponents,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
    )
    rated_population = models.PositiveSmallIntegerField(
        _("rated players before the half-rated rule"),
        default=DEFAULT_GATES.rated_population,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
    )
    #: The model the stored ratings were computed with (``scoring.rating``): another one
    #: recomputes the whole list.
    model_name = models.CharField(max_length=60, blank=True, editable=False)
    model_version = models.CharField(max_length=20, blank=True, editable=False)
    built_at = models.DateTimeField(null=True, blank=True, editable=False)
    #: Bumped by every rebuild: what pages show of the list may be keyed by it.
    version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")
        constraints = [
            models.UniqueConstraint(fields=["kind", "club", "game"], name="rating_list_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.club} — {self.get_game_display()}"

    @property
    def gates(self) -> Gates:
        return Gates(self.min_tables, self.min_opponents, self.rated_population)


class CountedTournament(models.Model):
    """A tournament the list counted at its last build, and where it stood: a change to it
    replays the list from there on, even if it moved or no longer counts."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="counted")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    date = models.DateField()

    class Meta:
        ordering = ["date", "tournament_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["rating_list", "tournament"], name="counted_tournament_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rating_list} — {self.tournament_id}"


class PlayerRating(models.Model):
    """One player's rating in one list (one game): where it stands, and its history, one
    point a counted tournament he played in (``history``: ``t`` the tournament's id, ``d`` its
    date, ``mu``, ``sigma``, ``v`` the published number, ``r`` rated, ``n`` tables so far, and
    the opponents met there for the first time, ``o``, and first met while rated, ``ro``: the
    state before any tournament is the history's points before it)."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.IntegerField(_("rating"))
    rated = models.BooleanField(_("rated"), default=False)
    tables = models.PositiveIntegerField(_("tables"), default=0)
    opponents = models.PositiveIntegerField(_("distinct opponents"), default=0)
    model_name = models.CharField(max_length=60)
    model_version = models.CharField(max_length=20)
    history = models.JSONField(default=list)

    class Meta:
        verbose_name = _("player's rating")
        verbose_name_plural = _("players' ratings")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "player"], name="player_rating_unique"),
            models.CheckConstraint(condition=Q(sigma__gt=0), name="player_rating_sigma_positive"),
        ]
        indexes = [models.Index(fields=["rating_list", "-value"], name="player_rating_rank")]

    def __str__(self) -> str:
        return f"{self.player} — {self.value}"


class QueuedRebuild(models.Model):
    """A list's rebuild queued and not started yet (the queue's task ``task_id``).

    A round's confirmations or an import change many results in a row: while this row stands,
    each change lowers its « from » to the earliest tournament changed instead of queuing
    another rebuild. The task takes the row as it starts; a change after that queues the next
    rebuild (``queueing``)."""

    rating_list = models.OneToOneField(
        RatingList, on_delete=models.CASCADE, related_name="queued_rebuild"
    )
    task_id = models.CharField(max_length=64)
    #: Where the replay starts (``selectors.Key``): the earliest changed tournament's place in
    #: the list's order, its date and id; no date: from the start.
    from_date = models.DateField(null=True, blank=True)
    from_tournament = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.rating_list} — {self.task_id}"
