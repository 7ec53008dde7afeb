"""What the deal-by-deal page calls one unit of play, in whole sentences.

Whist and the team games play « donnes »; Double plays « manches ». Each sentence is
translated whole (never a noun slotted into a sentence), so a language whose grammar
changes with the noun stays correct. A deal form names its words in ``DealForm.words``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext_lazy

Text = str | Promise


@dataclass(frozen=True)
class DealWords:
    """The page's sentences; ``%(n)s``/``%(total)s``/``%(counter)s`` are filled by the
    ``deal_word`` template tag."""

    label: Text  # one line named in an error message: « Donne 3 »
    column: Text  # the list's heading of a deal's description
    list_link: Text  # the link down to the list
    save: Text  # the button adding the next deal
    save_n: Text  # the button saving a deal being changed
    saved: Text  # the message after adding
    changed: Text  # the message after changing
    not_saved: Text  # the box above a refused form
    totals: Text  # the totals' heading, counter = deals entered (plural forms)
    totals_of: Text  # the same when the session has a fixed number: n / total
    entered: Text  # the folded list's summary (plural forms)
    edit_n: Text  # a line's « Modifier » button, for screen readers
    delete_n: Text  # a line's « Supprimer » button, for screen readers
    none_yet: Text  # the empty list
    stale: Text  # the 409 box: someone else saved meanwhile
    stale_kept: Text  # the 409 box: what to do
    deleted: Text  # the message after deleting
    undeletable: Text  # why a deal cannot go (the later ones would break the rotation)
    line_error: Text  # a scoring error on another line: « donne 4 : … »
    delete_stale: Text  # a delete refused because someone saved meanwhile


DEALS = DealWords(
    label=gettext_lazy("Deal %(n)d"),
    column=gettext_lazy("Deal"),
    list_link=gettext_lazy("Deals and totals"),
    save=gettext_lazy("Save the deal"),
    save_n=gettext_lazy("Save deal %(n)s"),
    saved=gettext_lazy("Deal %(n)d saved."),
    changed=gettext_lazy("Deal %(n)d changed."),
    not_saved=gettext_lazy("The deal was not saved: correct the fields in red."),
    totals=ngettext_lazy("Totals (%(counter)s deal)", "Totals (%(counter)s deals)", "counter"),
    totals_of=gettext_lazy("Totals (%(n)s / %(total)s deals)"),
    entered=ngettext_lazy(
        "The %(counter)s deal entered, with the running totals",
        "The %(counter)s deals entered, with the running totals",
        "counter",
    ),
    edit_n=gettext_lazy("Edit deal %(n)s"),
    delete_n=gettext_lazy("Delete deal %(n)s"),
    none_yet=gettext_lazy("No deal entered yet."),
    stale=gettext_lazy("Someone else saved a deal at this table while you were typing."),
    stale_kept=gettext_lazy(
        "The deals below are up to date and your deal is kept in the form: check that it is "
        "not already there, then save again."
    ),
    deleted=gettext_lazy("Deal %(n)d deleted."),
    undeletable=gettext_lazy("Deal %(n)d cannot be deleted: %(reason)s"),
    line_error=gettext_lazy("deal %(k)d: %(message)s"),
    delete_stale=gettext_lazy(
        "Someone else saved a deal at this table meanwhile: check the deals, then try again."
    ),
)

# Double's « manche », kept as the English word too (the game's own).
MANCHES = DealWords(
    label=gettext_lazy("Manche %(n)d"),
    column=gettext_lazy("Manche"),
    list_link=gettext_lazy("Manches and totals"),
    save=gettext_lazy("Save the manche"),
    save_n=gettext_lazy("Save manche %(n)s"),
    saved=gettext_lazy("Manche %(n)d saved."),
    changed=gettext_lazy("Manche %(n)d changed."),
    not_saved=gettext_lazy("The manche was not saved: correct the fields in red."),
    totals=ngettext_lazy("Totals (%(counter)s manche)", "Totals (%(counter)s manches)", "counter"),
    totals_of=gettext_lazy("Totals (%(n)s / %(total)s manches)"),
    entered=ngettext_lazy(
        "The %(counter)s manche entered, with the running totals",
        "The %(counter)s manches entered, with the running totals",
        "counter",
    ),
    edit_n=gettext_lazy("Edit manche %(n)s"),
    delete_n=gettext_lazy("Delete manche %(n)s"),
    none_yet=gettext_lazy("No manche entered yet."),
    stale=gettext_lazy("Someone else saved a manche at this table while you were typing."),
    stale_kept=gettext_lazy(
        "The manches below are up to date and your manche is kept in the form: check that it "
        "is not already there, then save again."
    ),
    deleted=gettext_lazy("Manche %(n)d deleted."),
    undeletable=gettext_lazy("Manche %(n)d cannot be deleted: %(reason)s"),
    line_error=gettext_lazy("manche %(k)d: %(message)s"),
    delete_stale=gettext_lazy(
        "Someone else saved a manche at this table meanwhile: check the manches, then try again."
    ),
)
