"""What the public reaches is one file per app to read (« The house's edges » §3): every view
of a ``urls_staff`` module asks for a login (an access mixin: the role in the object's club),
no view of a ``urls_public`` module does, and the site's URLs are exactly those files'."""

from importlib import import_module
from importlib.util import find_spec

import pytest
from django.contrib.auth.mixins import AccessMixin
from django.urls import URLPattern, URLResolver, get_resolver

APPS = (
    "club",
    "tournaments",
    "tournaments.publishing",
    "tournaments.tableside",
    "tournaments.printing",
    "tournaments.ratings",
    "tournaments.travel",
    "tournaments.federation",
)
#: Each app's two files, where it has them (the core and the bundles have no public page).
PUBLIC = [f"{app}.urls_public" for app in APPS if find_spec(f"{app}.urls_public")]
STAFF = [f"{app}.urls_staff" for app in APPS if find_spec(f"{app}.urls_staff")]


def _views(module: str) -> list[tuple[str, object]]:
    patterns = import_module(module).urlpatterns
    return [(p.name, getattr(p.callback, "view_class", p.callback)) for p in patterns]


def _guarded(view: object) -> bool:
    return isinstance(view, type) and issubclass(view, AccessMixin)


@pytest.mark.parametrize("module", STAFF)
def test_every_staff_page_asks_for_a_login(module: str) -> None:
    assert [name for name, view in _views(module) if not _guarded(view)] == []


@pytest.mark.parametrize("module", PUBLIC)
def test_no_public_page_asks_for_a_login(module: str) -> None:
    assert [name for name, view in _views(module) if _guarded(view)] == []


def test_the_site_serves_exactly_the_public_and_staff_files_and_the_admin() -> None:
    included = [
        entry.urlconf_name.__name__
        if not isinstance(entry.urlconf_name, str)
        else entry.urlconf_name
        for entry in get_resolver().url_patterns
        if isinstance(entry, URLResolver) and entry.app_name != "admin"
    ]
    assert sorted(included) == sorted(PUBLIC + STAFF)
    assert not [p for p in get_resolver().url_patterns if isinstance(p, URLPattern)]
