from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TravelConfig(AppConfig):
    name = "tournaments.travel"
    label = "travel"
    verbose_name = _("Tournaments that travel")

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (the core's hold_released)
