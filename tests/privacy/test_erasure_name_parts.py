"""An erasure leaves nothing of his name that it did not match exactly (issue 32 §4): each part
of it — first name, last name, pseudonym, a multi-word name whole and word by word — typed in
any case, with or without its accents, in the phones' reasons and notes, in the audit trail,
and in every page and document cached or kept before the erasure, on the file and the Redis
cache. Whole words only: « Marcel » is not « Marc »."""

import html
import io
import json
import pickle
import zlib
from io import StringIO

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from club import cache_faults
from club.models import Club
from club.name_parts import fold, name_parts, replace_name_parts
from club.settings.base import cache_from_env
from tournaments.models import Seat
from tournaments.printing import sheet_pdfs
from tournaments.printing.models import PdfExport, SheetPdf
from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal, TableEvent

#: Each xdist worker its own Redis database (13, 12, ...), as the page cache's tests.

FIRST, LAST, PSEUDONYM = "Hélène", "Van den Quackenbüsh", "Zébulon"
#: What must be found nowhere after the erasure (« Van », « den » alone are anyone's).
PARTS = ["Hélène", "Van den Quackenbüsh", "Quackenbüsh", "Zébulon"]


# --------------------------------------------------------------------------- the text itself


def test_marc_is_replaced_and_marcel_left_alone():
    text = "Marcel a vu que Marc avait 9 plis, pas MARC-ANDRÉ ni marcus; marc."
    assert replace_name_parts(text, ["Marc"], "Anonyme 7") == (
        "Marcel a vu que Anonyme 7 avait 9 plis, pas Anonyme 7-ANDRÉ ni marcus; Anonyme 7."
    )


def test_any_case_and_with_or_without_accents_either_way():
    parts = name_parts("Hélène", "Gérard")
    typed = "HÉLÈNE, helene, Helene et hélène; GERARD, gérard; Hélènes, Gérardmer"
    assert replace_name_parts(typed, parts, "X") == "X, X, X et X; X, X; Hélènes, Gérardmer"
    # The stored name without its accents, the text with them.
    assert replace_name_parts("Élodie Lefèvre", name_parts("Elodie", "Lefevre"), "X") == "X"
    # Typed with decomposed accents (a phone's keyboard): the rest of the text kept as it was.
    decomposed = "He\u0301le\u0300ne a 9 plis, he\u0301las"
    assert replace_name_parts(decomposed, ["Hélène"], "X") == "X a 9 plis, he\u0301las"


def test_a_multi_word_name_whole_and_each_significant_word():
    parts = name_parts("Jean-Pierre", "Van den Bossche", "Le Grand Bleu")
    assert "Van" not in parts and "den" not in parts and "Le" not in parts
    typed = (
        "Jean-Pierre Van den Bossche a 9 plis; van  den BOSSCHE aussi; Bossche; "
        "Van der Berg et den Haag; Jean Pierre; le grand bleu; Bleu"
    )
    assert replace_name_parts(typed, parts, "X") == (
        "X a 9 plis; X aussi; X; Van der Berg et den Haag; X; X; X"
    )
    # The whole name once, not word by word; apostrophes of any style.
    assert replace_name_parts(
        "Marc D’Hondt, d'hondt, Hondt", name_parts("Marc", "D'Hondt"), "X"
    ) == ("X, X, X")


def test_no_first_name_alone_where_others_are_named():
    parts = name_parts("Marc", "Quackenbush", first_name_alone=False)
    typed = "Marc a 9 plis; Quackenbush aussi; Marc Quackenbush"
    assert replace_name_parts(typed, parts, "X") == "Marc a 9 plis; X aussi; X"
    assert replace_name_parts("rien à voir", parts, "X") == "rien à voir"
    assert replace_name_parts("Marc", [], "X") == "Marc"


# --------------------------------------------------------------------------- the erasure


@pytest.fixture(params=["files", "redis"])
def cache_store(request, tmp_path, settings):
    """The project's cache on files or Redis, and a way to read everything it holds."""
    if request.param == "files":
        folder = tmp_path / "cache"
        settings.CACHES = cache_from_env("", str(folder))
        yield lambda: _files_values(folder)
        return
    server = request.getfixturevalue("redis_cache")  # tests/conftest.py: this worker's database
    yield lambda: [_unpickled(server.get(key)) for key in server.scan_iter()]


def _unpickled(raw: bytes | None):
    try:
        return pickle.loads(raw)
    except Exception:
        return raw


def _files_values(folder) -> list:
    """Every file under the cache's folder, as Django's file cache writes them (its expiry,
    pickled, then the zlib-compressed pickled value), or as bytes."""
    values = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        stream = io.BytesIO(data)
        try:
            pickle.load(stream)
            values.append(pickle.loads(zlib.decompress(stream.read())))
        except Exception:
            values.append(data)
    return values


def _pdf_text(content: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def _text(value) -> str:
    """What a kept value says: a PDF's text, a page's text, any other value's strings."""
    if isinstance(value, memoryview):
        value = bytes(value)
    if isinstance(value, bytes):
        if value.startswith(b"%PDF"):
            return _pdf_text(value)
        return value.decode("utf-8", "replace")
    if isinstance(value, str):
        return value
    return repr(value)


def _found(texts, parts=PARTS) -> set[str]:
    """The parts found in ``texts``, in any case, with or without accents."""
    folded = fold(html.unescape(" ".join(texts)))
    return {part for part in parts if fold(part) in folded}


def _dump() -> str:
    out = StringIO()
    call_command("dumpdata", stdout=out)
    return json.dumps(json.loads(out.getvalue()), ensure_ascii=False)


def _kept_documents() -> list[str]:
    rows = [*SheetPdf.objects.all(), *PdfExport.objects.exclude(content=None)]
    return [_text(row.content) for row in rows]


def _phone(link, entry_id) -> Client:
    client = Client()
    response = client.post(
        reverse("table_page", args=[link.token]), {"action": "who", "entry": entry_id}
    )
    assert response.status_code == 302
    return client


def _send_back(table, link, writer: Client, checker: Client, reason: str) -> None:
    """A whist deal entered by one side, sent back by the other with ``reason``."""
    table.refresh_from_db()
    url = reverse("table_page", args=[link.token])
    key = f"k-{table.table_deals.count()}"
    writer.post(
        url,
        {
            "action": "save",
            "version": str(table.version),
            "number": str(table.deals.count() + 1),
            "contract": "emballage_9",
            "against": "",
            "renege": "",
            "d1": "0",
            "d2": "2",
            "tricks": "9",
            "key": key,
        },
    )
    pending = TableDeal.objects.get(table=table, idempotency_key=key)
    response = checker.post(url, {"action": "reject", "deal": str(pending.pk), "reason": reason})
    assert response.status_code == 302
    assert TableDeal.objects.get(pk=pending.pk).reason == reason


@pytest.fixture
def evening(make_tournament, committee_user):
    """A whist evening under way: he (« Hélène Van den Quackenbüsh », « Zébulon ») at table 1,
    his deals sent back by the phones with reasons naming him every which way."""
    tournament = make_tournament("whist", players=8, rounds=1)
    round_ = drawing.draw_round(tournament, seed=3)
    drawing.start_round(round_)
    table, other = round_.tables.order_by("number")
    seats = {seat.position: seat.entry for seat in Seat.objects.filter(table=table)}
    player = seats[0].player
    player.first_name, player.last_name, player.pseudonym = FIRST, LAST, PSEUDONYM
    player.save()
    link = table_entry.issue_link(table, user=None)
    his_phone, east = _phone(link, seats[0].pk), _phone(link, seats[1].pk)
    for reason in (
        "QUACKENBUSH a fait 9 plis, pas 10",
        "helene compte mal; Marcel l'a vu",
        "van den quackenbush s'est trompé",
        "Zebulon a renoncé",
    ):
        _send_back(table, link, his_phone, east, reason)
    # At the other table of his evening too.
    other_link = table_entry.issue_link(other, user=None)
    other_seats = {seat.position: seat.entry for seat in Seat.objects.filter(table=other)}
    _send_back(
        other,
        other_link,
        _phone(other_link, other_seats[0].pk),
        _phone(other_link, other_seats[1].pk),
        "Hélène a dit 9; Quackenbüsh a vu",
    )
    LogEntry.objects.log_actions(
        user_id=committee_user.pk, queryset=[player], action_flag=CHANGE, change_message="[]"
    )
    return tournament, round_, table, link, player, his_phone


def _render_everything(tournament, round_, table, link, player, phone) -> None:
    """Every page and document that shows him, cached or kept: the public pages, the table's
    phone, the round's sheets."""
    visitor = Client()
    entry = tournament.entries.get(player=player)
    for url in (
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[table.pk]),
        reverse("season_standings", args=[tournament.season_id]),
    ):
        assert visitor.get(url).status_code == 200, url
    # His own page; none once erased (his name is hidden).
    own = visitor.get(reverse("tournament_player", args=[tournament.pk, entry.pk]))
    assert own.status_code == (404 if player.erased_at else 200)
    assert phone.get(reverse("table_page", args=[link.token])).status_code == 200
    sheet_pdfs.build(sheet_pdfs.round_document(round_, "http://testserver"))


def test_erasure_leaves_no_part_of_his_name_in_the_database_the_cache_or_the_documents(
    evening, cache_store, committee_client, club, django_capture_on_commit_callbacks
):
    tournament, round_, table, link, player, phone = evening
    _render_everything(*evening)
    # Before: his name is in the database, the cache and the kept sheets.
    assert _found([_dump()]) == set(PARTS)
    assert {"Quackenbüsh", "Hélène"} <= _found(_text(value) for value in cache_store())
    assert {"Quackenbüsh", "Hélène"} <= _found(_kept_documents())

    with django_capture_on_commit_callbacks(execute=True):
        response = committee_client.post(
            reverse("club_member_erase", args=[club.slug, player.pk]), {"confirm": "EFFACER"}
        )
    assert response.status_code == 302
    player.refresh_from_db()
    label = player.full_name

    assert _found([_dump()]) == set()
    assert _found(_text(value) for value in cache_store()) == set()
    assert _found(_kept_documents()) == set()
    # The reasons read with the label where he was named, the rest as typed.
    assert list(
        TableDeal.objects.filter(table=table).order_by("pk").values_list("reason", flat=True)
    ) == [
        f"{label} a fait 9 plis, pas 10",
        f"{label} compte mal; Marcel l'a vu",
        f"{label} s'est trompé",
        f"{label} a renoncé",
    ]
    assert TableEvent.objects.filter(table=table, kind="rejected").first().note == (
        f"{label} a fait 9 plis, pas 10"
    )
    assert TableDeal.objects.exclude(table=table).get().reason == f"{label} a dit 9; {label} a vu"

    # Shown again, every page and document carries the label, never his name.
    _render_everything(tournament, round_, table, link, player, phone)
    texts = [_text(value) for value in cache_store()]
    assert _found(texts, ["Quackenbüsh", "Zébulon"]) == set()
    assert label in " ".join(texts)
    assert _found(_kept_documents(), PARTS) == set()


class _ClearFails:
    """Django's cache, but its ``clear`` fails (a Redis gone at that instant)."""

    def __init__(self, cache):
        self._cache = cache

    def clear(self):
        raise ConnectionError("the cache is gone")

    def __getattr__(self, name):
        return getattr(self._cache, name)


def test_a_cache_that_cannot_be_dropped_serves_no_page_of_before(
    evening, committee_client, club, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    """The pages cached before the erasure are no longer read, dropped or not: their keys
    (the tournament's versions, the table's stamp) are renewed. The fault is logged, the
    erasure is saved."""
    tournament, _round, table, link, player, phone = evening
    _render_everything(*evening)
    monkeypatch.setattr(cache_faults, "cache", _ClearFails(cache_faults.cache))
    with django_capture_on_commit_callbacks(execute=True):
        response = committee_client.post(
            reverse("club_member_erase", args=[club.slug, player.pk]), {"confirm": "EFFACER"}
        )
    assert response.status_code == 302
    assert "cache write failed" in caplog.text
    player.refresh_from_db()
    pages = [
        Client().get(reverse(name, args=[tournament.pk])).content.decode()
        for name in ("tournament_standings", "tournament_rounds")
    ]
    pages.append(Client().get(reverse("table_detail", args=[table.pk])).content.decode())
    phone_page = phone.get(reverse("table_page", args=[link.token])).content.decode()
    assert _found([*pages, phone_page]) == set()
    assert player.full_name in phone_page  # the phones keep the real names: his label now


def test_the_trail_and_the_clubs_texts_lose_his_name_not_another_players_first_name(
    make_tournament, club, committee_client
):
    tournament = make_tournament("whist", players=4, rounds=1, name="Coupe Quackenbush")
    player = tournament.entries.first().player
    player.first_name, player.last_name = "Marc", "Quackenbush"
    player.save()
    club.privacy_notice = "Écrivez à MARC QUACKENBUSH (ou à Marcel, notre secrétaire)."
    club.save()
    user = committee_client.session["_auth_user_id"]
    LogEntry.objects.log_actions(
        user_id=user, queryset=[player], action_flag=CHANGE, change_message="Marc, pseudonyme"
    )
    LogEntry.objects.log_actions(
        user_id=user,
        queryset=[tournament],
        action_flag=CHANGE,
        change_message="Quackenbush inscrit; Marc Dupont aussi",
    )
    elsewhere = Club.objects.create(name="Autre cercle", slug="autre-cercle")
    LogEntry.objects.log_actions(
        user_id=user,
        queryset=[elsewhere],
        action_flag=CHANGE,
        change_message="Quackenbush (un autre); marc quackenbush",
    )
    response = committee_client.post(
        reverse("club_member_erase", args=[club.slug, player.pk]), {"confirm": "EFFACER"}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    tournament.refresh_from_db()
    club.refresh_from_db()
    label = player.full_name
    assert tournament.name == f"Coupe {label}"
    assert club.privacy_notice == f"Écrivez à {label} (ou à Marcel, notre secrétaire)."
    about_him = LogEntry.objects.get(content_type__model="player", change_message__contains="pse")
    assert about_him.change_message == f"{label}, pseudonyme"
    # Another entry: his last name goes, a first name alone may be another player's.
    other = LogEntry.objects.get(content_type__model="tournament")
    assert other.object_repr == str(tournament)
    assert other.change_message == f"{label} inscrit; Marc Dupont aussi"
    # The trail of the whole site: his full name only (another club's Quackenbush stays).
    far = LogEntry.objects.get(content_type__model="club", object_id=str(elsewhere.pk))
    assert far.change_message == f"Quackenbush (un autre); {label}"
