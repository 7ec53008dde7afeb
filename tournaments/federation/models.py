"""A federation of clubs (issue 35 §1): its committee, its member clubs.

A federation ranks players and clubs across its member clubs (``scoring.federation``). The
site's administrator creates it; its committee (``FederationRole``) manages it on its own desk;
a club asks to join and the federation accepts (``FederationMembership``): a club may belong to
several federations. Another federation's objects answer 404 (``access``).
"""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.language import language_choices
from club.models import Club, Player, Travelling
from club.validators import PlainNameValidator
from scoring.federation import (
    BEST_M_BOUNDS,
    BEST_N_BOUNDS,
    CLUB_RANKINGS,
    MIN_TOURNAMENTS_BOUNDS,
    STEP_BOUNDS,
)
from tournaments.models import Tournament, game_choices
from tournaments.ratings.models import RatingList

#: A federation's ranking rule, as its rules page sets it: the fields
#: ``scoring.federation.check_rule`` judges, then whether its clubs' tournaments need approval.
#: The rules page's form, the service that saves it and the key of the rankings' cached pages
#: all read this one list.
RULE_FIELDS = (
    "step",
    "best_n",
    "min_tournaments",
    "decay_percent",
    "best_m",
    "club_ranking",
    "requires_approval",
)


class Federation(Travelling):
    """A federation: its name, its page's address, the games it ranks, its language."""

    name = models.CharField(
        _("name"), max_length=120, unique=True, validators=[PlainNameValidator(_("name"))]
    )
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    #: The keys of the games it ranks (``scoring.GAMES``).
    games = models.JSONField(_("games it ranks"), default=list)
    language = models.CharField(
        _("language"), max_length=8, choices=language_choices, default=settings.LANGUAGE_CODE
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    # Its ranking rule (docs/rules/federation.md; ``scoring.federation.FederationRule``): set
    # on its rules page within the bounds ``scoring.federation.check_rule`` keeps.
    step = models.PositiveSmallIntegerField(
        _("points per place"),
        default=10,
        validators=[MinValueValidator(STEP_BOUNDS[0]), MaxValueValidator(STEP_BOUNDS[1])],
    )
    best_n = models.PositiveSmallIntegerField(
        _("tournaments counted per player"),
        default=10,
        validators=[MinValueValidator(BEST_N_BOUNDS[0]), MaxValueValidator(BEST_N_BOUNDS[1])],
    )
    min_tournaments = models.PositiveSmallIntegerField(
        _("tournaments before a player is listed"),
        default=3,
        validators=[
            MinValueValidator(MIN_TOURNAMENTS_BOUNDS[0]),
            MaxValueValidator(MIN_TOURNAMENTS_BOUNDS[1]),
        ],
    )
    #: The yearly decay, in percent (exact: a Decimal read as a Fraction); 0: none.
    decay_percent = models.DecimalField(
        _("yearly decay (%)"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal("99.99"))],
    )
    best_m = models.PositiveSmallIntegerField(
        _("players counted per club"),
        default=5,
        validators=[MinValueValidator(BEST_M_BOUNDS[0]), MaxValueValidator(BEST_M_BOUNDS[1])],
    )
    club_ranking = models.CharField(
        _("clubs ranked by"),
        max_length=20,
        choices=[
            (CLUB_RANKINGS[0], _("their best players' points")),
            (CLUB_RANKINGS[1], _("their teams' pooled win percentage")),
        ],
        default=CLUB_RANKINGS[0],
    )
    #: Its clubs' tournaments count once it approved them (« homologation »).
    requires_approval = models.BooleanField(_("tournaments need approval"), default=False)
    #: Bumped by every write its rankings show (``services.ranking_changed``): the rankings'
    #: cached pages and ETags are keyed by it (``page_cache``).
    ranking_version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("federation")
        verbose_name_plural = _("federations")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class FederationRole(models.Model):
    """A user's role in one federation: its committee. Held per federation."""

    class Role(models.TextChoices):
        COMMITTEE = "committee", _("Federation committee")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="federation_roles",
        verbose_name=_("user"),
    )
    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="roles", verbose_name=_("federation")
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.COMMITTEE)
    granted_at = models.DateTimeField(_("granted"), auto_now_add=True)

    class Meta:
        verbose_name = _("federation role")
        verbose_name_plural = _("federation roles")
        ordering = ["federation", "user"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "federation"], name="federation_role_one_per_user"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.federation})"


class FederationMembership(Travelling):
    """A club in a federation: asked by the club's committee, accepted by the federation's."""

    class Status(models.TextChoices):
        ASKED = "asked", _("Asked")
        ACCEPTED = "accepted", _("Member")

    federation = models.ForeignKey(
        Federation,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("federation"),
    )
    club = models.ForeignKey(
        Club,
        on_delete=models.CASCADE,
        related_name="federation_memberships",
        verbose_name=_("club"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ASKED
    )
    asked_at = models.DateTimeField(_("asked"), auto_now_add=True)
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)

    class Meta:
        verbose_name = _("federation membership")
        verbose_name_plural = _("federation memberships")
        ordering = ["federation", "club"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "club"], name="federation_membership_one_per_club"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=["asked", "accepted"]),
                name="federation_membership_status",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} ({self.federation})"


class Licence(Travelling):
    """A federation's licence: its number is unique within the federation (its issuer), and
    says who holds it, in which club, from when until when, and its status. Imported from the
    federation's list (``licences``); never shown on public pages."""

    class Status(models.TextChoices):
        VALID = "valid", _("Valid")
        SUSPENDED = "suspended", _("Suspended")

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="licences", verbose_name=_("federation")
    )
    number = models.CharField(_("licence number"), max_length=30)
    last_name = models.CharField(_("last name"), max_length=80)
    first_name = models.CharField(_("first name"), max_length=80)
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="federation_licences", verbose_name=_("club")
    )
    #: The person holding it (matched by the licence import and at the door); None: not yet
    #: known here. A person may hold licences of several federations.
    player = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="federation_licences",
        verbose_name=_("player"),
    )
    valid_from = models.DateField(_("valid from"))
    valid_until = models.DateField(_("valid until"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.VALID
    )
    imported_at = models.DateTimeField(_("imported"), auto_now=True)
    #: Typed at a hall's laptop's door, unknown to the list the laptop carried (« à vérifier
    #: au retour »): made on the laptop only, for its evening; the site checks the number
    #: when the evening comes back (``licences_to_check``, docs/bundle.md).
    to_check = models.BooleanField(_("to check at the return"), default=False)

    class Meta:
        verbose_name = _("licence")
        verbose_name_plural = _("licences")
        ordering = ["federation", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "number"], name="licence_number_unique_per_issuer"
            ),
            models.CheckConstraint(
                condition=models.Q(valid_until__gte=models.F("valid_from")),
                name="licence_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=["valid", "suspended"]), name="licence_status"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} ({self.federation})"


class FederationSeason(Travelling):
    """A federation's season: its counted tournaments are those played within its dates. The
    yearly decay counts seasons: a tournament's age is how many seasons began after its own."""

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("federation")
    )
    name = models.CharField(_("name"), max_length=60, validators=[PlainNameValidator(_("name"))])
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))

    class Meta:
        verbose_name = _("federation season")
        verbose_name_plural = _("federation seasons")
        ordering = ["federation", "starts_on"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "name"], name="federation_season_unique_name"
            ),
            models.CheckConstraint(
                condition=models.Q(ends_on__gt=models.F("starts_on")),
                name="federation_season_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.federation})"


class CountedTournament(Travelling):
    """A club's tournament counting for a federation's season (issue 35 §3–§4).

    The club marks it; where the federation requires approval its committee approves or
    refuses it, and only approved ones count. It also says, at the door, whether players
    without a valid licence may play and whether their results count (a result counts when
    the licence was valid on the tournament's date)."""

    class Status(models.TextChoices):
        ASKED = "asked", _("Awaiting approval")
        APPROVED = "approved", _("Counted")
        REFUSED = "refused", _("Refused")

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="counted_for",
        verbose_name=_("tournament"),
    )
    federation = models.ForeignKey(
        Federation,
        on_delete=models.CASCADE,
        related_name="counted_tournaments",
        verbose_name=_("federation"),
    )
    season = models.ForeignKey(
        FederationSeason,
        on_delete=models.PROTECT,
        related_name="counted_tournaments",
        verbose_name=_("federation season"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ASKED
    )
    unlicensed_may_play = models.BooleanField(
        _("players without a valid licence may play"), default=True
    )
    unlicensed_results_count = models.BooleanField(
        _("results of players without a valid licence count"), default=False
    )
    asked_at = models.DateTimeField(_("asked"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        verbose_name = _("counted tournament")
        verbose_name_plural = _("counted tournaments")
        ordering = ["federation", "season", "tournament"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["asked", "approved", "refused"]),
                name="counted_tournament_status",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} ({self.federation})"


class HostedClub(models.Model):
    """A member club hosted on another Atout site (issue 35 §5): the federation's committee
    entered it with its site's public bundle key. It has no desk here: its counted tournaments
    come as that site's bundles, signed by that key (a ``travel.TrustedKey`` registered for
    this club only), and are read-only here (``Tournament.imported_from``).

    Its row here gets the identifier its site gives it (``Club.uid``) with its first bundle,
    whose club must bear the name the committee entered (``bound``)."""

    federation = models.ForeignKey(
        Federation,
        on_delete=models.CASCADE,
        related_name="hosted_clubs",
        verbose_name=_("federation"),
    )
    club = models.OneToOneField(
        Club, on_delete=models.CASCADE, related_name="hosted_elsewhere", verbose_name=_("club")
    )
    #: the site's raw Ed25519 public key, in hexadecimal (as ``manage.py bundle_key`` prints it)
    public_key = models.CharField(_("public bundle key"), max_length=64)
    #: the site's name or address, as the committee knows it (the read-only message names it)
    site_label = models.CharField(_("its site"), max_length=120)
    bound = models.BooleanField(_("first bundle received"), default=False)
    created_at = models.DateTimeField(_("added on"), auto_now_add=True)

    class Meta:
        verbose_name = _("club hosted elsewhere")
        verbose_name_plural = _("clubs hosted elsewhere")
        ordering = ["federation", "club__name"]

    def __str__(self) -> str:
        return f"{self.club} ({self.site_label})"


class FederationRatingList(models.Model):
    """The federation's rating list of a game (issue 36): a ``ratings`` list of the federation
    kind, counting the federation's counted tournaments (``rating``). This app sits above
    ``ratings``: it names the list and tells it what it counts; ``ratings`` replays it."""

    federation = models.ForeignKey(
        Federation,
        on_delete=models.CASCADE,
        related_name="rating_lists",
        verbose_name=_("federation"),
    )
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    rating_list = models.OneToOneField(
        RatingList, on_delete=models.CASCADE, related_name="federation_list"
    )

    class Meta:
        verbose_name = _("federation's rating list")
        verbose_name_plural = _("federation's rating lists")
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "game"], name="federation_rating_list_one_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.federation} — {self.get_game_display()}"
