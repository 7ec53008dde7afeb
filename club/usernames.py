"""User names compared as a reader sees them: « Ｓｉｔｅａｄｍｉｎ », « SITEADMIN » and
« Siteadmin » are one name, so no account is created under another's look-alike.

Django stores a user name in its NFKC form (``normalize_username``, and its login form's
``UsernameField``) but its unique index compares the stored text exactly: « １２ » beside
« 12 » was a server error, « Ｓｉｔｅａｄｍｉｎ » beside « siteadmin » a second account.
"""

import unicodedata
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractUser

TAKEN = _("This user name is already taken: choose another.")


def username_key(name: str) -> str:
    """The name compared: NFKC, case folded, NFKC again (Unicode's NFKC_Casefold, closely)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def lookalike_of(name: str, *, exclude_pk: int | str | None = None) -> str | None:
    """The existing user name that reads as ``name``, if any.

    Compared in Python, over the user names only: the databases fold case differently (SQLite
    only ASCII) and none folds « ẞ » to « ss » or « ﬁ » to « fi »; a site's staff are few."""
    key = username_key(name)
    users = get_user_model().objects.all()
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    field = get_user_model().USERNAME_FIELD
    for existing in users.values_list(field, flat=True).iterator():
        if username_key(existing) == key:
            return str(existing)
    return None


def refuse_lookalike(
    sender: "type[AbstractUser]",
    instance: "AbstractUser",
    update_fields: frozenset[str] | None = None,
    **kwargs: object,
) -> None:
    """``pre_save`` of the user model: a new account, or a renamed one, under a look-alike of
    another's name is refused (what the forms check first with their message; this covers the
    admin, ``createsuperuser``, and the shell)."""
    if update_fields is not None and "username" not in update_fields:
        return
    name = instance.get_username()
    pk = instance.pk
    if pk is not None:
        users = sender._default_manager  # noqa: SLF001 (documented Django API)
        stored = users.filter(pk=pk).values_list(sender.USERNAME_FIELD, flat=True).first()
        if stored == name:
            return  # unchanged: an old look-alike can still change its password
    if lookalike_of(name, exclude_pk=pk) is not None:
        raise ValidationError({sender.USERNAME_FIELD: TAKEN})
