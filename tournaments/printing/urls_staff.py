"""The staff's paper and files: the sheets and plans, the queued documents, the money
workbook, a member's own data."""

from django.urls import path

from . import views as exports

urlpatterns = [
    path(
        "club/<slug:slug>/membres/<int:pk>/donnees.json",
        exports.PlayerDataView.as_view(),
        {"extension": "json"},
        name="player_data_json",
    ),
    path(
        "club/<slug:slug>/membres/<int:pk>/donnees.xlsx",
        exports.PlayerDataView.as_view(),
        {"extension": "xlsx"},
        name="player_data_xlsx",
    ),
    path(
        "saisie/saisons/<int:pk>/caisse.xlsx",
        exports.MoneyXlsxView.as_view(),
        name="staff_money_xlsx",
    ),
    path(
        "saisie/rondes/<int:pk>/feuilles.pdf",
        exports.RoundSheetsPDFView.as_view(),
        name="round_sheets_pdf",
    ),
    path(
        "saisie/rondes/<int:pk>/plan.pdf", exports.RoundPlanPDFView.as_view(), name="round_plan_pdf"
    ),
    path(
        "saisie/tournois/<int:pk>/feuilles-remplies.pdf",
        exports.FilledSheetsPDFView.as_view(),
        name="tournament_filled_pdf",
    ),
    path("saisie/fichiers/<uuid:pk>/", exports.PdfExportView.as_view(), name="pdf_export"),
    path(
        "saisie/fichiers/<uuid:pk>/fichier.pdf",
        exports.PdfExportFileView.as_view(),
        name="pdf_export_file",
    ),
]
