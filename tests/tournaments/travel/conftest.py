"""Fixtures the travel tests share (the bundles, the laptop, the evening back)."""

import pytest

from tournaments.travel.services.signing import make_site_key


@pytest.fixture
def site_key(db):
    """This site's signing key (made once: « Emporter la soirée » and exports sign with it)."""
    return make_site_key()[0]
