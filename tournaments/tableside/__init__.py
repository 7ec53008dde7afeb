"""The phones at the tables and the hall's clock (app label ``tableside``).

Public surface: ``table_entry`` (writes: links, queued deals, confirmations), ``table_state``
(what a phone and the round's phones page read), ``qr`` (a link as a QR code) and the template
tags ``tableside_tags``. It receives the core's ``round_redrawing`` and ``tournament_edited``
signals (``receivers``); the core never imports it. See docs/architecture.md.
"""
