"""Whist scoring models (setting ``scoring_model``): who is paid when a contract is made or failed.

The contract table gives ``X``, what each declarer scores (``scoring.whist``); the model says
what each opponent scores against it (docs/rules/whist.md#scoring-model).

Vocabulary
----------
*made* / *failed* (« réussi » / « chuté »)
    A declarer's ``X`` is at least 0 when he made his contract, below 0 when it failed.
*opponents* (« adversaires »)
    The players of the deal who are not that declarer (each defender of partners).
*shared value*
    A one-declarer contract's value its three opponents share, a third each.

Models
------
``"zero_sum"`` (Default, the Chevalerie's)
    The opponents pay what the declarers win and receive what they lose: partners' ``X``
    against each defender's ``-X``; a declarer alone ``X`` against each of the three others'
    ``-X/3``. **Invariant:** every deal sums to zero. So a one-declarer contract's every value
    divides by 3.
``"on_failure"`` (« opposants payés sur chute »)
    A made contract pays its declarers only: the opponents score 0. A failed contract is
    settled as in the zero-sum model: the declarers pay what the opponents receive (each
    defender ``+Y``, or a third each against a declarer alone). **Invariant:** a failed
    contract sums to zero and the opponents never lose points, so a deal sums to what its made
    declarers win (never less than zero). Only the values paid on a failure (points failed,
    undertricks) must divide by 3.

``"independent"`` (« opposants payés indépendamment », RULES.md « Changes of 2026-11-28 »)
    The contract row states each opponent's value too, made and failed, as the club's table
    writes it (« solo 6, failed at 5: −15, +10 each »): each opponent scores
    ``-opponent_points`` when the contract is made, ``+opponent_points_failed`` when it fails,
    whatever the declarer's tricks. **Invariant:** each player scores exactly the values
    typed, so a deal sums to what the row makes it sum to (not zero in general); nothing is
    shared, so no value must divide by 3.

A renege is the same in every model: the offender pays ``3 × P``, each other player ``+P``.

>>> opponent_points(18, 3, ZERO_SUM), opponent_points(18, 3, ON_FAILURE)
(-6, 0)
>>> opponent_points(-21, 3, ON_FAILURE), opponent_points(-5, 1, ON_FAILURE)
(7, 5)
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_MODEL",
    "FAILURE_VALUES",
    "INDEPENDENT",
    "MADE_VALUES",
    "ON_FAILURE",
    "OPPONENT_VALUES",
    "SCORING_MODELS",
    "ZERO_SUM",
    "ZERO_SUM_MODELS",
    "independent_points",
    "opponent_points",
    "shared_values",
]

ZERO_SUM = "zero_sum"
ON_FAILURE = "on_failure"
INDEPENDENT = "independent"
#: The models a ruleset may name (``scoring_model``), the default first.
SCORING_MODELS = (ZERO_SUM, ON_FAILURE, INDEPENDENT)
#: The models in which every deal sums to zero (the property tests' invariant).
ZERO_SUM_MODELS = (ZERO_SUM,)
DEFAULT_MODEL = ZERO_SUM

#: A contract row's values paid when the contract is made / when it fails.
MADE_VALUES = ("points", "overtrick", "capo_bonus")
FAILURE_VALUES = ("points_failed", "undertrick")
#: A contract row's opponents' values in the ``independent`` model: what each opponent pays
#: when the contract is made, what each receives when it fails.
OPPONENT_VALUES = ("opponent_points", "opponent_points_failed")


def shared_values(model: str) -> tuple[str, ...]:
    """The values of a one-declarer row its three opponents share, a third each (so each
    must divide by 3): all five in the zero-sum model, those of a failure with opponents
    paid on failure, none when the opponents' values are typed (``independent``).

    >>> shared_values(ON_FAILURE), shared_values(INDEPENDENT)
    (('points_failed', 'undertrick'), ())
    """
    if model == INDEPENDENT:
        return ()
    return FAILURE_VALUES if model == ON_FAILURE else MADE_VALUES + FAILURE_VALUES


def opponent_points(x: int, opponents_sharing: int, model: str) -> int:
    """What each opponent scores when a declarer scores ``x``: the declarer's ``x`` shared
    by ``opponents_sharing`` (3 against a declarer alone, 1 for each defender of partners),
    with the sign reversed; 0 for a made contract (``x >= 0``) in the ``on_failure`` model.

    ``x`` divides by ``opponents_sharing`` whenever it is shared (the ruleset's check,
    :func:`shared_values`): the result is exact.
    """
    if model == ON_FAILURE and x >= 0:
        return 0
    share, rest = divmod(-x, opponents_sharing)
    if rest:
        raise ValueError(f"{x} cannot be shared by {opponents_sharing}")
    return share


def independent_points(x: int, made_value: int, failed_value: int) -> int:
    """What each opponent scores in the ``independent`` model when a declarer scores ``x``:
    the row's values as typed, ``-made_value`` when the contract is made (``x >= 0``),
    ``+failed_value`` when it fails.

    >>> independent_points(-15, 5, 10), independent_points(12, 5, 10)
    (10, -5)
    """
    return -made_value if x >= 0 else failed_value
