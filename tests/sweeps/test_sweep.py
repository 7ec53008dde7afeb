"""Every URL of the resolver, walked once per database with every check of tests/sweeps/checks.py
(tests/sweeps/sweep.py says how the walk runs and how a new check joins it)."""

import checks  # noqa: F401  (registers the checks)
import pytest
from sweep import CHECKS, PARTS, report, walk_every_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("part", range(PARTS))
def test_every_url_passes_every_check(two_clubs, part, capsys):
    world = two_clubs
    users = {"a_bureau": world.a_bureau, "b_bureau": world.b_bureau, "b_saisie": world.b_saisie}
    with capsys.disabled():
        found = walk_every_url(world, users, part)
    assert found == {}, report(found)


def test_the_walk_applies_each_check():
    names = {cls.name for cls in CHECKS}
    assert names == {
        "no server error",
        "tenancy",
        "own club's pages",
        "malformed input",
        "ids too large",
    }
