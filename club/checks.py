"""The project's own system checks (``manage.py check``; gunicorn runs them as it loads the app,
``club.wsgi``): what a production install must have done, said loudly when it has not."""

from collections.abc import Sequence
from pathlib import Path

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register

#: The tag of the checks gunicorn runs before serving (``manage.py check --tag atout``).
ATOUT = "atout"

COMPILE_HINT = "Run: python manage.py compilemessages --ignore=.venv (docs/deploy.md, install)."


@register(ATOUT, Tags.translation)
def catalogues_compiled(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: object
) -> list[CheckMessage]:
    """Every catalogue of ``LOCALE_PATHS`` compiled: git ignores the ``.mo`` files, and without
    them a French club's pages are in English while saying ``Content-Language: fr``."""
    problems: list[CheckMessage] = []
    for folder in settings.LOCALE_PATHS:
        for source in sorted(Path(folder).glob("*/LC_MESSAGES/*.po")):
            compiled = source.with_suffix(".mo")
            if not compiled.exists():
                problems.append(
                    Error(
                        f"The translation catalogue {compiled} is missing: the pages in "
                        f"{source.parts[-3]} would be shown in English.",
                        hint=COMPILE_HINT,
                        id="atout.E001",
                    )
                )
            elif compiled.stat().st_mtime < source.stat().st_mtime:
                problems.append(
                    Warning(
                        f"The translation catalogue {compiled} is older than {source.name}: "
                        "the newest translations are not shown.",
                        hint=COMPILE_HINT,
                        id="atout.W001",
                    )
                )
    return problems
