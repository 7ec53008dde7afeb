"""Issue 28: the Dutch catalogue is complete, and it speaks the glossary's words.

The glossary (docs/glossary-nl.md) is read as its tables say: for each term, every English
string that uses it is translated with the Dutch term (or one of the forms the glossary lists,
« a / b »), and no Dutch text of the project — catalogue, game words, rules reference — uses a
word of its « not » column."""

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from catalogue_words import LOCALE, PLACEHOLDER, catalogue

REPO = Path(__file__).resolve().parents[2]
GLOSSARY = REPO / "docs" / "glossary-nl.md"


@dataclass(frozen=True)
class Term:
    french: str
    english: str
    dutch: tuple[str, ...]  # the forms a translation may use
    never: tuple[str, ...]

    @property
    def english_word(self) -> re.Pattern:
        bare = re.sub(r"\s*\(.*?\)", "", self.english).strip()
        return re.compile(rf"\b{re.escape(bare)}s?\b", re.IGNORECASE)


def glossary() -> list[Term]:
    terms = []
    for line in GLOSSARY.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("Français", "---"):
            continue
        french, english, dutch, never = cells
        forms = tuple(re.sub(r"\s*\(.*?\)", "", f).strip().lower() for f in dutch.split(" / "))
        terms.append(Term(french, english, forms, tuple(w for w in never.split(", ") if w)))
    return terms


def dutch_texts() -> dict[str, str]:
    """Every Dutch text of the project, by where it is."""
    texts = {}
    for entry in catalogue("nl"):
        for number, text in enumerate([entry.msgstr, *entry.msgstr_plural.values()]):
            texts[f"django.po: {entry.msgid[:50]!r} [{number}]"] = text
    for path in sorted((REPO / "docs" / "rules" / "nl").glob("*.md")):
        texts[str(path.relative_to(REPO))] = path.read_text()
    words = REPO / "scoring" / "game_words.csv"
    if words.exists():
        texts["scoring/game_words.csv"] = words.read_text()
    return texts


@pytest.mark.parametrize("language", sorted(p.name for p in LOCALE.iterdir() if p.is_dir()))
def test_each_catalogue_is_complete_with_nothing_fuzzy(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    stats = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    assert re.fullmatch(r"\d+ translated messages\.\n", stats), stats


def test_the_glossary_is_read():
    terms = glossary()
    assert len(terms) > 50
    emballage = next(t for t in terms if t.french == "emballage")
    assert "samen" in emballage.dutch


@pytest.mark.parametrize("term", glossary(), ids=lambda t: t.english)
def test_each_glossary_term_is_translated_the_same_way_everywhere(term):
    wrong = []
    for entry in catalogue("nl"):
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:
            plural = entry.msgstr_plural
            pairs = [(entry.msgid, plural[0]), (entry.msgid_plural, plural[1])]
        for source, dutch in pairs:
            if term.english_word.search(PLACEHOLDER.sub(" ", source)) and not any(
                form in dutch.lower() for form in term.dutch
            ):
                wrong.append(f"{source!r} → {dutch!r}")
    assert not wrong, f"« {term.english} » is « {' / '.join(term.dutch)} »:\n" + "\n".join(wrong)


@pytest.mark.parametrize("term", [t for t in glossary() if t.never], ids=lambda t: t.english)
def test_no_dutch_text_uses_a_word_the_glossary_rules_out(term):
    never = re.compile(r"\b(" + "|".join(map(re.escape, term.never)) + r")\b", re.IGNORECASE)
    found = [
        where for where, text in dutch_texts().items() if never.search(PLACEHOLDER.sub(" ", text))
    ]
    assert not found, f"« {term.english} » is never « {', '.join(term.never)} »: {found}"
