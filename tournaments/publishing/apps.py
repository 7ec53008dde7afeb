from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "tournaments.publishing"
    label = "publishing"
    verbose_name = _("Public pages")
