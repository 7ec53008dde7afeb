"""What a service refuses, for the user."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from ..models import (
    ResultChange,
)


class TournamentError(Exception):
    """A request the tournament's state does not allow; the message is for the user."""


@dataclass
class StaleSheet(Exception):
    """Someone saved the sheet after the version the user started from."""

    current_version: int
    changes: list[ResultChange]
    saved_records: list[dict[str, Any]]


class TournamentHeld(TournamentError):
    """The tournament is held by a laptop (``services.holds``): the site writes nothing to it
    until the laptop's evening comes back. The message names the laptop and since when."""

    def __init__(self, *, tournament: str, holder: str, since: datetime.datetime) -> None:
        self.tournament = tournament
        self.holder = holder
        self.since = since
        local = timezone.localtime(since)
        super().__init__(
            _(
                "“%(tournament)s” is held by the laptop “%(holder)s” since %(date)s at %(time)s: "
                "the site accepts no change to it until the laptop’s evening is imported."
            )
            % {
                "tournament": tournament,
                "holder": holder,
                "date": formats.date_format(local, "SHORT_DATE_FORMAT"),
                "time": formats.time_format(local, "H:i"),
            }
        )


class TournamentImported(TournamentError):
    """The tournament's results were imported from the site that hosts its club (a federation
    taking a club's results): they change there, and come again as a newer bundle; this site
    writes nothing to it. The message names that site."""

    def __init__(self, *, tournament: str, site: str) -> None:
        self.tournament = tournament
        self.site = site
        super().__init__(
            _(
                "“%(tournament)s” was imported from the site “%(site)s” that hosts its club: "
                "it is read-only here; its results change there, then come again as a newer "
                "bundle."
            )
            % {"tournament": tournament, "site": site}
        )
