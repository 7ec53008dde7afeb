"""The rating lists' writes: a list rebuilt from a tournament on (``scoring.rating``).

Only the queue's workers call ``rebuild`` (``tasks``), after the write that changed a result
is committed: a phone's confirmation never waits for a rating. The state before the first
tournament replayed is read back from the players' histories (their points before it), so a
change to an old tournament replays the list from that tournament on, never from the start;
another model (or version) than the list's recomputes it all.
"""

import datetime
from typing import Any

from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from club.models import Club
from scoring.rating import (
    MODEL_NAME,
    MODEL_VERSION,
    PlayerState,
    RatingState,
    published,
    replay,
)
from tournaments.models import Tournament

from . import selectors
from .models import CountedTournament, PlayerRating, QueuedRebuild, RatingList
from .selectors import START, Key, key_of

#: The gates the demo's lists use: its few evenings are a club's first weeks, not its years.
DEMO_GATES = {"min_tables": 9, "min_opponents": 8, "rated_population": 6}


def club_list(club: Club, game: str) -> RatingList:
    """The club's list of ``game`` (made with the default settings the first time)."""
    rating_list, _ = RatingList.objects.get_or_create(
        kind=RatingList.Kind.CLUB, club=club, game=game
    )
    return rating_list


def _state_before(rows: list[PlayerRating], start: Key) -> RatingState:
    state = RatingState()
    for row in rows:
        points = [p for p in row.history if (p["d"], p["t"]) < start]
        if not points:
            continue
        last = points[-1]
        opponents = {o for p in points for o in p["o"]}
        rated_opponents = {o for p in points for o in p["ro"]}
        state.players[row.player_id] = PlayerState(
            last["mu"], last["sigma"], last["n"], opponents, rated_opponents, last["r"]
        )
        state.rated_count += last["r"]
    return state


def _point(
    tournament_id: int, date: datetime.date, after: PlayerState, before: PlayerState | None
) -> dict[str, Any]:
    met = before.opponents if before is not None else set()
    met_rated = before.rated_opponents if before is not None else set()
    return {
        "t": tournament_id,
        "d": date.isoformat(),
        "mu": after.mu,
        "sigma": after.sigma,
        "v": published(after),
        "r": after.rated,
        "n": after.tables,
        "o": sorted(after.opponents - met),
        "ro": sorted(after.rated_opponents - met_rated),
    }


def rebuild(rating_list: RatingList, *, since: Tournament | None = None) -> int:
    """Replay ``rating_list`` from ``since`` on (from the start if None, or if the list was
    computed with another model): where ``since`` stood at the last build or stands now,
    whichever is earlier. Returns the tournaments replayed."""
    return rebuild_from(rating_list, selectors.replay_start(rating_list, since))


@transaction.atomic
def rebuild_from(rating_list: RatingList, start: Key) -> int:
    """Replay ``rating_list`` from the place ``start`` in its order on (from the start if the
    list was computed with another model). Returns the tournaments replayed."""
    rating_list = RatingList.objects.select_for_update().get(pk=rating_list.pk)
    rows = list(PlayerRating.objects.filter(rating_list=rating_list))
    counted = selectors.counted_tournaments(rating_list)
    same_model = (rating_list.model_name, rating_list.model_version) == (MODEL_NAME, MODEL_VERSION)
    if not same_model:
        start = START
    state = _state_before(rows, start)
    replayed = [t for t in counted if key_of(t.date, t.pk) >= start]
    history: dict[int, list[dict[str, Any]]] = {
        row.player_id: [p for p in row.history if (p["d"], p["t"]) < start] for row in rows
    }
    for counted_record in selectors.rated_tournaments(replayed):
        after = replay(state, [counted_record.record], rating_list.gates)
        for player_id, player in after.players.items():
            before = state.players.get(player_id)
            if player is not before:  # copied on write: he played in it
                history.setdefault(player_id, []).append(
                    _point(counted_record.tournament_id, counted_record.date, player, before)
                )
        state = after
    _store(rating_list, rows, history, state)
    _forget_from(rating_list, start)
    CountedTournament.objects.bulk_create(
        CountedTournament(rating_list=rating_list, tournament=t, date=t.date) for t in replayed
    )
    RatingList.objects.filter(pk=rating_list.pk).update(
        model_name=MODEL_NAME,
        model_version=MODEL_VERSION,
        built_at=timezone.now(),
        version=F("version") + 1,
    )
    return len(replayed)


def _forget_from(rating_list: RatingList, start: Key) -> None:
    """The counted tournaments from ``start`` on are counted again by this build."""
    for kept in CountedTournament.objects.filter(rating_list=rating_list):
        if key_of(kept.date, kept.tournament_id) >= start:
            kept.delete()


def _store(
    rating_list: RatingList,
    rows: list[PlayerRating],
    history: dict[int, list[dict[str, Any]]],
    state: RatingState,
) -> None:
    by_player = {row.player_id: row for row in rows}
    changed, made, gone = [], [], []
    for player_id, points in history.items():
        row = by_player.get(player_id)
        if not points:
            if row is not None:
                gone.append(row.pk)
            continue
        player = state.players[player_id]
        values = {
            "mu": player.mu,
            "sigma": player.sigma,
            "value": published(player),
            "rated": player.rated,
            "tables": player.tables,
            "opponents": len(player.opponents),
            "model_name": MODEL_NAME,
            "model_version": MODEL_VERSION,
            "history": points,
        }
        if row is None:
            made.append(PlayerRating(rating_list=rating_list, player_id=player_id, **values))
        elif row.history != points or row.model_version != MODEL_VERSION:
            for name, value in values.items():
                setattr(row, name, value)
            changed.append(row)
    PlayerRating.objects.filter(pk__in=gone).delete()
    PlayerRating.objects.bulk_create(made, batch_size=500)
    PlayerRating.objects.bulk_update(
        changed,
        [
            "mu",
            "sigma",
            "value",
            "rated",
            "tables",
            "opponents",
            "model_name",
            "model_version",
            "history",
        ],
        batch_size=500,
    )


def list_of(club_id: int, game: str) -> RatingList:
    """The club's list of ``game``, by the club's id (made the first time)."""
    rating_list, _ = RatingList.objects.get_or_create(
        kind=RatingList.Kind.CLUB, club_id=club_id, game=game
    )
    return rating_list


def mark_queued(rating_list: RatingList, start: Key) -> QueuedRebuild | None:
    """Inside the caller's transaction: the list's queued rebuild if it has one, its « from »
    lowered to ``start``, locked until the caller commits (the caller knows whether its task
    still waits; if not, it queues another and records it with ``record_queued``)."""
    queued = QueuedRebuild.objects.select_for_update().filter(rating_list=rating_list).first()
    if queued is not None and start < _start_of(queued):
        for name, value in _from_fields(start).items():
            setattr(queued, name, value)
        queued.save(update_fields=["from_date", "from_tournament"])
    return queued


def record_queued(
    rating_list: RatingList, task_id: str, start: Key, stale: QueuedRebuild | None
) -> None:
    """The rebuild just queued (``task_id``), from ``start`` or from where ``stale`` (a
    queued rebuild that will never start, or has started without taking it) was, whichever is
    earlier."""
    if stale is not None:
        start = min(start, _start_of(stale))
    QueuedRebuild.objects.update_or_create(
        rating_list=rating_list, defaults={"task_id": task_id, **_from_fields(start)}
    )


def _start_of(queued: QueuedRebuild) -> Key:
    return key_of(queued.from_date, queued.from_tournament) if queued.from_date else START


def _from_fields(start: Key) -> dict[str, Any]:
    date = datetime.date.fromisoformat(start[0]) if start != START else None
    return {"from_date": date, "from_tournament": start[1]}


def _take_queued(rating_list: RatingList, task_id: str) -> Key | None:
    """The task ``task_id`` starting: its queued row taken (a change from now on queues the
    next rebuild), and where it replays from; None if it has none."""
    with transaction.atomic():
        queued = (
            QueuedRebuild.objects.select_for_update()
            .filter(rating_list=rating_list, task_id=task_id)
            .first()
        )
        if queued is None:
            return None
        queued.delete()
        return _start_of(queued)


def rebuild_club_game(
    club_id: int, game: str, tournament_id: int | None = None, *, task_id: str = ""
) -> int:
    """The queue's work (``tasks.rebuild_club_rating``): the club's list of ``game`` replayed
    from the earliest tournament changed since the task was queued (its queued row); a task
    without one, from ``tournament_id`` (if it still exists; else from the start)."""
    rating_list = list_of(club_id, game)
    start = _take_queued(rating_list, task_id)
    if start is not None:
        return rebuild_from(rating_list, start)
    since = Tournament.objects.filter(pk=tournament_id).first() if tournament_id else None
    return rebuild(rating_list, since=since)


def concerns_list(tournament: Tournament) -> bool:
    """Whether a change to ``tournament`` may move its club's list: it counts now (finished
    and published), or counted at the last build."""
    counted = CountedTournament.objects.filter(tournament=OuterRef("pk"))
    return (
        Tournament.objects.filter(pk=tournament.pk)
        .filter(
            Q(status=Tournament.Status.FINISHED, archived=False, published=True)
            | Q(Exists(counted))
        )
        .exists()
    )


def build_demo_lists(club: Club) -> None:
    """The demo club's lists, with the demo's gates, built at once (the demo is built in one
    transaction, with no queue worker behind it in the tests)."""
    games = Tournament.objects.filter(club=club, status=Tournament.Status.FINISHED, archived=False)
    for game in sorted(set(games.values_list("game", flat=True))):
        rating_list = club_list(club, game)
        RatingList.objects.filter(pk=rating_list.pk).update(**DEMO_GATES)
        rating_list.refresh_from_db()
        rebuild(rating_list)
