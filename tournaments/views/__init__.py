"""The staff desk: the scorekeepers' and the committee's pages (``urls_staff``). ``staff``:
tournaments, registration, teams, draws, rules and money; ``entry``: the sheets; ``deals``:
the round's clock and progress."""
