"""The task paths 0.1.0 queued (``tournaments.tasks.build_pdf_export``,
``tournaments.tasks.lay_out_round_sheets``): a queue row names its function by module path, and
these moved to ``tournaments.printing.tasks``. Kept so that a document queued before an upgrade
is still built by the new release's worker (CHANGELOG.md). Nothing new names this module.
"""

from tournaments.printing.tasks import build_pdf_export, lay_out_round_sheets

__all__ = ["build_pdf_export", "lay_out_round_sheets"]
