"""The tournament machinery, the same for every game (the core; app label ``tournaments``).

Public surface: ``models``; ``games`` (``plugin_for``, ``register``); the writes in
``services`` and the reads in ``selectors``, one module per subject; ``signals``, which the
apps built on it receive (``tableside``, ``publishing``, ``printing``: the core never imports
them). The staff desk is ``views`` with ``urls_staff``. See docs/architecture.md.
"""
