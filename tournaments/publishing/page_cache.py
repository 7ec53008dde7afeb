"""The public pages' cache keys, made in one place, and each entry built once.

A key holds everything its entry depends on (as pretix's ``ObjectRelatedCache`` scopes its
keys): the page's own parameters and versions (``results_version``, ``layout_version``,
``table.version``, bumped by every write the pages show), the release of the code that renders
it, the database's epoch (``club.models.SiteEpoch``, renewed after a restore), the language
and the club's name order.
So an entry is never invalidated: a change makes a new key, and the old entry ages out.

The cache is Django's (``settings.CACHES``: files, Redis or the database). An entry several
requests miss at once — in every worker, on every machine — is built by the one whose
``cache.add`` of a marker wins; the others read it when it is there. ``add`` is atomic on Redis
(``SET NX``) and the database (a unique key); the file cache checks then writes, so two
requests in the same instant may both build: the same page, written twice. A cache error is a
miss (``club.cache_faults``: logged once, never an error page), a garbled entry too, and it is
written over.
"""

import hashlib
import subprocess
import time
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.utils.http import quote_etag
from django.utils.translation import get_language

from club import cache_faults
from club.models import SiteEpoch
from club.names import active_name_order, public_names_active

#: Keyed by versions, an entry is never stale: this only bounds how long one is kept.
PAGE_SECONDS = 3600
#: A builder that dies or is stuck leaves its marker this long at most.
BUILDING_SECONDS = 5
#: How often it looks meanwhile.
POLL_SECONDS = 0.01

T = TypeVar("T")


@lru_cache(maxsize=1)
def release() -> str:
    """The code's release: ``ATOUT_RELEASE`` if set, else the package's version and the git
    commit when the code runs from a checkout."""
    if settings.ATOUT_RELEASE:
        return settings.ATOUT_RELEASE
    try:
        version = metadata.version("atout")
    except metadata.PackageNotFoundError:  # run from a copy of the source, not installed
        version = "source"
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{version}+{commit}" if commit else version


def key(name: str, *depends: object) -> str:
    """The cache key of the entry ``name`` for ``depends`` (plain values: ids, versions, names,
    the validated query), in this release, database epoch, language and name order; and the
    live pages' poll interval, which every page carries."""
    audience = (active_name_order(), public_names_active())  # the public pages' names or all
    site = (release(), SiteEpoch.current(), settings.ATOUT_LIVE_SECONDS)
    whole = repr((*site, get_language(), audience, depends))
    return f"atout:{name}:{hashlib.sha256(whole.encode()).hexdigest()[:40]}"


def etag(cache_key: str) -> str:
    """A page's validator: its key's digest (it changes exactly when the key does)."""
    return quote_etag(cache_key.rsplit(":", 1)[1])


def tournament_depends(tournament: Any) -> tuple[object, ...]:
    """What every page of a tournament shows of it besides its versions (edited without a
    result: not counted in them)."""
    return (
        tournament.pk,
        tournament.name,
        tournament.status,
        tournament.rounds,
        tournament.date,
        tournament.game,
        tournament.club.name,
        tournament.club_ranking_best,
    )


def season_depends(season: Any) -> tuple[object, ...]:
    """What a season's page shows of it and of its club besides its tournaments (edited
    without a result: not counted in their versions)."""
    club = season.club
    return (
        season.pk,
        season.name,
        season.start,
        season.end,
        season.attendance_threshold,
        club.pk,
        club.name,
        club.default_public_name,
        club.hide_from_search_engines,
    )


def get(cache_key: str) -> Any:
    """A kept page or part (text or bytes); None when missing, or when the cache fails or
    holds something else (``cache_faults``: a miss, logged once)."""
    return cache_faults.get(cache_key, (str, bytes))


def get_many(keys: list[str]) -> dict[str, Any]:
    return cache_faults.get_many(keys, (str, bytes))


def keep(cache_key: str, value: Any) -> None:
    cache_faults.put(cache_key, value, PAGE_SECONDS)


def keep_many(values: dict[str, Any]) -> None:
    cache_faults.put_many(values, PAGE_SECONDS)


def built_once(
    cache_key: str,
    build: Callable[[], T],
    *,
    wait: float | None = None,
    pause: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> T:
    """The entry of ``cache_key``, ``build()`` when missing (then kept). A saved sheet changes
    the pages every visitor is refreshing: of the requests that miss at once, the first to add
    the marker builds, the others look again every ``POLL_SECONDS`` for ``wait`` seconds at
    most (``PAGE_BUILD_WAIT_SECONDS`` unless given), then build themselves (a builder gone
    slow, stuck or dead). The marker expires after ``BUILDING_SECONDS`` whatever happens to
    its builder. A cache that fails is a miss: every request builds its own page."""
    # The cache's entries are Any (Django's API): what ``build`` returned when it was kept.
    value: T | None = get(cache_key)
    if value is not None:
        return value
    marker = f"{cache_key}:building"
    mine = cache_faults.add(marker, 1, BUILDING_SECONDS) is not False
    if not mine:
        deadline = clock() + (settings.PAGE_BUILD_WAIT_SECONDS if wait is None else wait)
        while clock() < deadline:
            pause(POLL_SECONDS)
            value = get(cache_key)
            if value is not None:
                return value
    try:
        # A builder may have kept the entry and let go of its marker between this request's
        # miss and its ``add``: look once more before building it a second time.
        value = get(cache_key) if mine else None
        if value is None:
            value = build()
            keep(cache_key, value)
    finally:
        if mine:
            cache_faults.delete(marker)
    return value
