"""What a page in one language must not show: the other catalogues' words.

Read from the catalogues themselves (polib), so a string added tomorrow is checked tomorrow. A
page's words are its text nodes and the attributes a reader meets (``title``, ``placeholder``,
``aria-label``, ``alt``, a button's ``value``), each compared as a whole string, and its whole
text for the long strings (a sentence with a name put in)."""

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]|%[sd]|\{[a-z_0-9]*\}")
TAG = re.compile(r"<[^>]+>")
#: A literal run this long is a sentence: looked for anywhere in the page's text.
SENTENCE = 24
READ_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt"}


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))


def _plain(text: str) -> str:
    return " ".join(TAG.sub(" ", text).split())


@dataclass(frozen=True)
class Foreign:
    """A string of another language, as a pattern over a page's words."""

    text: str
    where: str  # "English source" or "French translation"
    whole: re.Pattern
    longest: str  # its longest literal run

    @classmethod
    def of(cls, text: str, where: str) -> "Foreign | None":
        plain = _plain(text)
        parts = PLACEHOLDER.split(plain)
        literal = "".join(parts).strip(" .:,;!?…")
        if len(literal) < 2 or not re.search(r"[A-Za-zÀ-ÿ]{2}", literal):
            return None  # « %(n)s », « — », « × »: nothing of a language in it
        if len(parts) > 1 and len(max(parts, key=len).strip()) < 4:
            return None  # « %(rank)s of %(of)s »: « of » is Dutch too (« or »)
        pattern = ".+?".join(re.escape(part) for part in parts)
        return cls(text, where, re.compile(pattern), max(parts, key=len).strip())


def foreign_strings(language: str) -> list[Foreign]:
    """The English sources and French translations a page in ``language`` must not show:
    those whose ``language`` translation differs, and which are no translation of another
    string in ``language`` (« Club » is Dutch as well as French)."""
    own = catalogue(language)
    french = {(e.msgctxt, e.msgid): e for e in catalogue("fr")} if language != "fr" else {}
    allowed = {_plain(s) for e in own for s in [e.msgstr, *e.msgstr_plural.values()] if s}
    found: list[Foreign] = []
    for entry in own:
        translations = [entry.msgstr, *entry.msgstr_plural.values()]
        sources = [entry.msgid, entry.msgid_plural]
        others = [(s, "English source") for s in sources if s]
        fr = french.get((entry.msgctxt, entry.msgid))
        if fr is not None:
            others += [(s, "French translation") for s in [fr.msgstr, *fr.msgstr_plural.values()]]
        for text, where in others:
            if not text or _plain(text) in allowed or text in translations:
                continue
            foreign = Foreign.of(text, where)
            if foreign is not None:
                found.append(foreign)
    return found


class _Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        button = tag == "input" and dict(attrs).get("type") in ("submit", "button")
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or (name == "value" and button)):
                self.words.append(" ".join(value.split()))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._skip:
            self.words.append(text)


def page_words(html: str) -> list[str]:
    parser = _Words()
    parser.feed(html)
    return parser.words


class ForeignIndex:
    """``foreign_strings`` ready for many pages: exact strings in a set, the ones with a
    value put in as one pattern, the sentences as runs to look for."""

    def __init__(self, strings: list[Foreign], data: set[str]) -> None:
        #: what the club typed (its names, its tournaments'): shown as typed, in any language
        self.data = data
        self.exact = {_plain(f.text): f for f in strings if not PLACEHOLDER.search(f.text)}
        self.patterned = [f for f in strings if PLACEHOLDER.search(f.text)]
        self.any_patterned = re.compile("|".join(f"(?:{f.whole.pattern})" for f in self.patterned))
        self.sentences = [f for f in strings if len(f.longest) >= SENTENCE]

    def on_page(self, html: str) -> list[str]:
        """The foreign strings the page shows, each once: « French translation: 'Tournois' »."""
        shown_words = page_words(html)
        # What the club typed is no sentence of the catalogue's, even where a model gave it.
        words = set(shown_words) - self.data
        text = " ".join(word for word in shown_words if word not in self.data)
        shown = {self.exact[word] for word in words if word in self.exact}
        for word in words:
            if self.any_patterned.fullmatch(word):
                shown.update(f for f in self.patterned if f.whole.fullmatch(word))
        shown.update(f for f in self.sentences if f.longest in text)
        return sorted({f"{f.where}: {f.text!r}" for f in shown})
