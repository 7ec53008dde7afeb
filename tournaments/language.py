"""Which of a name's two languages a page shows (scoring's specs and rulesets carry both)."""

from django.utils.translation import get_language


def in_french() -> bool:
    """The active language is French (the site's own when none is active)."""
    return (get_language() or "fr").startswith("fr")
