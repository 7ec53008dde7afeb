from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationConfig(AppConfig):
    name = "tournaments.federation"
    label = "federation"
    verbose_name = _("Federations")

    def ready(self) -> None:
        from . import door_receivers, receivers  # noqa: F401  (connect the core's signals)
