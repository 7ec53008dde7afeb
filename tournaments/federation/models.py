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
