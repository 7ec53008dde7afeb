"""Numbers read from a request, parsed in one place.

``str.isdigit`` accepts « ² » and ``int`` refuses 5,000 digits: views never call them on what
a browser sent. Anything that is not a plain number within bounds answers 404 (there is no such
deal, round or entry), never a server error.
"""

from django.http import Http404
from django.utils.translation import gettext as _

# The largest id or number a database integer column holds.
MAX_INT = 2_147_483_647


def parse_int(value: object, *, minimum: int = 0, maximum: int = MAX_INT) -> int:
    """``value`` as an integer in [minimum, maximum]; otherwise Http404."""
    text = value.strip() if isinstance(value, str) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MAX_INT))):
        raise Http404(_("“%(value)s” is not a valid number.") % {"value": text[:20]})
    number = int(text)
    if not minimum <= number <= maximum:
        raise Http404(
            _("The number must be between %(minimum)d and %(maximum)d.")
            % {"minimum": minimum, "maximum": maximum}
        )
    return number


def optional_int(value: object, *, minimum: int = 0, maximum: int = MAX_INT) -> int | None:
    """Like ``parse_int``, but a missing or empty value is None."""
    if value is None or value == "":
        return None
    return parse_int(value, minimum=minimum, maximum=maximum)
