"""One way to compare people's names: « N’Diaye » is « n'diaye », « gerard » is « Gérard »."""

import unicodedata

# Apostrophes as phones, word processors and keyboards type them.
_APOSTROPHES = str.maketrans(dict.fromkeys("’‘ʼʹ`´′＇", "'"))


def name_key(text: str) -> str:
    """``text`` without accents, case, apostrophe style or extra spaces, for duplicate checks.

    >>> name_key("  N’Diaye ") == name_key("n'diaye")
    True
    >>> name_key("Gérard") == name_key("GERARD")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.translate(_APOSTROPHES).casefold().split())


# What joins a name's parts: « D’Hondt », « N’Guessan », « Jean-Pierre » are found from
# « dhondt », « nguessan », « jeanpierre » (or « jean pierre »: each word is looked for).
_JOINERS = str.maketrans("", "", "'-\u2010\u2011\u2012\u2013\u2014")


def search_key(text: str) -> str:
    """``name_key`` without apostrophes or hyphens: what the member search compares.

    >>> search_key("D’Hondt Marc") == search_key("dhondt marc")
    True
    >>> search_key("N'Guessan") == search_key("nguessan") == search_key("N-Guessan")
    True
    """
    return " ".join(name_key(text).translate(_JOINERS).split())


def person_key(first_name: str, last_name: str) -> tuple[str, str]:
    return name_key(first_name), name_key(last_name)
