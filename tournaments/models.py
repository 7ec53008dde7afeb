"""The tournament machinery, the same for every game.

A tournament has entries (players), rounds (a Double King "ronde", a whist "poule", a game of
Double, a round of team matches), tables with their seats, and deals: one record per deal in
the JSON form that ``scoring`` reads. Per-seat results are derived from the deals by
``services.result_store`` whenever a sheet is saved (and again by ``manage.py recompute``)
and stored so standings are cheap to read.

Place points are stored as integer sixtieths (``place_points_60ths``): ties share places
among at most six seats, so every share is a whole number of sixtieths and sums stay exact.
"""

import datetime
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import TypedDict

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club import names
from club.models import Club, Player, RepresentedClub, Season, Travelling
from club.validators import MAX_FEE, PlainNameValidator, fee_validators
from scoring import GAMES
from scoring.ranking import CLUB_RANKING_BOUNDS

from . import team_names
from .language import spec_name

PLACE_POINTS_DENOMINATOR = 60
#: A round's clock runs 1 to 600 minutes (the rulesets' bounds).
MAX_CLOCK_MINUTES = 600
#: The longest name of a laptop holding a tournament (``Tournament.held_by``).
HOLDER_MAX_LENGTH = 80


def game_choices() -> list[tuple[str, str]]:
    """Every game ``scoring`` knows, named in the active language (a callable: a game
    registered later is a choice too)."""
    return [(key, spec_name(spec)) for key, spec in GAMES.items()]


class GameRules(models.Model):
    """A club's ruleset for one game; copied into each tournament when it starts.

    ``rules`` is the current version's; every save of a changed ruleset is a new
    ``GameRulesVersion`` (``version`` its number, 0: never saved), kept with who and when.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="game_rules")
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    rules = models.JSONField(_("rules"), default=dict)
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)

    club_lookup = "club"

    class Meta:
        verbose_name = _("game rules")
        verbose_name_plural = _("game rules")
        constraints = [models.UniqueConstraint(fields=["club", "game"], name="game_rules_unique")]

    def __str__(self) -> str:
        return f"{self.club} — {self.get_game_display()}"


class GameRulesVersion(Travelling):
    """One saved version of a club's ruleset for a game, never changed afterwards: a
    tournament records the version it copied when it started."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="game_rules_versions")
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    number = models.PositiveIntegerField(_("version"))
    rules = models.JSONField(_("rules"))
    created_at = models.DateTimeField(_("saved at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("saved by"),
    )

    club_lookup = "club"

    class Meta:
        verbose_name = _("version of game rules")
        verbose_name_plural = _("versions of game rules")
        ordering = ["club", "game", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "number"], name="game_rules_version_unique"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_rules_version_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.club} — {self.get_game_display()} v{self.number}"


class Tournament(Travelling):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="tournaments", verbose_name=_("club")
    )
    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("season")
    )
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    name = models.CharField(_("name"), max_length=120, validators=[PlainNameValidator(_("name"))])
    date = models.DateField(_("date"))
    rounds = models.PositiveSmallIntegerField(
        _("number of rounds"), default=5, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    entry_fee = models.DecimalField(
        _("entry fee"),
        max_digits=6,
        decimal_places=2,
        default=Decimal("3.00"),
        validators=fee_validators(),
    )
    rules = models.JSONField(
        _("rules"), default=dict, blank=True, help_text=_("Copied from the club when it starts.")
    )
    #: The club's version of the rules copied when it started (None: the game's defaults, or
    #: started before the versions were kept).
    rules_version = models.ForeignKey(
        GameRulesVersion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="tournaments",
        verbose_name=_("version of the club's rules"),
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION
    )
    published = models.BooleanField(
        _("published"), default=False, help_text=_("Shown on the public pages.")
    )
    #: Off by default: a club that scores on paper prints no QR code and issues no link.
    #: On: every round drawn gets its tables' private links, printed as QR codes.
    table_phones = models.BooleanField(
        _("scores entered on phones at the tables"),
        default=False,
        help_text=_(
            "Each table's sheet carries a QR code: the players enter their deals on a phone and "
            "the other side confirms them."
        ),
    )
    #: An archived evening: only its players' results were recorded (a club's history from
    #: before Atout), no round, table or deal. Counted by the season like any other;
    #: never drawn, scored or recomputed (``services.archive``).
    archived = models.BooleanField(
        _("archived evening"),
        default=False,
        editable=False,
        help_text=_("Recorded as each player's result, without rounds or deals."),
    )
    #: The club classification (docs/rules/ranking.md#club-classification): each club of the
    #: organiser's list counts its best N players; None: no club classification.
    club_ranking_best = models.PositiveSmallIntegerField(
        _("club classification: best players counted per club"),
        null=True,
        blank=True,
        validators=[
            MinValueValidator(CLUB_RANKING_BOUNDS[0]),
            MaxValueValidator(CLUB_RANKING_BOUNDS[1]),
        ],
        help_text=_(
            "Each club's ranking sums the results of its best N players (1 to 50); empty: no "
            "club classification."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped in the transaction of every write that changes what the standings show: the
    # rendered standings are cached per version and answer 304 while it is unchanged.
    results_version = models.PositiveIntegerField(default=0, editable=False)
    # Bumped with it by every such write except a saved sheet (which bumps its own table's
    # version): a table's public page is keyed by its table's version and this one, so a sheet
    # saved at one table leaves the other tables' pages cached (and answering 304).
    layout_version = models.PositiveIntegerField(default=0, editable=False)
    # The secret of the hall screen's link (the clock without a login); None: no link.
    hall_token = models.CharField(max_length=64, null=True, blank=True, unique=True, editable=False)
    #: Held by a laptop (« Emporter la soirée », ``services.holds``): its name, blank when the
    #: site holds the tournament itself; while held, every write to it is refused.
    held_by = models.CharField(
        _("held by the laptop"), max_length=HOLDER_MAX_LENGTH, blank=True, editable=False
    )
    held_since = models.DateTimeField(_("held since"), null=True, blank=True, editable=False)
    #: Who at the site put the evening out (None: a command, or the user since removed).
    held_put_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
        verbose_name=_("put out by"),
    )
    #: The results of a club hosted on another Atout site, imported by a federation from that
    #: site's bundle: its name; they are read-only here (``services.holds``). Blank: this
    #: site's own tournament.
    imported_from = models.CharField(
        _("imported from the site"), max_length=120, blank=True, editable=False
    )

    club_lookup = "club"

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=20), name="tournament_rounds_range"
            ),
            models.CheckConstraint(
                condition=Q(entry_fee__gte=0), name="tournament_fee_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(entry_fee__lte=MAX_FEE), name="tournament_fee_at_most_1000"
            ),
            models.CheckConstraint(
                condition=Q(held_by="", held_since__isnull=True)
                | (~Q(held_by="") & Q(held_since__isnull=False)),
                name="tournament_held_with_its_time",
            ),
            models.CheckConstraint(
                condition=Q(club_ranking_best__isnull=True)
                | Q(
                    club_ranking_best__gte=CLUB_RANKING_BOUNDS[0],
                    club_ranking_best__lte=CLUB_RANKING_BOUNDS[1],
                ),
                name="tournament_club_ranking_best_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament_standings", args=[self.pk])

    @property
    def is_started(self) -> bool:
        return self.status != self.Status.REGISTRATION

    @property
    def is_held(self) -> bool:
        """Held by a laptop, as this row was read (``services.holds`` reads it again)."""
        return bool(self.held_by)

    @property
    def is_read_only(self) -> bool:
        """Held by a laptop or imported from the site that hosts its club: the services refuse
        every change (``services.holds.ensure_writable``), the desk offers none."""
        return bool(self.held_by or self.imported_from)


class Team(Travelling):
    """Two players of a team game (Quarante de roi, Plonk)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    #: A name the club typed; empty: named from its players when shown (``label``).
    name = models.CharField(
        _("name"), max_length=120, blank=True, validators=[PlainNameValidator(_("name"))]
    )

    club_lookup = "tournament__club"

    #: The name made from its players, and the names it was made from (``team_names``).
    made_label: tuple[object, str] | None = None

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], condition=~Q(name=""), name="team_unique_name"
            )
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """What a page calls the team: the name typed, else one made from its players' names
        as this page writes them (their public names on a public page)."""
        if self.name:
            return self.name
        if self.made_label is None or self.made_label[0] is not names.current_public_names():
            label_teams([self])
        assert self.made_label is not None
        return self.made_label[1]


def label_teams(teams: Iterable[Team], *, whole: bool = False) -> None:
    """Name ``teams`` (those named from their players) as the page now writes names: one query
    for their tournaments' teams, none for a tournament a public page already named, nor when
    ``whole``: ``teams`` are every team of their tournament, their entries' players prefetched
    (``prefetch_related("entries__player")``)."""
    teams = list(teams)
    unnamed = [team for team in teams if not team.name]
    if not unnamed:
        return
    public = names.current_public_names()
    made: dict[object, object] = public.made if public is not None else {}
    wanted = {team.tournament_id for team in unnamed} - {
        key[1] for key in made if isinstance(key, tuple) and key[0] == "teams"
    }
    if wanted:
        members: dict[int, dict[int, list[team_names.Member]]] = {t: {} for t in wanted}
        typed: dict[int, set[str]] = {t: set() for t in wanted}
        if whole:
            rows = [
                (team.tournament_id, team.pk, team.name, p.first_name, p.last_name, p.erased_at)
                for team in teams
                for p in (e.player for e in sorted(team.entries.all(), key=lambda e: e.pk))
            ]
        else:
            rows = list(
                Entry.objects.filter(tournament_id__in=wanted, team__isnull=False)
                .order_by("pk")
                .values_list(
                    "tournament_id",
                    "team_id",
                    "team__name",
                    "player__first_name",
                    "player__last_name",
                    "player__erased_at",
                )
            )
        for tournament_id, team_id, name, first, last, erased_at in rows:
            if tournament_id not in wanted:
                continue
            if name:
                typed[tournament_id].add(name)
                continue
            member = team_names.Member(first, last, erased_at is not None)
            members[tournament_id].setdefault(team_id, []).append(member)
        for tournament_id in wanted:
            made[("teams", tournament_id)] = team_names.made_names(
                members[tournament_id], frozenset(typed[tournament_id])
            )
    for team in unnamed:
        book = made[("teams", team.tournament_id)]
        assert isinstance(book, dict)
        team.made_label = (public, book.get(team.pk, "?"))


class Entry(Travelling):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    present = models.BooleanField(_("present"), default=False)
    paid = models.BooleanField(_("paid"), default=False)
    substitute = models.BooleanField(
        _("substitute"), default=False, help_text=_("Plays, but is left out of the classification.")
    )
    #: A host who sits down to complete a table: he plays and is classified, but the rating
    #: lists leave him out for this tournament (his table counts for the others).
    table_filler = models.BooleanField(
        _("host filling a table"),
        default=False,
        help_text=_("Plays to complete a table: left out of the rating for this tournament."),
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    #: The club he plays for in the club classification (the organiser's list).
    represented_club = models.ForeignKey(
        RepresentedClub,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("club represented"),
    )
    registered_at = models.DateTimeField(auto_now_add=True)

    club_lookup = "tournament__club"

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["player__sort_key"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="entry_unique_player",
                violation_error_message=_("This player is already registered."),
            )
        ]

    def __str__(self) -> str:
        return str(self.player)

    @property
    def flags(self) -> list[tuple[str, bool]]:
        """The check-in flags in the order the registration page shows them."""
        return [
            ("present", self.present),
            ("paid", self.paid),
            ("substitute", self.substitute),
            ("table_filler", self.table_filler),
            ("withdrawn", self.withdrawn),
        ]


class ClockState(TypedDict):
    """What the hall clock shows (``Round.clock_state``)."""

    state: str  # « ready », « running », « paused » or « over »
    remaining: int  # seconds
    total: int  # seconds


class Round(Travelling):
    class Status(models.TextChoices):
        DRAWN = "drawn", _("Drawn")
        STARTED = "started", _("Started")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAWN
    )
    repeats = models.PositiveIntegerField(_("repeated meetings"), default=0)
    lower_bound = models.PositiveIntegerField(_("lower bound"), default=0)
    seed = models.PositiveIntegerField(default=0)
    # The pool clock (games played against the clock, e.g. whist: 80 minutes a pool). The
    # server's time is the authority: remaining = minutes - (now - started - paused time).
    clock_minutes = models.PositiveSmallIntegerField(
        _("minutes"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_CLOCK_MINUTES)],
    )
    clock_started_at = models.DateTimeField(_("clock started at"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("clock paused at"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    club_lookup = "tournament__club"

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(clock_minutes__isnull=True)
                | Q(clock_minutes__gte=1, clock_minutes__lte=MAX_CLOCK_MINUTES),
                name="round_clock_minutes_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.number}"

    def clock_elapsed(self, now: datetime.datetime) -> int:
        """Seconds of play so far (pauses excluded)."""
        if self.clock_started_at is None:
            return 0
        end = self.clock_paused_at or now
        return max(
            0, int((end - self.clock_started_at).total_seconds()) - self.clock_paused_seconds
        )

    def clock_state(self, now: datetime.datetime) -> ClockState:
        """What the hall clock shows: state, remaining and total seconds."""
        total = (self.clock_minutes or 0) * 60
        remaining = max(0, total - self.clock_elapsed(now))
        if self.clock_started_at is None:
            state = "ready"
        elif remaining == 0:
            state = "over"
        elif self.clock_paused_at is not None:
            state = "paused"
        else:
            state = "running"
        return {"state": state, "remaining": remaining, "total": total}

    @property
    def complete_count(self) -> int:
        """Complete tables (uses prefetched tables when there are)."""
        return sum(1 for table in self.tables.all() if table.complete)


class Table(Travelling):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    version = models.PositiveIntegerField(default=0)
    complete = models.BooleanField(_("complete"), default=False)
    # Team games: a team without opponents this round, credited by the ruleset's bye line.
    bye = models.BooleanField(_("bye"), default=False)
    # Whist's rotating sit-outs at a table of 5 or 6, a fact of the draw: who sits out first
    # (seats at 5, pairs of opposite seats 0 to 2 at 6), those who had sat out least so far
    # first (``scoring.whist_seats.rotation_order``). Empty: the rotation from the seat
    # before the first dealer (every table drawn before 2026-11-28 keeps its own).
    sit_out_order = models.JSONField(_("sit-out order"), default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    club_lookup = "round__tournament__club"

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Table %(number)d") % {"number": self.number}


class Seat(Travelling):
    """A player (or team) at a table; ``position`` 0 is the first seat in playing order."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="seats"
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="seats"
    )
    first_dealer = models.BooleanField(_("first dealer"), default=False)
    score = models.IntegerField(_("score"), default=0)
    place_points_60ths = models.IntegerField(default=0)
    # Team games: the match won (True), lost (False), drawn or not decided yet (None), and the
    # opponents' points.
    won = models.BooleanField(_("won"), null=True, blank=True)
    against = models.IntegerField(_("points against"), default=0)

    club_lookup = "round__tournament__club"

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["round", "entry"],
                condition=Q(entry__isnull=False),
                name="seat_unique_entry",
            ),
            models.UniqueConstraint(
                fields=["round", "team"], condition=Q(team__isnull=False), name="seat_unique_team"
            ),
            models.CheckConstraint(
                condition=Q(entry__isnull=False) | Q(team__isnull=False), name="seat_has_occupant"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {self.position + 1}"

    @property
    def name(self) -> str:
        """The player, or the team in team games."""
        if self.entry is not None:  # no query without an entry: its id is None
            return self.entry.player.full_name
        return self.team.label if self.team is not None else "?"

    @property
    def place_points(self) -> Fraction:
        return Fraction(self.place_points_60ths, PLACE_POINTS_DENOMINATOR)


class Deal(Travelling):
    """One line of a table's sheet: a game, a deal, a manche — the record ``scoring`` reads."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("number"))
    record = models.JSONField(_("record"))
    points = models.JSONField(_("points"), default=list)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    club_lookup = "table__round__tournament__club"

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {self.number}"


class ResultChange(Travelling):
    """The history of a table's results: who changed what, when, before and after."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField()
    before = models.JSONField(default=list)
    after = models.JSONField(default=list)

    club_lookup = "table__round__tournament__club"

    class Meta:
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.table} — v{self.version}"


class TournamentResult(models.Model):
    """One player's result in one tournament, stored by ``services`` with every table result.

    Only players who count for the season are stored: not substitutes, at least one complete
    table. ``rank`` is the place by the tournament's own rules (``scoring``), among them; team
    games store one row per player of a team, with the team's results. Season and annual
    rankings are then one SQL aggregate over these rows instead of a pass over every seat.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    rank = models.PositiveIntegerField()
    rounds = models.PositiveIntegerField()
    points = models.IntegerField()
    best_round = models.IntegerField()
    place_points_60ths = models.IntegerField(default=0)
    #: the annual place points: n for the first of n ranked players down to 1, ties sharing
    annual_place_points_60ths = models.IntegerField(default=0)
    matches_won = models.PositiveIntegerField(default=0)
    matches_drawn = models.PositiveIntegerField(default=0)
    against = models.IntegerField(default=0)

    class Meta:
        verbose_name = _("tournament result")
        verbose_name_plural = _("tournament results")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="tournament_result_unique_player"
            )
        ]
        indexes = [models.Index(fields=["player", "tournament"], name="tournament_result_player")]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.player}"
