"""Issue 28: the Dutch catalogue is complete, and it speaks the glossary's words.

The glossary (docs/glossary-nl.md) is read as its tables say: for each term, every English
string that uses it is translated with the Dutch term (or one of the forms the glossary lists,
« a / b »), and no Dutch text of the project — catalogue, game words, rules reference — uses a
word of its « not » column."""

import csv
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from catalogue_words import LOCALE, PLACEHOLDER, catalogue

#: Its process (msgfmt) reads no database (not rerun on PostgreSQL).
pytestmark = pytest.mark.processes_apart

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


def glossary(section: str = "") -> list[Term]:
    """The glossary's terms (those of the section whose title starts with ``section``)."""
    terms = []
    text = GLOSSARY.read_text()
    if section:
        text = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    for line in text.splitlines():
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
    for key, row in game_words().items():
        texts[f"scoring/game_words.csv: {key}"] = row["nl"]
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


def game_words() -> dict[str, dict[str, str]]:
    with open(REPO / "scoring" / "game_words.csv", newline="") as words:
        return {row["key"]: row for row in csv.DictReader(words)}


def bare(name: str) -> str:
    """« Emballage 8 » and « Whist (RC « La Chevalerie ») » as the glossary names them."""
    return re.sub(r"\s*\(.*\)|\s*\d+$", "", name).strip().lower()


@pytest.mark.parametrize("term", glossary("The games"), ids=lambda t: t.english)
def test_each_game_word_of_the_glossary_is_the_game_words_dutch(term):
    """The words the pages, sheets and exports show come from scoring/game_words.csv."""
    french = bare(term.french)
    rows = [row for row in game_words().values() if bare(row["fr"]) == french]
    assert rows, f"no game word is « {term.french} » in French"
    for row in rows:
        assert any(form in row["nl"].lower() for form in term.dutch), row


@pytest.mark.parametrize("prefix, document", [("contract.", "whist.md"), ("dk.", "double_king.md")])
def test_the_dutch_rules_reference_names_the_games_as_the_pages_do(prefix, document):
    text = (REPO / "docs" / "rules" / "nl" / document).read_text().lower()
    missing = [
        row["nl"]
        for key, row in game_words().items()
        if key.startswith(prefix) and bare(row["nl"]) not in text
    ]
    assert not missing, f"docs/rules/nl/{document} never says {missing}"


@pytest.mark.parametrize("term", [t for t in glossary() if t.never], ids=lambda t: t.english)
def test_no_dutch_text_uses_a_word_the_glossary_rules_out(term):
    never = re.compile(r"\b(" + "|".join(map(re.escape, term.never)) + r")\b", re.IGNORECASE)
    found = [
        where for where, text in dutch_texts().items() if never.search(PLACEHOLDER.sub(" ", text))
    ]
    assert not found, f"« {term.english} » is never « {', '.join(term.never)} »: {found}"
