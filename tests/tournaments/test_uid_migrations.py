"""Identities that travel: every row another database must recognise has a ``uid``, filled for
the rows that existed before by the migrations, back and forth on a database holding the demo
(docs/architecture.md#identities-that-travel)."""

import uuid

import pytest
from django.apps import apps
from django.db import IntegrityError, transaction
from helpers import latest, migrate

#: The models whose rows travel, by app (« Tournaments that travel » §1).
TRAVELLING = {
    "club": ["Club", "Season", "Player", "RepresentedClub"],
    "tournaments": [
        "GameRulesVersion",
        "Tournament",
        "Team",
        "Entry",
        "Round",
        "Table",
        "Seat",
        "Deal",
        "ResultChange",
    ],
    "tableside": ["TableDeal", "TableEvent"],
}
BEFORE_UIDS = [
    ("club", "0013_language"),
    ("tournaments", "0020_whist_contracts_dutch_names"),
    ("tableside", "0002_phone_seats"),
]


def counts() -> dict[str, int]:
    return {
        name: apps.get_model(label, name).objects.count()
        for label, names in TRAVELLING.items()
        for name in names
    }


def uids() -> dict[str, dict[int, uuid.UUID]]:
    return {
        name: dict(apps.get_model(label, name).objects.values_list("pk", "uid"))
        for label, names in TRAVELLING.items()
        for name in names
    }


@pytest.mark.django_db(transaction=True)
def test_every_travelling_row_of_the_demo_gets_its_own_uid_back_and_forth(demo_db):
    before = counts()
    assert all(before[name] for name in ("Club", "Player", "Tournament", "Deal", "TableEvent"))

    executor = migrate(BEFORE_UIDS)
    old = executor.loader.project_state(BEFORE_UIDS).apps
    fields = {f.name for f in old.get_model("tournaments", "Deal")._meta.get_fields()}
    assert "uid" not in fields
    assert old.get_model("tournaments", "Deal").objects.count() == before["Deal"]

    migrate(latest())
    assert counts() == before  # no row lost
    filled = uids()
    for name, by_pk in filled.items():
        assert None not in by_pk.values(), name
        assert len(set(by_pk.values())) == len(by_pk), name  # each its own
    every = [u for by_pk in filled.values() for u in by_pk.values()]
    assert len(set(every)) == len(every)  # and no two rows of any two tables share one


@pytest.mark.django_db
def test_a_new_row_gets_a_uid_and_two_rows_cannot_share_one(club, season):
    assert isinstance(club.uid, uuid.UUID) and isinstance(season.uid, uuid.UUID)
    assert club.uid != season.uid
    other = type(club).objects.create(name="Autre cercle", slug="autre")
    with pytest.raises(IntegrityError), transaction.atomic():
        type(club).objects.filter(pk=other.pk).update(uid=club.uid)
