"""A tournament's standings page reads its players and their tables in one query: who played
(withdrawn or not) and who is still registered, substitutes last."""

import pytest
from django.urls import reverse

from tournaments.services import registration

pytestmark = pytest.mark.django_db


def test_the_standings_list_who_played_or_stays_in_three_queries(
    played_tournament, make_players, client, django_assert_num_queries
):
    entries = list(played_tournament.entries.select_related("player").order_by("pk"))
    gone_after_playing, substitute = entries[0], entries[1]
    registration.update_entry(gone_after_playing, withdrawn=True)
    registration.update_entry(substitute, substitute=True)
    late, gone = make_players(2, prefix="Tard")
    late_entry = registration.register_player(played_tournament, player=late)
    registration.update_entry(
        registration.register_player(played_tournament, player=gone), withdrawn=True
    )

    # Cold (no cached table): the tournament, its standings, the club's public names
    # (docs/privacy.md: the players who do not appear under their full name).
    with django_assert_num_queries(3):
        response = client.get(reverse("tournament_standings", args=[played_tournament.pk]))
    html = response.content.decode()
    assert gone_after_playing.player.full_name in html  # withdrawn, but he played
    assert late_entry.player.full_name in html  # registered, not played yet
    assert gone.full_name not in html  # withdrawn before playing
    rows = html.split("<tr")
    substitute_row = next(i for i, row in enumerate(rows) if substitute.player.full_name in row)
    assert rows[substitute_row].startswith(' class="sub')
    assert substitute_row == len(rows) - 1  # listed last
