"""Fees received."""

import datetime

from django.db import transaction
from django.utils import timezone

from club.models import Membership, Player, Season


@transaction.atomic
def record_membership_payment(
    player: Player, *, season: Season, paid_on: datetime.date | None = None
) -> Membership:
    """The player paid the season's membership (the club's fee)."""
    membership, _created = Membership.objects.select_for_update().get_or_create(
        player=player, season=season, defaults={"amount": season.club.membership_fee}
    )
    if membership.paid_on is None:
        membership.paid_on = paid_on or timezone.localdate()
        membership.save(update_fields=["paid_on"])
    return membership
