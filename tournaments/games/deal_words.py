"""What the deal-by-deal page calls one unit of play, in whole sentences.

Whist and the team games play « donnes »; Double plays « manches ». Each sentence is
translated whole (never a noun slotted into a sentence), so a language whose grammar
changes with the noun stays correct. A deal form names its words in ``DealForm.words``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext_lazy

Text = str | Promise


@dataclass(frozen=True)
class DealWords:
    """The page's sentences; ``%(n)s``/``%(total)s``/``%(counter)s`` are filled by the
    ``deal_word`` template tag. The phones' sentences naming one row are given its place
    (``n``) and its name (``row``, ``GamePlugin.row_labels``): a game whose rows are not
    named by their place (Double King) says ``%(row)s``."""

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
    # The table's phones (tournaments/tableside/templates/tableside/page.html, static/js/table.js).
    phone_caption: Text  # the table of the deals on the sheet
    phone_none: Text  # ... when there is none
    phone_on_hold: Text  # a deal confirmed, waiting for deal n before it
    phone_confirm: Text  # the button confirming deal n
    phone_enter_below: Text  # after a deal sent back: enter deal n below
    phone_send: Text  # the form's button
    phone_done: Text  # every deal entered and confirmed
    phone_offline: Text  # n deals kept while offline
    phone_sending: Text  # n deals being sent
    phone_kept: Text  # deal n kept on the phone
    phone_refused: Text  # deal n refused when it arrived
    phone_kept_list: Text  # the list of the deals kept on the phone
    phone_sent: Text  # the message after sending deal n
    phone_confirmed: Text  # ... after confirming deal n
    phone_confirmed_later: Text  # ... confirmed, counting once the deals before it do
    phone_sent_back: Text  # ... after sending deal n back
    phone_stale: Text  # the sheet changed while typing
    phone_not_saved: Text  # a refused send, without a field's message
    # What services.table_entry tells a phone (and the scorekeeper's phones page).
    entry_moved: Text  # a deal sent for place %(sent)d that would be %(next)d
    entry_all_entered: Text  # nothing more to enter
    entry_conflict: Text  # a queued deal whose sheet changed elsewhere
    entry_gone: Text  # an unknown deal
    entry_was_rejected: Text  # confirming a deal sent back
    entry_same_side: Text  # a confirmation from the side that entered it
    entry_no_longer_fits: Text  # a confirmed deal the sheet no longer accepts
    entry_reason_needed: Text  # sending back without a word
    entry_not_waiting: Text  # sending back a deal already on the sheet


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
    phone_caption=gettext_lazy("Deals confirmed"),
    phone_none=gettext_lazy("No deal confirmed yet."),
    phone_on_hold=gettext_lazy("confirmed, on hold until deal %(n)s is confirmed"),
    phone_confirm=gettext_lazy("Confirm deal %(n)s"),
    phone_enter_below=gettext_lazy("Enter deal %(n)s below."),
    phone_send=gettext_lazy("Send the deal"),
    phone_done=gettext_lazy("Every deal of this table is entered and confirmed."),
    phone_offline=ngettext_lazy(
        "offline — %(n)s deal waiting to be sent", "offline — %(n)s deals waiting to be sent", "n"
    ),
    phone_sending=ngettext_lazy("sending %(n)s deal…", "sending %(n)s deals…", "n"),
    phone_kept=gettext_lazy(
        "Deal %(n)s kept on this phone: it is sent as soon as the connection returns."
    ),
    phone_refused=gettext_lazy("Deal %(n)s refused:"),
    phone_kept_list=gettext_lazy("Deals kept on this phone"),
    phone_sent=gettext_lazy(
        "Deal %(n)d sent: a player of the other side confirms it on his phone."
    ),
    phone_confirmed=gettext_lazy("Deal %(n)d confirmed."),
    phone_confirmed_later=gettext_lazy(
        "Deal %(n)d confirmed: it counts once the deals before it are confirmed."
    ),
    phone_sent_back=gettext_lazy("Deal %(n)d sent back."),
    phone_stale=gettext_lazy(
        "The table's sheet changed while you were typing: check the deals, then send again."
    ),
    phone_not_saved=gettext_lazy("The deal was not saved."),
    entry_moved=gettext_lazy(
        "The table's deals changed meanwhile: this deal would be deal %(next)d, not "
        "deal %(sent)d. Check the deals, then enter it again if it is missing."
    ),
    entry_all_entered=gettext_lazy("Every deal of this table is already entered."),
    entry_conflict=gettext_lazy(
        "Conflict: the sheet was changed elsewhere (by the scorekeeper) while this phone "
        "was offline. Check the deals, then enter it again if it is missing."
    ),
    entry_gone=gettext_lazy("This deal does not exist (any more)."),
    entry_was_rejected=gettext_lazy("This deal was rejected: it no longer waits for confirmation."),
    entry_same_side=gettext_lazy(
        "A player of the other side must confirm this deal, not its own side."
    ),
    entry_no_longer_fits=gettext_lazy(
        "This deal no longer fits the sheet (a deal before it was changed): enter it again."
    ),
    entry_reason_needed=gettext_lazy("Say in a word what is wrong with this deal."),
    entry_not_waiting=gettext_lazy("This deal no longer waits for confirmation."),
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
    phone_caption=gettext_lazy("Manches confirmed"),
    phone_none=gettext_lazy("No manche confirmed yet."),
    phone_on_hold=gettext_lazy("confirmed, on hold until manche %(n)s is confirmed"),
    phone_confirm=gettext_lazy("Confirm manche %(n)s"),
    phone_enter_below=gettext_lazy("Enter manche %(n)s below."),
    phone_send=gettext_lazy("Send the manche"),
    phone_done=gettext_lazy("Every manche of this table is entered and confirmed."),
    phone_offline=ngettext_lazy(
        "offline — %(n)s manche waiting to be sent",
        "offline — %(n)s manches waiting to be sent",
        "n",
    ),
    phone_sending=ngettext_lazy("sending %(n)s manche…", "sending %(n)s manches…", "n"),
    phone_kept=gettext_lazy(
        "Manche %(n)s kept on this phone: it is sent as soon as the connection returns."
    ),
    phone_refused=gettext_lazy("Manche %(n)s refused:"),
    phone_kept_list=gettext_lazy("Manches kept on this phone"),
    phone_sent=gettext_lazy(
        "Manche %(n)d sent: a player of the other side confirms it on his phone."
    ),
    phone_confirmed=gettext_lazy("Manche %(n)d confirmed."),
    phone_confirmed_later=gettext_lazy(
        "Manche %(n)d confirmed: it counts once the manches before it are confirmed."
    ),
    phone_sent_back=gettext_lazy("Manche %(n)d sent back."),
    phone_stale=gettext_lazy(
        "The table's sheet changed while you were typing: check the manches, then send again."
    ),
    phone_not_saved=gettext_lazy("The manche was not saved."),
    entry_moved=gettext_lazy(
        "The table's manches changed meanwhile: this manche would be manche %(next)d, not "
        "manche %(sent)d. Check the manches, then enter it again if it is missing."
    ),
    entry_all_entered=gettext_lazy("Every manche of this table is already entered."),
    entry_conflict=gettext_lazy(
        "Conflict: the sheet was changed elsewhere (by the scorekeeper) while this phone "
        "was offline. Check the manches, then enter it again if it is missing."
    ),
    entry_gone=gettext_lazy("This manche does not exist (any more)."),
    entry_was_rejected=gettext_lazy(
        "This manche was rejected: it no longer waits for confirmation."
    ),
    entry_same_side=gettext_lazy(
        "A player of the other side must confirm this manche, not its own side."
    ),
    entry_no_longer_fits=gettext_lazy(
        "This manche no longer fits the sheet (a manche before it was changed): enter it again."
    ),
    entry_reason_needed=gettext_lazy("Say in a word what is wrong with this manche."),
    entry_not_waiting=gettext_lazy("This manche no longer waits for confirmation."),
)

# Double King's phones enter the sheet line by line: a game (« Jeu 4 (C) », its number and
# letter) or a penalty line, which is not one of the 20; the sentences naming one row take
# its name, ``%(row)s`` (``GamePlugin.row_labels``), never its place on the sheet.
# The staff's deal-by-deal sentences stay DEALS': Double King's staff sheet is the whole grid.
LINES = replace(
    DEALS,
    label=gettext_lazy("Line %(n)d"),
    column=gettext_lazy("Game"),
    phone_caption=gettext_lazy("Games and penalty lines confirmed"),
    phone_none=gettext_lazy("No game confirmed yet."),
    phone_on_hold=gettext_lazy("confirmed; waits for: %(row)s"),
    phone_confirm=gettext_lazy("Confirm: %(row)s"),
    phone_enter_below=gettext_lazy("Enter below: %(row)s."),
    phone_send=gettext_lazy("Send for confirmation"),
    phone_done=gettext_lazy("Every game of this table is entered and confirmed."),
    phone_offline=ngettext_lazy(
        "offline — %(n)s line waiting to be sent", "offline — %(n)s lines waiting to be sent", "n"
    ),
    phone_sending=ngettext_lazy("sending %(n)s line…", "sending %(n)s lines…", "n"),
    phone_kept=gettext_lazy("%(row)s: kept on this phone, sent as soon as the connection returns."),
    phone_refused=gettext_lazy("%(row)s, refused:"),
    phone_kept_list=gettext_lazy("Lines kept on this phone"),
    phone_sent=gettext_lazy("%(row)s: sent; a player of the other side confirms it on his phone."),
    phone_confirmed=gettext_lazy("%(row)s: confirmed."),
    phone_confirmed_later=gettext_lazy(
        "%(row)s: confirmed; it counts once the rows before it are confirmed."
    ),
    phone_sent_back=gettext_lazy("%(row)s: sent back to the table."),
    phone_stale=gettext_lazy(
        "The table's sheet changed while you were typing: check the lines, then send again."
    ),
    phone_not_saved=gettext_lazy("The line was not saved."),
    entry_moved=gettext_lazy(
        "The table's sheet changed meanwhile: this line would be line %(next)d, not line "
        "%(sent)d. Check the lines, then enter it again if it is missing."
    ),
    entry_all_entered=gettext_lazy("Every line of this table's sheet is already entered."),
    entry_conflict=gettext_lazy(
        "Conflict: the sheet was changed elsewhere (by the scorekeeper) while this phone "
        "was offline. Check the lines, then enter it again if it is missing."
    ),
    entry_gone=gettext_lazy("This line does not exist (any more)."),
    entry_was_rejected=gettext_lazy("This line was rejected: it no longer waits for confirmation."),
    entry_same_side=gettext_lazy(
        "A player of the other side must confirm this line, not its own side."
    ),
    entry_no_longer_fits=gettext_lazy(
        "This line no longer fits the sheet (a line before it was changed): enter it again."
    ),
    entry_reason_needed=gettext_lazy("Say in a word what is wrong with this line."),
    entry_not_waiting=gettext_lazy("This line no longer waits for confirmation."),
)
