from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesideConfig(AppConfig):
    name = "tournaments.tableside"
    label = "tableside"
    verbose_name = _("Phones at the tables")

    def ready(self) -> None:
        from . import checks, receivers  # noqa: F401  (the core's signals, the links' check)
