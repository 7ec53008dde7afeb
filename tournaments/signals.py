"""What the core tells the apps built on it (``tableside``, ``publishing``, ``printing``): the
core never imports them, they receive these.

Each is sent once the write is made, inside its transaction: a receiver that acts outside the
database (a queued task) defers itself with ``transaction.on_commit``.
"""

from django.dispatch import Signal

#: A round was drawn or redrawn. ``round_``; ``base_url``: the site's address the scorekeeper
#: used, else ``ATOUT_BASE_URL`` (printed sheets and QR codes link there); ``redrawn``: its old
#: tables were replaced. Sent by ``services.drawing``.
round_drawn = Signal()

#: A drawn round's tables are about to be replaced (``round_``), in the redraw's transaction.
#: A receiver may answer with a callable: it is called once the new tables are seated (what
#: hung on the old tables is carried over).
round_redrawing = Signal()

#: A table's result or the players' results changed: ``tournament``; ``sheet``: only one
#: table's sheet changed. Sent in the confirmation's or the save's transaction, once the
#: tournament's own projections (seats, stored results, versions) are written: a receiver
#: that rebuilds more (a federation's ranking, a rating) queues it with
#: ``transaction.on_commit``, at the default priority (documents come after it:
#: ``printing.tasks``), so that a phone's confirmation waits for none of it.
results_changed = Signal()

#: A tournament's settings were saved (``services.tournament_settings``): ``tournament``,
#: ``user``.
tournament_edited = Signal()

#: A player's personal data was erased (``services.privacy.erase_player``): ``player``;
#: ``tournament_ids``: the tournaments he played in, whose kept documents carry his old name;
#: ``names``: his full name, as it was written; ``parts``: every part of his name to look for in
#: free text (``club.name_parts.replace_name_parts``); ``label``: what replaces it.
player_erased = Signal()

#: A laptop's hold on a tournament ended (``services.holds.release_hold``): ``tournament``;
#: ``by_hand``: the committee released it (else the evening's last bundle came back). Sent in
#: the release's transaction: the lease's bundles that come back later are compared with the
#: tournament as it was then (``travel``).
hold_released = Signal()

#: The demo (``manage.py demo``) built an evening in progress: ``tournament``, whose open
#: round's tables are played from phones if its ``table_phones`` is on; ``phone_deals``: by
#: table id, the records its phones enter next (each confirmed by another player's phone, but
#: the very last one, left waiting for its confirmation). The core never plays from phones.
demo_evening = Signal()

#: The demo (``manage.py demo``) built its clubs and their tournaments: ``clubs``, the
#: Walloon club first. The apps built on the core add theirs (a federation of the clubs);
#: each receiver returns the lines the demo prints.
demo_built = Signal()

#: Players are about to be registered for a tournament (``services.registration``):
#: ``tournament``, ``players``. A receiver refuses by raising ``TournamentError``, whose
#: message names the player (nothing is registered then).
players_registering = Signal()

#: A walk-in was typed with a licence number (``services.registration.add_walk_in``):
#: ``tournament``, ``number``, ``first_name``, ``last_name`` (as typed). A receiver answers
#: with the ``Player`` holding it, or None.
walk_in_licence = Signal()
