"""What players read (app label ``publishing``): standings, rounds, tables, players, seasons,
the hall's screen, charts, live updates and the pages' cache.

Public surface: its urls, and ``tables`` (the standings' tables, which the staff's standings
page shows too). It has no models: it reads the core's through its selectors. The core never
imports it. See docs/architecture.md.
"""
