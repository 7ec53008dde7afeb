from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "tournaments.printing"
    label = "printing"
    verbose_name = _("Printing and exports")

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the core's signals)
