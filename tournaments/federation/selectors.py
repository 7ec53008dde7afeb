"""The federation's reads: whose federations a user serves, its committee, its clubs."""

from typing import Any

from django.db.models import QuerySet

from club.models import Club

from .models import Federation, FederationMembership, FederationRole


def federation_ids(user: Any) -> set[int] | None:
    """Ids of the federations whose committee ``user`` is on; None means every federation
    (the site's administrator); an empty set for an anonymous user."""
    if not getattr(user, "is_authenticated", False):
        return set()
    if getattr(user, "is_superuser", False):
        return None
    return set(FederationRole.objects.filter(user=user).values_list("federation_id", flat=True))


def federations_for(user: Any) -> QuerySet[Federation]:
    """The federations ``user`` serves (every one for the site's administrator)."""
    ids = federation_ids(user)
    every = Federation.objects.all()
    return every if ids is None else every.filter(pk__in=ids)


def committee(federation: Federation) -> QuerySet[FederationRole]:
    return (
        FederationRole.objects.filter(federation=federation)
        .select_related("user")
        .order_by("user__last_name", "user__username")
    )


def memberships(federation: Federation) -> QuerySet[FederationMembership]:
    """Its clubs' memberships, the requests first, then its members by name."""
    return (
        FederationMembership.objects.filter(federation=federation)
        .select_related("club")
        .order_by("-status", "club__name")
    )


def member_clubs(federation: Federation) -> QuerySet[Club]:
    """The clubs it has accepted."""
    accepted = FederationMembership.objects.filter(
        federation=federation, status=FederationMembership.Status.ACCEPTED
    )
    return Club.objects.filter(pk__in=accepted.values("club_id")).order_by("name")


def club_memberships(club: Club) -> QuerySet[FederationMembership]:
    """The federations ``club`` belongs to or asked to join."""
    return (
        FederationMembership.objects.filter(club=club)
        .select_related("federation")
        .order_by("federation__name")
    )


def accepted_federations(club: Club) -> QuerySet[Federation]:
    """The federations that accepted ``club`` as a member (their names and slugs)."""
    accepted = FederationMembership.objects.filter(
        club=club, status=FederationMembership.Status.ACCEPTED
    ).values("federation_id")
    return Federation.objects.filter(pk__in=accepted).order_by("name").only("name", "slug")


def joinable(club: Club) -> QuerySet[Federation]:
    """The federations ``club`` may still ask to join."""
    asked = FederationMembership.objects.filter(club=club).values("federation_id")
    return Federation.objects.exclude(pk__in=asked).order_by("name")
