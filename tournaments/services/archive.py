"""Archived evenings: a club's history recorded as each player's result of an evening.

A club that switches to Atout mid-season has each player's total for each earlier evening,
not the deals. An archived evening is a finished, published ``Tournament`` marked
``archived``, with an ``Entry`` (present) and a ``TournamentResult`` per player: the season
and annual rankings, the attendance behind the membership fee, the money report and the
player's season page read those rows as they read a played evening's. It has no round, so
it is never drawn, scored or recomputed.

The rows come from the page (one line per member) or from a spreadsheet (.xlsx or .csv:
date, player, points, optional place points). ``check_rows`` names each row's problems in
French and matches the players (licence number first, then name, as the member import does);
``save_evenings`` writes every evening of the rows in one transaction, or nothing.
"""

import datetime
import re
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any

from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import Club, Player, Season
from club.names import name_key, person_key
from club.player_import import PERSON_TITLES
from club.titled_table import Columns, read_lines
from club.validators import plain_name_error
from scoring import GAMES
from scoring.ranking import place_points_by_key, shared_places

from ..games import playable_game_choices, plugin_for
from ..models import (
    PLACE_POINTS_DENOMINATOR,
    Entry,
    Tournament,
    TournamentResult,
)
from ..selectors.rulebook import club_rules

#: The columns an archive's file may have: « Date », a player (« Joueur », or « Nom » and
#: « Prénom », or « Licence ») and « Points » are required.
COLUMNS = Columns(
    titles={
        **PERSON_TITLES,
        "date": {"date", "soiree", "jour", "evening", "day"},
        "player": {"joueur", "player", "nom et prenom", "nom prenom", "name"},
        "points": {"points", "total", "score", "pts"},
        "place_points": {"points de place", "place points", "pp", "points place"},
        "rank": {"rang", "place", "classement", "rank", "position"},
    },
    complete=lambda found: (
        {"date", "points"} <= found
        and ("player" in found or "licence_number" in found or {"last_name", "first_name"} <= found)
    ),
    missing=gettext_lazy(
        "The first row must name the columns: “Date”, “Joueur” (or “Nom” and “Prénom”, "
        "or “Licence”) and “Points” are required; “Points de place” and “Rang” are "
        "optional."
    ),
    no_rows=gettext_lazy("The file has column titles but no result."),
)

#: Points an evening may give a player, either way (whist evenings stay far below).
MAX_POINTS = 100_000
#: An evening's place points: up to 10,000 a place (a leaderboard's « 1000 for the first »)
#: over its rounds.
MAX_PLACE_POINTS = 100_000
MAX_RANK = 10_000
NAME_LENGTH = 80
DATE_FORMATS = ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y", "%d/%m/%y")


@dataclass
class ArchiveRow:
    """One player's result of one evening, as typed or read, with its problems."""

    line: int
    date: str = ""
    last_name: str = ""
    first_name: str = ""
    player: str = ""
    licence_number: str = ""
    points: str = ""
    place_points: str = ""
    rank: str = ""
    #: the club member a typed evening's row is for (its page's own line): no matching by name
    member_id: int | None = None
    errors: list[str] = field(default_factory=list)
    #: the column of each error: "date", "player", "points", "place_points" or "rank"
    error_fields: list[str] = field(default_factory=list)
    #: the matched player, or None: a new player proposed (``new_player``) or an error
    player_id: int | None = None
    new_player: bool = False

    @property
    def is_valid(self) -> bool:
        return not self.errors

    def refuse(self, column: str, message: str) -> None:
        self.errors.append(message)
        self.error_fields.append(column)

    @property
    def name(self) -> str:
        return self.player or f"{self.last_name} {self.first_name}".strip()

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def rows_from_dicts(data: list[dict[str, Any]]) -> list[ArchiveRow]:
    return [ArchiveRow(**item) for item in data]


def archive_game_choices() -> list[tuple[str, str]]:
    """The games an archived evening may be of: those whose players are ranked one by one
    (a team game's result is its team's, which a per-player sheet does not give)."""
    return [
        (key, name)
        for key, name in playable_game_choices()
        if plugin_for(key).lineup.unit == "entry"
    ]


def parse_rows(name: str, stream: IO[bytes]) -> list[ArchiveRow]:
    """The file's rows (no check yet); raises ImportFileError if the file is unusable."""
    rows = []
    for line in read_lines(name, stream, COLUMNS):
        row = ArchiveRow(line=line.number)
        for name_of_field, text in line.cells.items():
            setattr(row, name_of_field, text)
        rows.append(row)
    return rows


def parse_date(text: str) -> datetime.date | None:
    """A date as a club's sheet writes it (31/01/2026, 2026-01-31, an Excel date cell)."""
    text = text.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2} 00:00:00", text):  # an .xlsx date cell
        text = text[:10]
    for pattern in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def parse_points(text: str) -> int | None:
    text = text.strip().replace(" ", "").replace("\u00a0", "").replace("−", "-")
    if re.fullmatch(r"[+-]?\d{1,7}", text):
        return int(text)
    if re.fullmatch(r"[+-]?\d{1,7}[.,]0+", text):  # 12.0 from a spreadsheet
        return int(text.replace(",", ".").split(".")[0])
    return None


def parse_place_points(text: str) -> Fraction | None:
    """Place points: whole sixtieths, not negative (« 2,5 » when two players shared a place)."""
    text = text.strip().replace(",", ".")
    if not re.fullmatch(r"\d{1,4}(\.\d{1,6})?", text):
        return None
    value = Fraction(Decimal(text))
    if (value * PLACE_POINTS_DENOMINATOR).denominator != 1:
        return None
    return value


def parse_rank(text: str) -> int | None:
    text = text.strip().rstrip(".").removesuffix("e").removesuffix("er")
    if re.fullmatch(r"\d{1,5}", text) and 1 <= int(text) <= MAX_RANK:
        return int(text)
    return None


def _date_label(day: datetime.date) -> str:
    return date_format(day, "SHORT_DATE_FORMAT")


def check_rows(club: Club, season: Season, game: str, rows: list[ArchiveRow]) -> list[ArchiveRow]:
    """Fill each row's problems (in French) and its player; run again at confirmation.

    A row is refused when its date is missing, unreadable, outside the season or already
    holds an evening of the game in the club; when its points are not a whole number or its
    place points not a number of at least 0; when its player is named twice on one date, or
    by a licence number that another person holds (a member of another name, or anyone who is
    not a member: his name never printed). A player found neither by licence number
    nor by name among the club's members is proposed as a new member (``new_player``).
    """
    players = list(
        Player.objects.filter(clubs=club).only("first_name", "last_name", "licence_number")
    )
    by_name: dict[str, Player | None] = {}
    for player in players:
        for key in (
            name_key(f"{player.last_name} {player.first_name}"),
            name_key(f"{player.first_name} {player.last_name}"),
        ):
            # Two members of one name: neither is chosen by the name alone.
            by_name[key] = None if key in by_name else player
    # Only the club's members are matched; another club's number is known only as taken.
    licences = {p.licence_number: p for p in players if p.licence_number}
    elsewhere = set(
        Player.objects.exclude(licence_number="")
        .exclude(clubs=club)
        .values_list("licence_number", flat=True)
    )
    taken = set(Tournament.objects.filter(club=club, game=game).values_list("date", flat=True))
    seen: dict[tuple[datetime.date, object], int] = {}
    for row in rows:
        row.errors, row.error_fields, row.player_id, row.new_player = [], [], None, False
        day = _check_date(row, season, taken)
        _check_numbers(row)
        _match_player(row, by_name, licences, elsewhere)
        who: object = row.player_id or name_key(row.name)
        if day is not None and who:
            first = seen.setdefault((day, who), row.line)
            if first != row.line:
                row.refuse(
                    "player",
                    _("%(player)s is already on line %(line)d for this date")
                    % {"player": row.name or row.licence_number, "line": first},
                )
    _check_ranks_given(rows)
    return rows


def _check_ranks_given(rows: list[ArchiveRow]) -> None:
    """An evening's ranks are given on every row of its date, or on none (then they follow
    the place points and the points)."""
    ranked: dict[str, bool] = {}
    for row in rows:
        day = parse_date(row.date)
        if day is not None and row.rank.strip():
            ranked[day.isoformat()] = True
    for row in rows:
        day = parse_date(row.date)
        if day is not None and ranked.get(day.isoformat()) and not row.rank.strip():
            row.refuse(
                "rank",
                _("the rank is missing: give it on every row of %(date)s, or on none")
                % {"date": _date_label(day)},
            )


def _check_date(row: ArchiveRow, season: Season, taken: set[datetime.date]) -> datetime.date | None:
    if not row.date.strip():
        row.refuse("date", _("the date is missing"))
        return None
    day = parse_date(row.date)
    if day is None:
        row.refuse(
            "date",
            _("the date “%(value)s” is not a date (write it as 31/01/2026)") % {"value": row.date},
        )
        return None
    if not season.start <= day <= season.end:
        row.refuse(
            "date",
            _("the date %(date)s is outside the season (%(start)s – %(end)s)")
            % {
                "date": _date_label(day),
                "start": _date_label(season.start),
                "end": _date_label(season.end),
            },
        )
    if day in taken:
        row.refuse(
            "date",
            _("an evening of this game is already recorded on %(date)s")
            % {"date": _date_label(day)},
        )
    return day


def _check_numbers(row: ArchiveRow) -> None:
    points = parse_points(row.points) if row.points.strip() else None
    if not row.points.strip():
        row.refuse("points", _("the points are missing"))
    elif points is None or abs(points) > MAX_POINTS:
        row.refuse(
            "points",
            _("the points “%(value)s” are not a whole number between -%(max)d and %(max)d")
            % {"value": row.points, "max": MAX_POINTS},
        )
    if row.rank.strip() and parse_rank(row.rank) is None:
        row.refuse(
            "rank",
            _("the rank “%(value)s” is not a place from 1 to %(max)d")
            % {"value": row.rank, "max": MAX_RANK},
        )
    if row.place_points.strip():
        place = parse_place_points(row.place_points)
        if place is None or place > MAX_PLACE_POINTS:
            row.refuse(
                "place_points",
                _(
                    "the place points “%(value)s” are not a number between 0 and %(max)d "
                    "(halves and thirds allowed: 2,5)"
                )
                % {"value": row.place_points, "max": MAX_PLACE_POINTS},
            )


def _match_player(
    row: ArchiveRow,
    by_name: dict[str, Player | None],
    licences: dict[str, Player],
    elsewhere: set[str],
) -> None:
    """The member the row names: by licence number, else by name; else a new one proposed.

    A licence number of someone who is not a member (``elsewhere``) is refused, whatever the
    name beside it, without his name: an evening holds only the club's members.
    """
    if row.member_id is not None:
        row.player_id = row.member_id
        return
    licence = row.licence_number.strip()
    if licence:
        holder = licences.get(licence)
        if holder is not None:
            named = row.name and name_key(row.name) not in {
                name_key(f"{holder.last_name} {holder.first_name}"),
                name_key(f"{holder.first_name} {holder.last_name}"),
            }
            if named:
                row.refuse(
                    "player",
                    _("licence number %(licence)s belongs to %(player)s, not to %(name)s")
                    % {"licence": licence, "player": holder.full_name, "name": row.name},
                )
            else:
                row.player_id = holder.pk
            return
        if licence in elsewhere:
            row.refuse(
                "player",
                _(
                    "the licence number %(licence)s is not that of a member of the club: add "
                    "this player to the members first"
                )
                % {"licence": licence},
            )
            return
    if not row.name and licence:
        row.refuse(
            "player",
            _("no player holds the licence number %(licence)s: give his name to add him")
            % {"licence": licence},
        )
        return
    if not row.name:
        row.refuse("player", _("the player is missing (“Joueur”, or “Nom” and “Prénom”)"))
        return
    key = name_key(row.name)
    if key in by_name:
        found = by_name[key]
        if found is None:
            row.refuse(
                "player",
                _("two members are called %(name)s: give the licence number") % {"name": row.name},
            )
        else:
            row.player_id = found.pk
        return
    first, last = _new_player_names(row)
    if not first or not last:
        row.refuse(
            "player",
            _("%(name)s is not a member: give the last and the first name to add him")
            % {"name": row.name},
        )
        return
    for label, value in ((_("last name"), last), (_("first name"), first)):
        message = plain_name_error(label, value)
        if message:
            row.refuse("player", message)
        elif len(value) > NAME_LENGTH:
            row.refuse(
                "player",
                _("the field “%(field)s” is longer than %(max)d characters")
                % {"field": label, "max": NAME_LENGTH},
            )
    row.new_player = not row.errors


def _new_player_names(row: ArchiveRow) -> tuple[str, str]:
    """(first name, last name) of a proposed player: « DUPONT Jean » is last name first."""
    if row.last_name or row.first_name:
        return row.first_name.strip(), row.last_name.strip()
    last, _space, first = row.player.strip().partition(" ")
    return first.strip(), last.strip()


def new_players(rows: list[ArchiveRow]) -> list[str]:
    """The names of the players the rows would add to the club, once each."""
    names: dict[tuple[str, str], str] = {}
    for row in rows:
        if row.new_player and not row.errors:
            first, last = _new_player_names(row)
            names.setdefault(person_key(first, last), f"{last} {first}".strip())
    return sorted(names.values(), key=name_key)


@dataclass(frozen=True)
class SavedEvenings:
    tournaments: list[Tournament]
    players_created: int


def evening_name(day: datetime.date) -> str:
    return _("Archived evening of %(date)s") % {"date": _date_label(day)}


@transaction.atomic
def save_evenings(
    club: Club,
    season: Season,
    game: str,
    rows: list[ArchiveRow],
    *,
    name: str = "",
    rounds: int = 1,
    entry_fee: Decimal = Decimal("0"),
) -> SavedEvenings:
    """One archived evening per date of ``rows`` (all valid: checked again here), with each
    player's entry and result; new players become members of the club. All or nothing."""
    if game not in dict(archive_game_choices()):
        raise ValueError(f"no archived evening of {game}: its players play as teams")
    rows = check_rows(club, season, game, rows)
    if not rows or any(not row.is_valid for row in rows):
        raise ValueError("archived evenings saved with rows in error")
    created: dict[tuple[str, str], Player] = {}
    by_day: dict[datetime.date, list[tuple[int, ArchiveRow]]] = defaultdict(list)
    for row in rows:
        player_id = row.player_id
        if player_id is None:
            first, last = _new_player_names(row)
            key = person_key(first, last)
            if key not in created:
                created[key] = Player.objects.create(first_name=first, last_name=last)
                club.players.add(created[key])
            player_id = created[key].pk
        day = parse_date(row.date)
        assert day is not None  # checked
        by_day[day].append((player_id, row))
    tournaments = []
    # The club's rules of the day, as a tournament copies them when it starts: where they add
    # the place points to the total (FreeWhist), the season counts an evening's with its points.
    rules = GAMES[game].validate_rules(club_rules(club, game))
    for day, lines in sorted(by_day.items()):
        tournament = Tournament(
            club=club,
            season=season,
            game=game,
            name=name or evening_name(day),
            date=day,
            rounds=rounds,
            entry_fee=entry_fee,
            status=Tournament.Status.FINISHED,
            published=True,
            archived=True,
            rules=rules,
        )
        tournament.full_clean()
        tournament.save()
        tournaments.append(tournament)
        _store_results(tournament, lines)
    return SavedEvenings(tournaments, len(created))


def _store_results(tournament: Tournament, lines: list[tuple[int, ArchiveRow]]) -> None:
    """Each player's entry (present) and result: the rank as given, or else by place points
    when the evening gives them, then by points; the annual place points from that rank, ties
    sharing."""
    points = [parse_points(row.points) or 0 for _player, row in lines]
    places = [
        parse_place_points(row.place_points) if row.place_points.strip() else Fraction(0)
        for _player, row in lines
    ]
    given = [parse_rank(row.rank) for _player, row in lines]
    keys: list[tuple[object, ...]] = [
        (p or Fraction(0), pts) for p, pts in zip(places, points, strict=True)
    ]
    if all(rank is not None for rank in given):
        keys = [(-(rank or 0),) for rank in given]
    ranks = shared_places(keys)
    if all(rank is not None for rank in given):  # the club's own places, as written
        ranks = [rank or 0 for rank in given]
    annual = place_points_by_key(keys)
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player_id=player_id, present=True) for player_id, _ in lines
    )
    TournamentResult.objects.bulk_create(
        TournamentResult(
            tournament=tournament,
            player_id=entry.player_id,
            entry=entry,
            rank=rank,
            rounds=tournament.rounds,
            points=score,
            best_round=0,
            place_points_60ths=int((place or 0) * PLACE_POINTS_DENOMINATOR),
            annual_place_points_60ths=int(share * PLACE_POINTS_DENOMINATOR),
        )
        for entry, rank, score, place, share in zip(
            entries, ranks, points, places, annual, strict=True
        )
    )
