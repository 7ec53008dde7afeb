"""How staff views reach a table or a round: through the user's clubs (``club.roles``), and
only by the path the game's plug-in declares (its entry view, its clock)."""

from django.http import Http404

from club.roles import ScorekeeperRequiredMixin

from .games import plugin_for
from .models import Round, Table


class TableMixin(ScorekeeperRequiredMixin):
    """A table of the user's clubs; ``entry_path`` (a URL name) refuses, with a 404, the tables
    whose game enters its results by another path (a whole sheet vs one deal at a time)."""

    entry_path: str | None = None

    def get_table(self, pk: int) -> Table:
        table: Table = self.get_scoped(
            Table.objects.select_related("round__tournament__club", "round__tournament__season"),
            pk=pk,
        )
        plugin = plugin_for(table.round.tournament.game)
        if self.entry_path is not None and plugin.entry_url_name != self.entry_path:
            raise Http404
        return table


class ClockRoundMixin(ScorekeeperRequiredMixin):
    """A round of the user's clubs whose game is played against a clock; other games: 404."""

    def get_round(self, pk: int) -> Round:
        round_: Round = self.get_scoped(Round.objects.select_related("tournament__club"), pk=pk)
        if not plugin_for(round_.tournament.game).clock:
            raise Http404
        return round_
