"""A federation of clubs (issue 35 §1): its committee, its member clubs.

A federation ranks players and clubs across its member clubs (``scoring.federation``). The
site's administrator creates it; its committee (``FederationRole``) manages it on its own desk;
a club asks to join and the federation accepts (``FederationMembership``): a club may belong to
several federations. Another federation's objects answer 404 (``access``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.language import language_choices
from club.models import Club, Travelling
from club.validators import PlainNameValidator


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
    valid_from = models.DateField(_("valid from"))
    valid_until = models.DateField(_("valid until"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.VALID
    )
    imported_at = models.DateTimeField(_("imported"), auto_now=True)

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
