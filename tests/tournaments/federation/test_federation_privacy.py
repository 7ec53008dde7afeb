"""The privacy sweep over every federation page (issue 35, « What must be shown »): hidden,
initials and pseudonym players of three clubs with three defaults; each name as the player's
own choice says, else the strictest of his clubs' defaults (docs/privacy.md); 0 real names
where they must not be, on the pages and in the workbooks; a hidden player has no page."""

import datetime
import io

import openpyxl
import pytest
import scenario as s
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    if response["Content-Type"].startswith("text/html"):
        return response.content.decode()
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    return "\n".join(
        str(value) for sheet in book for row in sheet.iter_rows(values_only=True) for value in row
    )


def test_no_real_name_where_it_must_not_be_on_any_federation_page(db) -> None:
    fed = s.federation(min_tournaments=1)
    season = s.fed_season(fed)
    initials = s.club("Cercle Initiales", "initiales", default="initials")
    pseudonyms = s.club("Cercle Pseudos", "pseudos", default="pseudonym")
    hidden = s.club("Cercle Masqué", "masque", default="hidden")
    full = s.club("Cercle Ouvert", "ouvert", default="full")
    people = {
        # name: (player, what may be shown, what must never be)
        "own hidden": s.player("Hubertin", "Cachemire", full, public_name="hidden"),
        "own initials": s.player("Irénée", "Inchallah", full, public_name="initials"),
        "own pseudonym": s.player(
            "Pascaline", "Pseudonymova", full, public_name="pseudonym", pseudonym="As de pique"
        ),
        "own full": s.player("Fulbert", "Ouvertement", hidden, public_name="full"),
        "club initials": s.player("Gillian", "Grandjeanne", initials),
        "club pseudonym": s.player("Philippa", "Pastorale", pseudonyms, pseudonym="Dame de trèfle"),
        "club pseudonym, none typed": s.player("Quentin", "Quasimodeau", pseudonyms),
        "club hidden": s.player("Hélénie", "Masquerade", hidden),
        "full and hidden clubs": s.player("Doublon", "Deuxclubs", full, hidden),
        "full and initials clubs": s.player("Triston", "Troisclubs", full, initials),
    }
    must_not = {
        "own hidden": ["Hubertin", "Cachemire"],
        "own initials": ["Inchallah"],
        "own pseudonym": ["Pascaline", "Pseudonymova"],
        "club initials": ["Grandjeanne"],
        "club pseudonym": ["Philippa", "Pastorale"],
        "club pseudonym, none typed": ["Quentin", "Quasimodeau"],
        "club hidden": ["Hélénie", "Masquerade"],
        "full and hidden clubs": ["Doublon", "Deuxclubs"],
        "full and initials clubs": ["Deuxclubs", "Troisclubs"],
    }
    expected_names = {
        "own initials": "Irénée I.",
        "own pseudonym": "As de pique",
        "own full": "Fulbert Ouvertement",
        "club initials": "Gillian G.",
        "club pseudonym": "Dame de trèfle",
        "full and initials clubs": "Triston T.",
    }
    field = list(people.values())
    for k, host in enumerate([initials, pseudonyms, hidden]):
        order = field[k:] + field[:k]
        s.tournament(
            host,
            datetime.date(2025, 10, 1 + k),
            [((p,), i + 1) for i, p in enumerate(order)],
            fed=fed,
            season=season,
            unlicensed_count=True,
        )

    client = Client()
    urls = [
        reverse("federation_page", args=[fed.slug]),
        reverse("federation_counted", args=[fed.slug, season.pk]),
        reverse("federation_counted_xlsx", args=[fed.slug, season.pk]),
    ]
    for game in fed.games:
        for name in (
            "federation_ranking",
            "federation_ranking_xlsx",
            "federation_club_ranking",
            "federation_club_ranking_xlsx",
        ):
            urls.append(reverse(name, args=[fed.slug, season.pk, game]))
    hidden_ones = {
        "own hidden",
        "club pseudonym, none typed",
        "club hidden",
        "full and hidden clubs",
    }
    # A pseudonym never typed shows as « Joueur 17 » too; but only a hidden name has no page.
    no_page = hidden_ones - {"club pseudonym, none typed"}
    for key, player in people.items():
        page = reverse("federation_player", args=[fed.slug, player.uid])
        sheet = reverse("federation_player_xlsx", args=[fed.slug, player.uid])
        if key in no_page:
            assert client.get(page).status_code == 404, key
            assert client.get(sheet).status_code == 404, key
        else:
            urls += [page, sheet]

    texts = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        texts[url] = _text(response)
    everything = "\n".join(texts.values())
    leaks = [(key, word) for key, words in must_not.items() for word in words if word in everything]
    assert leaks == []
    ranking = texts[reverse("federation_ranking", args=[fed.slug, season.pk, "whist"])]
    for key, shown in expected_names.items():
        assert shown in ranking, key
    for key in hidden_ones:
        assert f"Joueur {people[key].pk}" in ranking, key
    # A hidden player's row has no link to a page of his.
    for key in no_page:
        assert str(people[key].uid) not in everything
