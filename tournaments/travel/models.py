"""The public keys a site trusts to sign the tournaments' bundles it imports (docs/bundle.md).

A bundle is accepted when its signature is by this site's own key (``bundle_key``), by a
lease's key (a laptop that took one tournament away: valid for that tournament only), or by a
key the club's committee registered (another host of the club; for a federation, a club
hosted elsewhere).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.models import Club


class TrustedKey(models.Model):
    class Kind(models.TextChoices):
        SITE = "site", _("this site")
        LEASE = "lease", _("a tournament's lease")
        REGISTERED = "registered", _("registered by the committee")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    #: the raw Ed25519 public key (32 bytes), in hexadecimal
    public_key = models.CharField(_("public key"), max_length=64, unique=True)
    #: the club whose bundles it signs (a registered key); None: this site's own key
    club = models.ForeignKey(
        Club,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("club"),
    )
    #: a lease's key signs this tournament's bundles only
    tournament_uid = models.UUIDField(_("tournament"), null=True, blank=True)
    label = models.CharField(_("label"), max_length=120, blank=True)
    created_at = models.DateTimeField(_("added on"), auto_now_add=True)
    # What a lease's returning bundles are compared with (docs/bundle.md#conflicts):
    #: a fingerprint of each player row that left with the lease (uid: a salted hash, never
    #: a name kept here), to tell a change made here from one made on the laptop
    players_sent = models.JSONField(_("players sent"), default=dict, blank=True)
    #: when the hold ended (by hand or by the evening's last bundle), and the digest of the
    #: tournament's facts then: they differ now only if the site changed it since
    released_at = models.DateTimeField(_("released on"), null=True, blank=True)
    released_by_hand = models.BooleanField(_("released by hand"), default=False)
    facts_at_release = models.CharField(_("facts at release"), max_length=64, blank=True)
    #: the time the latest bundle of the lease taken here was written on the laptop: an
    #: earlier one arriving after it changes nothing
    latest_exported_at = models.DateTimeField(_("latest bundle taken"), null=True, blank=True)

    class Meta:
        verbose_name = _("trusted key")
        verbose_name_plural = _("trusted keys")
        ordering = ["kind", "created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="lease") | Q(tournament_uid__isnull=False),
                name="trusted_key_lease_has_tournament",
            ),
            models.CheckConstraint(
                condition=~Q(kind="registered") | Q(club__isnull=False),
                name="trusted_key_registered_has_club",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.public_key[:12]}"


class LeaseKey(models.Model):
    """On the laptop that took a tournament away (« Emporter la soirée »): the private half of
    the lease's key pair the site made for it, carried in the outgoing bundle. The laptop signs
    that tournament's bundles with it; the site kept the public half (``TrustedKey``)."""

    tournament_uid = models.UUIDField(_("tournament"), unique=True)
    #: the raw Ed25519 private key (32 bytes), in hexadecimal
    private_key = models.CharField(_("private key"), max_length=64)
    holder = models.CharField(_("laptop"), max_length=80)
    created_at = models.DateTimeField(_("added on"), auto_now_add=True)
    #: When « Rapporter la soirée » last made a safety copy of the evening here
    copy_made_at = models.DateTimeField(_("last safety copy made"), null=True, blank=True)
    #: When it made the evening's last version (the one whose import on the site ends the
    #: lease): from then on, what is changed here no longer reaches the site
    final_made_at = models.DateTimeField(_("last version made"), null=True, blank=True)

    class Meta:
        verbose_name = _("lease key")
        verbose_name_plural = _("lease keys")

    def __str__(self) -> str:
        return f"{self.holder} {self.tournament_uid}"
