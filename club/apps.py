from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_migrate, post_save, pre_save
from django.utils.translation import gettext_lazy as _

from . import checks  # noqa: F401  (registers the project's system checks)
from .usernames import refuse_lookalike


def grant_committee_permissions(sender: AppConfig, **kwargs: object) -> None:
    """The roles' groups exist, and the committee ("Bureau") manages every club and tournament
    model in the admin.

    Permissions only exist after migrate has created them, hence post_migrate, not a migration.
    The groups are made again here too: ``flush`` (a transactional test's end) empties them and
    then sends post_migrate, as migrate does; the migration that first made them never runs again.
    """
    from django.contrib.auth.models import Group, Permission

    from .roles import BUREAU, SAISIE

    Group.objects.get_or_create(name=SAISIE)
    group, _created = Group.objects.get_or_create(name=BUREAU)
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=["club", "tournaments", "tableside", "printing"]
        )
    )


def restored_epoch(sender: type, raw: bool = False, **kwargs: object) -> None:
    """``loaddata`` writing the cache epoch's row is a restore: the pages cached since the
    backup must never be served for it, even if ``renew_cache_epoch`` is forgotten."""
    if raw:
        sender.renew()  # type: ignore[attr-defined]  # SiteEpoch (connected in ready)


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = _("Club")

    def ready(self) -> None:
        # After every app's migrations: the tournaments app's permissions come after the club's.
        post_migrate.connect(
            grant_committee_permissions, dispatch_uid="grant_committee_permissions"
        )
        post_save.connect(
            restored_epoch, sender=self.get_model("SiteEpoch"), dispatch_uid="restored_epoch"
        )
        # No account under a look-alike of another's name, whichever way it is created.
        pre_save.connect(
            refuse_lookalike, sender=settings.AUTH_USER_MODEL, dispatch_uid="refuse_lookalike"
        )
