"""What a fresh process would otherwise do on its first requests, done before it serves one.

gunicorn calls ``warm()`` in its master once the app is loaded, before it forks the workers
(``gunicorn.conf.py``): every worker, and every worker started again later, is born with it
done and shares that memory. Django builds these lazily, on the first request that needs them:
the list of models, the URL patterns' regular expressions and the reverse lookups (per
language), the translation catalogues, the template engine with its tag libraries and every
template compiled (the cached loader keeps them). Nothing here touches the database: a
connection opened in the master would be shared by the forked workers.
"""

import logging
from contextlib import suppress
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.db import connections
from django.template import TemplateSyntaxError, engines
from django.template.loader import get_template
from django.urls import Resolver404, resolve, reverse
from django.utils import translation

logger = logging.getLogger(__name__)


def warm() -> None:
    apps.get_models()  # the registry's list of models, kept after its first call
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("French")  # the catalogues of that language, loaded
            reverse("home")  # the URLconf's reverse lookups, built for that language
            with suppress(Resolver404):
                resolve("/-/")  # matches nothing: the patterns' expressions compiled
    for name in template_names():
        try:
            get_template(name)
        except TemplateSyntaxError:
            # Not a page of its own (a fragment that only parses inside another): the
            # request that renders it reports any error, as without the warm-up.
            logger.debug("template %s not warmed", name)
    connections.close_all()  # none should be open; never one shared with the workers


def template_names() -> list[str]:
    """The project's own templates (its folder and its apps'), by the names views use."""
    base = Path(settings.BASE_DIR)
    folders = [Path(folder) for folder in engines["django"].dirs]
    folders += [
        Path(app.path) / "templates"
        for app in apps.get_app_configs()
        if Path(app.path).is_relative_to(base) and (Path(app.path) / "templates").is_dir()
    ]
    return sorted(
        {
            str(path.relative_to(folder))
            for folder in folders
            for path in folder.rglob("*")
            if path.suffix in (".html", ".txt", ".xml", ".css")
        }
    )
