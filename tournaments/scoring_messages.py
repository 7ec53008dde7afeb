"""French (translated) messages for the error codes of ``scoring``.

The core raises ``InvalidDeal(code, field, **params)``; this module turns it into a sentence
a scorekeeper can act on. Units ("tricks", "hearts"...) come from the game when it knows them.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from scoring import InvalidDeal

MESSAGES = {
    "not_a_mapping": gettext_lazy("the line cannot be read"),
    "missing_field": gettext_lazy("this value is required"),
    "unknown_field": gettext_lazy("this value does not belong to this game"),
    "conflicting_fields": gettext_lazy("these values cannot be given together"),
    "not_an_integer": gettext_lazy("enter a whole number"),
    "not_a_list": gettext_lazy("the values cannot be read"),
    "not_a_string": gettext_lazy("the value cannot be read"),
    "wrong_length": gettext_lazy("%(expected)s values are needed, %(got)s were given"),
    "negative_count": gettext_lazy("a count cannot be negative (%(got)s)"),
    "wrong_total": gettext_lazy("the %(unit)s must total %(expected)s, you entered %(got)s"),
    "count_too_high": gettext_lazy("%(got)s is more than the %(max)s possible"),
    "bad_seat": gettext_lazy("choose a player of the table"),
    "duplicate_seat": gettext_lazy("the same player is chosen twice"),
    "wrong_dealer": gettext_lazy("the dealer should be %(expected_name)s"),
    "bad_table_size": gettext_lazy("this game is not played with %(got)s players at a table"),
    "unknown_game": gettext_lazy("choose a game from the list"),
    "too_many_games": gettext_lazy("a round has only %(max)s games"),
    "negative_quota_exceeded": gettext_lazy(
        "%(seat_name)s has already chosen his %(max)s negative games: he must choose trump"
    ),
    "trump_quota_exceeded": gettext_lazy(
        "%(seat_name)s has already played trump %(max)s times: he must choose a negative game"
    ),
    "game_played_too_often": gettext_lazy("“%(game_name)s” has already been played %(max)s times"),
    "game_not_played": gettext_lazy("the club's table does not play “%(game_name)s”"),
    "impossible_line": gettext_lazy("these points are not those of one game"),
    "dealer_must_choose_trump": gettext_lazy(
        "%(seat_name)s was penalised as dealer: he must choose trump"
    ),
    "penalty_game_unavailable": gettext_lazy(
        "%(seat_name)s, the dealer, can no longer choose “%(game_name)s”: a penalty line can "
        "only be in a game he could be playing"
    ),
    "impossible_points": gettext_lazy("%(got)s is not possible in this game (%(allowed)s)"),
    "offender_unknown": gettext_lazy("these points do not show who was penalised"),
    "unknown_contract": gettext_lazy("choose a contract from the club's table"),
    "wrong_declarer_count": gettext_lazy(
        "this contract is played by %(min)s to %(max)s players, you chose %(got)s"
    ),
    "tricks_out_of_range": gettext_lazy("%(got)s tricks is impossible (0 to %(max)s)"),
    "tricks_after_stop": gettext_lazy(
        "the deal stops at %(max)s tricks for this contract: %(got)s tricks is impossible"
    ),
    "counter_not_allowed": gettext_lazy("the club's table has no such counter"),
    "seat_sitting_out": gettext_lazy("%(seat_name)s sits out this deal"),
    "wrong_sitting_out": gettext_lazy("these players do not sit out this deal"),
    "too_many_deals": gettext_lazy("at most %(max)s deals"),
    "bad_figure": gettext_lazy("a clique is of kings, queens or jacks"),
    "bad_clique_count": gettext_lazy("a clique is 3 or 4 cards"),
    "impossible_cliques": gettext_lazy("%(got)s cards of one figure announced: only 4 exist"),
    "too_many_cards": gettext_lazy(
        "%(seat_name)s announces %(got)s cards of cliques but holds only %(max)s"
    ),
    "bad_trump": gettext_lazy("choose the trump suit from the list"),
    "match_over": gettext_lazy("the match is already won"),
    "too_many_dead": gettext_lazy(
        "at most %(max)s dead cards for these tricks, you entered %(got)s"
    ),
    "too_few_dead": gettext_lazy("at least %(min)s dead cards, you entered %(got)s"),
    "live_points_unreachable": gettext_lazy(
        "%(got)s live points are impossible with %(cards)s live cards (%(min)s to %(max)s)"
    ),
    "live_cards_not_dealable": gettext_lazy(
        "%(got_0)s and %(got_1)s live points with %(cards_0)s and %(cards_1)s live cards "
        "cannot both come from one deck (it would take more cards of one value than the deck "
        "holds, five aces for instance)"
    ),
    "bad_card_count": gettext_lazy("this manche deals %(expected)s cards, not %(got)s"),
    "bid_out_of_range": gettext_lazy("a bid is between 0 and %(max)s"),
    "bid_above_points": gettext_lazy("%(seat_name)s bids %(got)s but holds only %(held)s points"),
    "stake_above_points": gettext_lazy(
        "%(seat_name)s bids %(got)s, which stakes %(stake)s points, but holds only %(held)s"
    ),
    "too_many_manches": gettext_lazy("a game has only %(max)s manches"),
    "invalid_rules": gettext_lazy("the tournament's rules are not valid (%(key)s)"),
    "unknown_rule": gettext_lazy("unknown ranking rule"),
}


#: Clearer wording when a range is a single value ("played by 2 players").
SINGLE_VALUE_MESSAGES = {
    "wrong_declarer_count": ngettext_lazy(
        "this contract is played by %(min)s declarer, you chose %(got)s",
        "this contract is played by %(min)s declarers, you chose %(got)s",
        "min",
    ),
}


def message_for(
    error: InvalidDeal,
    *,
    unit: str | None = None,
    seat_names: list[str] | None = None,
    game_names: dict[str, str] | None = None,
) -> str:
    """The translated sentence for ``error``; names of seats and games make it concrete."""
    params: dict[str, object] = dict(error.params)
    params["unit"] = unit or _("values")
    names = seat_names or []
    for key in ("seat", "expected"):
        value = params.get(key)
        if isinstance(value, int) and 0 <= value < len(names):
            params[f"{key}_name"] = names[value]
    params.setdefault("seat_name", _("this player"))
    params.setdefault("expected_name", str(params.get("expected", "?")))
    if "game" in params:
        params["game_name"] = (game_names or {}).get(str(params["game"]), params["game"])
    template = MESSAGES.get(error.code)
    if error.code in SINGLE_VALUE_MESSAGES and params.get("min") == params.get("max"):
        template = SINGLE_VALUE_MESSAGES[error.code]
    if template is None:  # pragma: no cover - every code has a message (tested)
        return str(error)
    try:
        # ``template % params``: a counted message (``ngettext_lazy``) picks its form there.
        return str(template % params)
    except (KeyError, TypeError):  # pragma: no cover - defensive: never hide the error itself
        return str(error)


#: Why a ruleset setting is refused, by the ``rule`` the core names.
RULES_MESSAGES = {
    "non_increasing": gettext_lazy("A worse place cannot earn more points than a better one."),
    "manches": gettext_lazy("A game has 1 to 30 manches."),
    "place_points_needed": gettext_lazy(
        "Place points added to the total need their table for each table size (4 players, "
        "and 5 and 6 where tables of 5 and 6 are allowed)."
    ),
    "six_needs_five": gettext_lazy(
        "Tables of 6 are only for counts that tables of 4 and 5 cannot seat: allow tables of 5 too."
    ),
    "zero_sum": gettext_lazy(
        "The offender pays three times what each other player receives (e.g. -6 and 2)."
    ),
    "opponents_share": gettext_lazy(
        "The three opponents of a contract played alone share this value, a third each: "
        "enter a number that divides by 3."
    ),
    "seat_quotas": gettext_lazy(
        "Each player deals %(deals)s games of the round: his negative and trump games must add "
        "up to %(deals)s (here %(got)s)."
    ),
    "quotas_fill_frame": gettext_lazy(
        "The negative games must be played %(expected)s times in a round (%(per_seat)s per "
        "player): these quotas add up to %(got)s."
    ),
    "round_not_zero_sum": gettext_lazy(
        "A complete round must add up to 0: its negative games cost %(negative)s points, its "
        "%(trumps)s trump games bring %(positive)s."
    ),
    "penalty_costs_nothing": gettext_lazy(
        "The trump penalty cannot be 0 and 0: a line worth nothing would not show who was "
        "penalised. Each other player receives 1 to 100 (e.g. -6 and 2)."
    ),
    "game_name_length": gettext_lazy("A game's name has 1 to 40 characters."),
    "game_name_characters": gettext_lazy(
        "A game's name holds no invisible or control character: retype it."
    ),
}


def rules_message(error: InvalidDeal) -> str:
    """The translated reason a ruleset setting is refused (bounds or the game's invariant)."""
    params = error.params
    if "min" in params and "max" in params:
        return _("Enter whole numbers from %(min)s to %(max)s.") % params
    rule = RULES_MESSAGES.get(str(params.get("rule", "")))
    if rule is not None:
        # Some reasons name their figures (the round's totals, the quotas' sum).
        return str(rule) % params if "%(" in str(rule) else str(rule)
    return _("This value is not valid: %(reason)s") % {"reason": params.get("reason", "")}


def bounds_help(low: int, high: int) -> str:
    """The bounds of a setting, for its help text."""
    return _("From %(min)s to %(max)s.") % {"min": low, "max": high}
