"""Clubs, their players, seasons and yearly memberships."""

import secrets
import uuid
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import connection, models
from django.db.models import Q
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from . import names
from .language import language_choices
from .names import name_key, search_key
from .validators import MAX_FEE, PlainNameValidator, fee_validators

#: More free participations than a season has tournaments is a typo.
MAX_FREE_PARTICIPATIONS = 100


class Travelling(models.Model):
    """A row another database must recognise (a tournament's bundle, a federation's results):
    its ``uid`` is the same in every database it travels to, where its integer key is not
    (docs/architecture.md#identities-that-travel)."""

    uid = models.UUIDField(_("identifier"), default=uuid.uuid4, unique=True, editable=False)

    class Meta:
        abstract = True


class PublicName(models.TextChoices):
    """How a player's name shows on the public pages (docs/privacy.md). Staff pages, table
    sheets and staff exports always show the real name."""

    FULL = "full", _("Full name")
    INITIALS = "initials", _("First name and initial (« Josiane P. »)")
    PSEUDONYM = "pseudonym", _("Pseudonym")
    HIDDEN = "hidden", _("Hidden (« Player 17 »)")


class Club(Travelling):
    name = models.CharField(
        _("name"), max_length=120, unique=True, validators=[PlainNameValidator(_("name"))]
    )
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    entry_fee = models.DecimalField(
        _("entry fee per tournament"),
        max_digits=6,
        decimal_places=2,
        default=Decimal("3.00"),
        validators=fee_validators(),
        help_text=_("From 0 to 1,000 €, at most 2 decimals."),
    )
    membership_fee = models.DecimalField(
        _("yearly membership fee"),
        max_digits=6,
        decimal_places=2,
        default=Decimal("7.00"),
        validators=fee_validators(),
        help_text=_("From 0 to 1,000 €, at most 2 decimals."),
    )
    free_participations = models.PositiveSmallIntegerField(
        _("free participations before membership is due"),
        default=2,
        validators=[MaxValueValidator(MAX_FREE_PARTICIPATIONS)],
        help_text=_("The membership is due from the next participation of the season (0 to 100)."),
    )
    # Privacy (docs/privacy.md): how players who made no choice of their own show in public, the
    # club's notice, and whether search engines are asked to keep its public pages out.
    default_public_name = models.CharField(
        _("players' names in public, by default"),
        max_length=10,
        choices=PublicName.choices,
        default=PublicName.FULL,
        help_text=_("For every player whose own choice is « as the club sets »."),
    )
    privacy_notice = models.TextField(
        _("privacy notice"),
        blank=True,
        max_length=20000,
        help_text=_(
            "What the club keeps about its players, why, for how long, and whom to ask to see, "
            "correct or erase it. Shown on the club's privacy page, linked in every page's footer."
        ),
    )
    hide_from_search_engines = models.BooleanField(
        _("keep search engines out of the public pages"),
        default=False,
        help_text=_("The public pages ask search engines not to index them (noindex)."),
    )

    name_order = models.CharField(
        _("players' names"),
        max_length=12,
        choices=[
            (names.FIRST_LAST, _("First name then last name (Guy Henrard)")),
            (names.LAST_FIRST, _("Last name then first name (Henrard Guy)")),
        ],
        default=names.FIRST_LAST,
        help_text=_("How every page, sheet and export writes a player's name."),
    )
    # Its public pages, sheets and exports are in it; a visitor may still switch
    # (club.language).
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=language_choices,
        default=settings.LANGUAGE_CODE,
        help_text=_(
            "The language of the club's public pages, hall screen, table phones, printed "
            "sheets and exports. A visitor may still choose his own."
        ),
    )

    # Timed rounds (whist pools): the hall clock starts with the round, or by hand.
    clock_with_round = models.BooleanField(
        _("start the hall clock with the round"),
        default=False,
        help_text=_(
            "Drawing or starting a timed round (a whist pool) starts its clock in the same "
            "step; otherwise the scorekeeper starts it by hand on the hall clock page."
        ),
    )

    club_lookup = "pk"

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(entry_fee__gte=0) & Q(membership_fee__gte=0),
                name="club_fees_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(entry_fee__lte=MAX_FEE) & Q(membership_fee__lte=MAX_FEE),
                name="club_fees_at_most_1000",
            ),
            models.CheckConstraint(
                condition=Q(free_participations__lte=MAX_FREE_PARTICIPATIONS),
                name="club_free_participations_at_most_100",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club_home", args=[self.slug])

    def activate_name_order(self) -> None:
        """This club's pages: the names in its order for the rest of the request."""
        names.activate_name_order(self.name_order)


class RepresentedClub(Travelling):
    """A club an entry of an open tournament may represent, in the organising club's own list
    (a name: never another tenant's records). The club classification sums the best players
    of each (docs/rules/ranking.md#club-classification)."""

    club = models.ForeignKey(
        Club,
        on_delete=models.CASCADE,
        related_name="represented_clubs",
        verbose_name=_("organising club"),
    )
    name = models.CharField(
        _("club name"), max_length=120, validators=[PlainNameValidator(_("club name"))]
    )

    club_lookup = "club"

    class Meta:
        verbose_name = _("club of the club classification")
        verbose_name_plural = _("clubs of the club classification")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "club",
                Lower("name"),
                name="represented_club_unique_name",
                violation_error_message=_("This club is already in the list."),
            )
        ]

    def __str__(self) -> str:
        return self.name


class PlayerQuerySet(models.QuerySet["Player"]):
    def bulk_create(self, objs: Iterable["Player"], *args: Any, **kwargs: Any) -> list["Player"]:
        """``save`` is skipped here: fill each player's sort key first."""
        objs = list(objs)
        for player in objs:
            player.fill_sort_key()
        return super().bulk_create(objs, *args, **kwargs)


class Player(Travelling):
    first_name = models.CharField(
        _("first name"), max_length=80, validators=[PlainNameValidator(_("first name"))]
    )
    last_name = models.CharField(
        _("last name"), max_length=80, validators=[PlainNameValidator(_("last name"))]
    )
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    #: The site's own licence number (the site is its issuer: unique among the site's
    #: numbers); a federation's numbers are its ``Licence`` rows, unique per federation.
    licence_number = models.CharField(_("licence number"), max_length=30, blank=True)
    active = models.BooleanField(_("active"), default=True)
    #: "" follows the club's ``default_public_name``.
    public_name = models.CharField(
        _("name in public"),
        max_length=10,
        choices=PublicName.choices,
        blank=True,
        default="",
        help_text=_("Chosen by the club with the player; empty: as the club sets."),
    )
    pseudonym = models.CharField(
        _("pseudonym"),
        max_length=80,
        blank=True,
        validators=[PlainNameValidator(_("pseudonym"))],
    )
    #: When the player's personal data was erased (the right to erasure); None: never.
    erased_at = models.DateTimeField(_("erased on"), null=True, blank=True, editable=False)
    clubs = models.ManyToManyField(
        Club, related_name="players", verbose_name=_("clubs"), blank=True
    )

    # « Gérard Anne » as French lists sort it, on every database: without accents, case or
    # apostrophe style (« gerard anne »), so Gérard comes before Gillet; searches use it too.
    sort_key = models.CharField(max_length=161, default="", editable=False, db_index=True)
    # The same without apostrophes or hyphens (« dhondt marc »): the member search finds
    # « D’Hondt » from « dhondt », on every database (``club.names.search_key``).
    search_key = models.CharField(max_length=161, default="", editable=False)

    objects = PlayerQuerySet.as_manager()

    club_lookup = "clubs"

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["sort_key", "last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["licence_number"],
                condition=~Q(licence_number=""),
                name="player_licence_unique_per_site_issuer",
                violation_error_message=_("A player with this licence number already exists."),
            ),
            models.CheckConstraint(
                condition=~Q(first_name="") & ~Q(last_name=""),
                name="player_names_not_empty",
            ),
            models.CheckConstraint(
                condition=~Q(public_name="pseudonym") | ~Q(pseudonym=""),
                name="player_pseudonym_when_chosen",
                violation_error_message=_("Type the pseudonym the player chose."),
            ),
        ]
        indexes = [models.Index(Lower("last_name"), Lower("first_name"), name="player_name_idx")]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.fill_sort_key()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"first_name", "last_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "sort_key", "search_key"}
        super().save(*args, **kwargs)

    def fill_sort_key(self) -> None:
        """The name's keys: its place in lists (``sort_key``) and what a search finds."""
        self.sort_key = name_key(f"{self.last_name} {self.first_name}")
        self.search_key = search_key(f"{self.last_name} {self.first_name}")

    @property
    def full_name(self) -> str:
        """The player's name as his club writes it (``names.person_name``: the active order)."""
        return names.person_name(self.first_name, self.last_name)


class Season(Travelling):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=60, validators=[PlainNameValidator(_("name"))])
    start = models.DateField(_("start"))
    end = models.DateField(_("end"))
    #: « Repas offert après 15 soirées »: the evenings a player must play in the season for the
    #: club's reward; the season ranking shows each player's count against it (None: no
    #: threshold, the default).
    attendance_threshold = models.PositiveSmallIntegerField(
        _("attendance threshold"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(366)],
        help_text=_("Evenings to play in the season (a meal offered after 15 evenings)."),
    )

    club_lookup = "club"

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["club", "-start"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "name"],
                name="season_unique_name_per_club",
                violation_error_message=_("This club already has a season with this name."),
            ),
            models.CheckConstraint(
                condition=Q(end__gte=models.F("start")),
                name="season_end_after_start",
                violation_error_message=_("The season must end on or after its start."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} — {self.name}"


class Membership(models.Model):
    """A player's yearly membership of a club for one season (the club is the season's)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("player")
    )
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("season")
    )
    amount = models.DecimalField(
        _("amount"), max_digits=6, decimal_places=2, validators=[MinValueValidator(Decimal("0"))]
    )
    paid_on = models.DateField(_("paid on"), null=True, blank=True)

    club_lookup = "season__club"

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        ordering = ["season", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "season"],
                name="membership_unique_per_season",
                violation_error_message=_("This player already has a membership for this season."),
            ),
            models.CheckConstraint(
                condition=Q(amount__gte=0), name="membership_amount_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} — {self.season}"

    @property
    def club(self) -> Club:
        return self.season.club

    @property
    def is_paid(self) -> bool:
        return self.paid_on is not None


class StaffMembership(models.Model):
    """A user's staff role in one club: the committee (« Bureau ») or a scorekeeper (« Saisie »).

    The committee may also enter results. Roles are per club: staff of one club see nothing of
    another (``club.roles``). A user may be staff of several clubs.
    """

    class Role(models.TextChoices):
        COMMITTEE = "Bureau", _("Committee (Bureau)")
        SCOREKEEPER = "Saisie", _("Scorekeeper (Saisie)")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="staff_memberships",
        verbose_name=_("user"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="staff", verbose_name=_("club")
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    club_lookup = "club"

    class Meta:
        verbose_name = _("staff membership")
        verbose_name_plural = _("staff memberships")
        ordering = ["club", "user"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "club"],
                name="staff_membership_unique_per_club",
                violation_error_message=_("This user already has a role in this club."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.club} ({self.get_role_display()})"


def new_epoch_token() -> str:
    return secrets.token_hex(16)


class SiteEpoch(models.Model):
    """This database's one row: its epoch is in every cache key, so a database restored from a
    backup (its versions counting again from older values) never meets the pages cached after
    the backup was taken.

    The epoch is the row's token and, on PostgreSQL, the row's ``xmin`` (the transaction that
    wrote it): ``pg_restore`` (and ``loaddata``) write the row again, so a restored database
    has a new epoch even when nobody runs ``manage.py renew_cache_epoch``; elsewhere (SQLite),
    ``loaddata`` of the row renews the token (``club.apps``). Only a restore gives a new
    ``xmin``: the row is never written otherwise (``renew`` writes it: a new token anyway).
    """

    token = models.CharField(max_length=64, default=new_epoch_token, editable=False)

    #: This process's copy: read at its first page, so a restored database's workers start
    #: again on its new epoch.
    _current: str | None = None

    class Meta:
        verbose_name = _("cache epoch")
        verbose_name_plural = _("cache epochs")

    def __str__(self) -> str:
        return self.token

    @classmethod
    def _read(cls) -> "SiteEpoch | None":
        rows = cls.objects.filter(pk=1)
        if connection.vendor == "postgresql":
            rows = rows.annotate(written_by=RawSQL("xmin::text", ()))
        return rows.first()

    @classmethod
    def current(cls) -> str:
        if cls._current is None:
            row = cls._read()
            if row is None:
                # The row comes with the migration; a test database flushed has lost it.
                cls.objects.get_or_create(pk=1)
                row = cls._read()
                assert row is not None
            written_by = getattr(row, "written_by", "")
            cls._current = f"{row.token}:{written_by}" if written_by else row.token
        return cls._current

    @classmethod
    def renew(cls) -> str:
        token = new_epoch_token()
        cls.objects.update_or_create(pk=1, defaults={"token": token})
        cls._current = None  # read again (its ``xmin`` too) at the next page
        return token

    @classmethod
    def forget(cls) -> None:
        """Forget this process's copy, as a process started anew (after a restore)."""
        cls._current = None
