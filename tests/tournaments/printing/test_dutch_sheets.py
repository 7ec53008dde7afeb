"""Issue 28: each game's blank sheet printed for a Flemish club: in Dutch, and no column's
heading broken inside a word (« Kaarte / n », « Nr / . »: the Dutch words are longer)."""

import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from helpers import nl

from club.models import Club
from tournaments.games import plugin_for
from tournaments.services import drawing

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"
HEADING = re.compile(r"<th[^>]*>\s*\{% translate \"([^\"]+)\" %\}")


def headings(game: str) -> list[str]:
    """The column headings the game's sheet template translates."""
    template = TEMPLATES / plugin_for(game).pdf_sheet_template
    return sorted(set(HEADING.findall(template.read_text())))


def pdf_words(content: bytes) -> set[str]:
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()
    return set(text.split())


@pytest.mark.parametrize("game", ["double_king", "whist", "double", "quarante", "plonk"])
def test_a_flemish_clubs_blank_sheet_heads_its_columns_with_whole_dutch_words(
    game, club, make_tournament, scorekeeper_client
):
    Club.objects.filter(pk=club.pk).update(language="nl")
    tournament = make_tournament(game)
    round_ = drawing.draw_round(tournament, seed=1)
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    assert response.status_code == 200 and response["Content-Language"] == "nl"
    words = pdf_words(response.content)
    expected = headings(game)
    assert expected, "the sheet's headings are read from its template"
    broken = [
        nl(heading)
        for heading in expected
        if not all(word in words for word in nl(heading).split())
    ]
    assert not broken, f"headings cut inside a word on the {game} sheet: {broken}"
