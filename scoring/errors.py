"""Errors raised by the scoring core, with stable machine-readable codes.

Vocabulary
----------
*code*
    A short stable identifier (``"wrong_total"``); the web layer translates it.
*field*
    The record key at fault (``"taken"``, ``"tricks"``, ``"declarers"``), or for
    checks over a whole round/match ``"game"``, ``"dealer"``, ``"bids"``...; for a
    ruleset error, the ruleset key.
*params*
    The values a translated message needs (``expected``, ``got``, ``seat``...),
    all ``int`` or ``str``.  Session functions add ``deal``: the 0-based index of
    the offending record.

Every code is listed in :data:`ERROR_CODES` with a one-line English description,
and :data:`MESSAGES` gives the English message template (``str(error)``).

>>> err = InvalidDeal("wrong_total", "taken", expected=13, got=12)
>>> isinstance(err, ValueError), err.code, err.field, err.params
(True, 'wrong_total', 'taken', {'expected': 13, 'got': 12})
>>> str(err)
'taken: the values must total 13, got 12'
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["ERROR_CODES", "MESSAGES", "InvalidDeal", "InvalidRules", "Param"]

Param = int | str

#: Every error code with a one-line English description (params in brackets).
ERROR_CODES: dict[str, str] = {
    # record shape
    "not_a_mapping": "The record (or a clique) is not a JSON object [index for a clique].",
    "missing_field": "A required key is missing from the record.",
    "unknown_field": "The record carries a key this game does not know [key].",
    "not_an_integer": "The value must be a whole number [got, index if in a list].",
    "not_a_list": "The value must be a list.",
    "wrong_length": "The list has the wrong number of entries [expected, got].",
    "negative_count": "A count is negative [index, got].",
    "wrong_total": "The values do not add up to the required total [expected, got].",
    "count_too_high": "A count is above what the cards allow [index, max, got].",
    "bad_seat": "A seat number is outside the table [got, seats].",
    "duplicate_seat": "The same seat appears twice [seat].",
    "wrong_dealer": "The dealer does not match the rotation [expected, got].",
    "bad_table_size": "This game cannot be played with that many seats [got, allowed].",
    # Double King
    "unknown_game": "Unknown game (Double King game, or game key) [got].",
    "too_many_games": "A round has only 20 games (penalty lines excepted) [max].",
    "negative_quota_exceeded": "A seat chose more than 3 negative games [seat, max].",
    "trump_quota_exceeded": "A seat chose more than 2 trump games [seat, max].",
    "game_played_too_often": "A negative game is played more than twice [game, max].",
    "game_not_played": "A game the club's table does not play (a quota of 0) [game].",
    "impossible_line": "A line's cells are each possible but are not one game's points.",
    "not_the_listed_game": (
        "A round played as a fixed list of games: another game than the list's next "
        "[expected, got, number]."
    ),
    "dealer_must_choose_trump": "After his own penalty the dealer must choose trump [seat].",
    "penalty_game_unavailable": (
        "A penalty line names a game the dealer can no longer choose [game, seat]."
    ),
    "impossible_points": "A sheet cell holds points this game cannot give [index, got, allowed].",
    "offender_unknown": "A penalty line's points do not show who was penalised.",
    # whist
    "unknown_contract": "The contract is not in the club's table [got].",
    "wrong_declarer_count": "Wrong number of declarers for this contract [min, max, got].",
    "tricks_out_of_range": "A trick count is outside 0..13 [got, max].",
    "tricks_after_stop": "More tricks than the deal is played to (a solo stops at 8) [max, got].",
    "counter_not_allowed": "The counter table has no such counter [contract, against].",
    "seat_sitting_out": "A seat sitting out the deal (table of 5 or 6) cannot play [seat].",
    "wrong_sitting_out": "These seats do not sit out this deal (table of 5 or 6) [got].",
    "too_many_deals": "More deals than the pool has [max].",
    # Quarante de roi
    "bad_figure": "A clique figure must be K, Q or J [got, index].",
    "bad_clique_count": "A clique is 3 or 4 cards of a figure [got, index].",
    "impossible_cliques": "Cliques announce more than 4 cards of one figure [figure, got].",
    "too_many_cards": "A player's cliques need more cards than his 8 [seat, max, got].",
    "bad_trump": "Unknown trump suit [got].",
    "match_over": "The match is already won; no more deals can be recorded.",
    # Plonk
    "too_many_dead": "A team has more dead cards than its tricks hold [team, max, got].",
    "too_few_dead": "Every trick holds at least its lead as a dead card [team, min, got].",
    "live_points_unreachable": (
        "No set of live cards gives these points [team, cards, min, max, got]."
    ),
    "live_cards_not_dealable": (
        "The two teams' live cards cannot both come from one 52-card deck"
        " [cards_0, cards_1, got_0, got_1]."
    ),
    # Double
    "bad_card_count": "A manche deals 1-2-3-4-5-5-4-3-2-1 cards, in that order [expected, got].",
    "bid_out_of_range": "A bid is between 0 and the number of cards [seat, max, got].",
    "bid_above_points": "A bid may not exceed the points the player holds [seat, held, got].",
    "stake_above_points": (
        "A bid's stake (bid × wrong_per_trick) exceeds the points held [seat, held, got, stake]."
    ),
    "too_many_manches": "A game of Double has 10 manches [max].",
    # rulesets and helpers
    "invalid_rules": "The ruleset is not valid [key, reason].",
    # a federation's ranking
    "bad_places": (
        "Final places that no standings give (a gap no tie explains, or beyond the field)"
        " [got, entries]."
    ),
    "unknown_rule": "A ranking/annual rule name is not known [got].",
}

#: English message templates; ``{field}`` and every param may be used.
MESSAGES: dict[str, str] = {
    "not_a_mapping": "the record must be a JSON object",
    "missing_field": "{field}: this key is required",
    "unknown_field": "{field}: unknown key for this game",
    "not_an_integer": "{field}: a whole number is required, got {got}",
    "not_a_list": "{field}: a list is required",
    "wrong_length": "{field}: {expected} entries are required, got {got}",
    "negative_count": "{field}: entry {index} is negative ({got})",
    "wrong_total": "{field}: the values must total {expected}, got {got}",
    "count_too_high": "{field}: entry {index} is {got}, at most {max} is possible",
    "bad_seat": "{field}: seat {got} is not a seat of a table of {seats}",
    "duplicate_seat": "{field}: seat {seat} appears twice",
    "wrong_dealer": "{field}: the dealer should be seat {expected}, got {got}",
    "bad_table_size": "this game is not played with {got} seats (allowed: {allowed})",
    "unknown_game": "{field}: unknown game {got}",
    "too_many_games": "{field}: a round has only {max} games",
    "negative_quota_exceeded": "{field}: seat {seat} already chose {max} negative games",
    "trump_quota_exceeded": "{field}: seat {seat} already chose {max} trump games",
    "game_played_too_often": "{field}: {game} was already played {max} times",
    "game_not_played": "{field}: the club's table does not play {game}",
    "impossible_line": "{field}: these points are not those of one game",
    "not_the_listed_game": "{field}: game {number} of the round is {expected}, not {got}",
    "dealer_must_choose_trump": "{field}: seat {seat} was penalised as dealer and must play trump",
    "penalty_game_unavailable": "{field}: seat {seat}, the dealer, cannot be playing {game}",
    "impossible_points": "{field}: entry {index} is {got}, this game gives {allowed}",
    "offender_unknown": "{field}: these points do not show who was penalised",
    "unknown_contract": "{field}: unknown contract {got}",
    "wrong_declarer_count": "{field}: this contract needs {min} to {max} declarers, got {got}",
    "tricks_out_of_range": "{field}: {got} tricks is impossible (0 to {max})",
    "tricks_after_stop": "{field}: the deal stops at {max} tricks, got {got}",
    "counter_not_allowed": "{field}: {contract} cannot counter {against}",
    "seat_sitting_out": "{field}: seat {seat} sits out this deal",
    "wrong_sitting_out": "{field}: seats {got} do not sit out this deal",
    "too_many_deals": "{field}: at most {max} deals",
    "bad_figure": "{field}: unknown figure {got}",
    "bad_clique_count": "{field}: a clique has 3 or 4 cards, got {got}",
    "impossible_cliques": "{field}: {got} cards of figure {figure} announced, only 4 exist",
    "too_many_cards": "{field}: seat {seat} announces {got} cards, he holds only {max}",
    "bad_trump": "{field}: unknown trump suit {got}",
    "match_over": "the match is already won",
    "too_many_dead": "{field}: team {team} cannot have more than {max} dead cards, got {got}",
    "too_few_dead": "{field}: team {team} must have at least {min} dead cards, got {got}",
    "live_points_unreachable": (
        "{field}: team {team} cannot score {got} with {cards} live cards ({min} to {max})"
    ),
    "live_cards_not_dealable": (
        "{field}: {got_0} and {got_1} live points with {cards_0} and {cards_1} live cards"
        " cannot both come from one 52-card deck"
    ),
    "bad_card_count": "{field}: this manche deals {expected} cards, got {got}",
    "bid_out_of_range": "{field}: seat {seat} bid {got}, the bid must be 0 to {max}",
    "bid_above_points": "{field}: seat {seat} bid {got} but holds only {held} points",
    "stake_above_points": (
        "{field}: seat {seat} bid {got}, staking {stake}, but holds only {held} points"
    ),
    "too_many_manches": "{field}: a game has only {max} manches",
    "invalid_rules": "ruleset {key}: {reason}",
    "bad_places": "{field}: {got} is not a final place among {entries} entries",
    "unknown_rule": "{field}: unknown rule {got}",
}


class _Blank(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "?"


class InvalidDeal(ValueError):
    """A record (or a sequence of records) breaks a rule.

    Nothing is clamped or guessed: the caller must correct the record.

    >>> InvalidDeal("bad_seat", "taker", got=5, seats=4).params["got"]
    5
    """

    def __init__(self, code: str, field: str | None = None, **params: Param) -> None:
        if code not in ERROR_CODES:  # pragma: no cover - programming error
            raise KeyError(f"unregistered error code {code!r}")
        self.code = code
        self.field = field
        self.params: dict[str, Param] = dict(params)
        super().__init__(self.message())

    def message(self) -> str:
        """The English message, built from :data:`MESSAGES`."""
        values = _Blank(self.params)
        values["field"] = self.field if self.field is not None else "record"
        return MESSAGES[self.code].format_map(values)

    def with_params(self, **params: Param) -> InvalidDeal:
        """A copy of this error with more params (e.g. ``deal=3``)."""
        return _rebuild(type(self), self.code, self.field, {**self.params, **params})

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.code, self.field, self.params))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.field!r}, **{self.params!r})"


class InvalidRules(InvalidDeal):
    """A ruleset (club settings) is not valid; ``code`` is ``"invalid_rules"``.

    >>> err = InvalidRules("place_points", "must be a list of integers")
    >>> isinstance(err, InvalidDeal), err.code, err.field
    (True, 'invalid_rules', 'place_points')
    """

    def __init__(self, key: str, reason: str = "invalid value", **params: Param) -> None:
        # ``min``/``max`` (bounds) or ``rule`` (e.g. "non_increasing") let the web layer say
        # what is wrong in the user's language.
        super().__init__("invalid_rules", key, key=key, reason=reason, **params)


def _rebuild(
    cls: type[InvalidDeal], code: str, field: str | None, params: Mapping[str, Param]
) -> InvalidDeal:
    err = cls.__new__(cls)
    InvalidDeal.__init__(err, code, field, **params)
    return err
