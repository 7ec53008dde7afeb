"""An upgrade keeps each club's order of names: 0.1.0 wrote « Gillet Marie » on its standings,
sheets and exports; the migration that brought the club's setting (``club`` 0012) gives the
clubs that existed then that order, and only a club created afterwards gets the new default,
« Marie Gillet ». Forward and back from the schema just before the setting (the club's table
as 0.1.0 left it, for what the setting reads); ``tests/ops/upgrade.py`` upgrades 0.1.0's own
database, built by its own code."""

import pytest
from helpers import latest, migrate

from club import names
from club.models import Club, Player

#: The last migration before the club's order of names.
BEFORE_THE_SETTING = ("club", "0011_season_attendance_threshold")


@pytest.mark.django_db(transaction=True)
def test_an_upgrade_keeps_each_clubs_order_and_new_clubs_get_the_default():
    executor = migrate([BEFORE_THE_SETTING])
    old = executor.loader.project_state(BEFORE_THE_SETTING).apps
    old_club = old.get_model("club", "Club").objects.create(name="RC Gillet", slug="rc-gillet")

    migrate(latest())
    club = Club.objects.get(pk=old_club.pk)
    assert club.name_order == names.LAST_FIRST
    with names.name_order(club.name_order):
        assert Player(first_name="Marie", last_name="Gillet").full_name == "Gillet Marie"

    new_club = Club.objects.create(name="Nouveau club", slug="nouveau")
    assert new_club.name_order == names.FIRST_LAST

    # Back before the setting and forward again: the old club keeps its order; the new one,
    # back in a schema without the setting, is a club as 0.1.0 had them, and gets it too.
    migrate([BEFORE_THE_SETTING])
    migrate(latest())
    assert Club.objects.get(pk=old_club.pk).name_order == names.LAST_FIRST
    assert Club.objects.get(pk=new_club.pk).name_order == names.LAST_FIRST
