from django.urls import path

from . import views_deals as deals
from . import views_display as display
from . import views_entry as entry
from . import views_exports as exports
from . import views_hall as hall
from . import views_players as players
from . import views_public as public
from . import views_staff as staff
from . import views_standings as standings
from . import views_table as tableside

urlpatterns = [
    # Public pages
    path("tournois/", public.TournamentListView.as_view(), name="tournament_list"),
    path("tournois/<int:pk>/", public.StandingsView.as_view(), name="tournament_standings"),
    path("tournois/<int:pk>/rondes/", public.RoundsView.as_view(), name="tournament_rounds"),
    path(
        "tournois/<int:pk>/joueurs/<int:entry>/",
        public.PlayerView.as_view(),
        name="tournament_player",
    ),
    path("tournois/<int:pk>/ecran/", display.DisplayView.as_view(), name="tournament_display"),
    path("tables/<int:pk>/", public.TableView.as_view(), name="table_detail"),
    path(
        "saisons/<int:pk>/joueurs/<int:player>/",
        players.PlayerSeasonView.as_view(),
        name="season_player",
    ),
    path(
        "saisons/<int:pk>/classement/",
        public.SeasonStandingsView.as_view(),
        name="season_standings",
    ),
    path(
        "tournois/<int:pk>/classement.xlsx",
        exports.TournamentXlsxView.as_view(),
        name="tournament_xlsx",
    ),
    path("saisons/<int:pk>/classement.xlsx", exports.SeasonXlsxView.as_view(), name="season_xlsx"),
    # The hall screen: the clock opened by its secret link, no login.
    path("salle/<str:token>/", hall.HallClockView.as_view(), name="hall_clock"),
    path(
        "salle/<str:token>/chrono.json", hall.HallClockStateView.as_view(), name="hall_clock_state"
    ),
    # A table's phones (the token is the table's private link)
    path("t/<str:token>/", tableside.TablePageView.as_view(), name="table_page"),
    path("t/<str:token>/etat.json", tableside.TableStateView.as_view(), name="table_state"),
    path("t/<str:token>/apercu/", tableside.TablePreviewView.as_view(), name="table_preview"),
    path("t/<str:token>/envoi/", tableside.TableSendView.as_view(), name="table_send"),
    # Scorekeepers and committee
    path(
        "saisie/rondes/<int:pk>/telephones/",
        tableside.RoundPhonesView.as_view(),
        name="staff_round_phones",
    ),
    path(
        "saisie/rondes/<int:pk>/telephones.json",
        tableside.RoundPhonesStateView.as_view(),
        name="staff_round_phones_state",
    ),
    path("saisie/", staff.StaffTournamentListView.as_view(), name="staff_tournaments"),
    path(
        "saisie/tournois/nouveau/",
        staff.TournamentCreateView.as_view(),
        name="staff_tournament_create",
    ),
    path(
        "saisie/tournois/<int:pk>/",
        staff.TournamentDashboardView.as_view(),
        name="staff_tournament",
    ),
    path(
        "saisie/tournois/<int:pk>/modifier/",
        staff.TournamentUpdateView.as_view(),
        name="staff_tournament_edit",
    ),
    path(
        "saisie/tournois/<int:pk>/classement/",
        standings.StaffStandingsView.as_view(),
        name="staff_standings",
    ),
    path("saisie/tournois/<int:pk>/publier/", staff.PublishView.as_view(), name="staff_publish"),
    path(
        "saisie/tournois/<int:pk>/inscriptions/",
        staff.RegistrationView.as_view(),
        name="staff_registration",
    ),
    path(
        "saisie/tournois/<int:pk>/membres.json",
        staff.MemberSearchView.as_view(),
        name="staff_member_search",
    ),
    path("saisie/tournois/<int:pk>/tirage/", staff.DrawRoundView.as_view(), name="staff_draw"),
    path("saisie/tournois/<int:pk>/equipes/", staff.TeamsView.as_view(), name="staff_teams"),
    path("saisie/rondes/<int:pk>/", staff.RoundView.as_view(), name="staff_round"),
    # Entering results: the whole sheet, or one deal at a time (the plug-in's entry path).
    path("saisie/tables/<int:pk>/", entry.SheetView.as_view(), name="staff_sheet"),
    path(
        "saisie/tables/<int:pk>/apercu/",
        entry.EntryPreviewView.as_view(entry_path="staff_sheet"),
        name="staff_sheet_preview",
    ),
    path("saisie/tables/<int:pk>/donnes/", entry.DealEntryView.as_view(), name="staff_deals"),
    path(
        "saisie/tables/<int:pk>/donnes/apercu/",
        entry.EntryPreviewView.as_view(entry_path="staff_deals"),
        name="staff_deal_preview",
    ),
    path(
        "saisie/tournois/<int:pk>/ecran-salle/",
        hall.HallLinkView.as_view(),
        name="staff_hall_link",
    ),
    path("saisie/rondes/<int:pk>/chrono/", deals.ClockView.as_view(), name="staff_clock"),
    path(
        "saisie/rondes/<int:pk>/chrono.json",
        deals.ClockStateView.as_view(),
        name="staff_clock_state",
    ),
    path(
        "saisie/rondes/<int:pk>/suivi/",
        deals.RoundProgressView.as_view(),
        name="staff_round_progress",
    ),
    path(
        "saisie/saisons/<int:pk>/caisse/",
        staff.MoneyReportView.as_view(),
        name="staff_money",
    ),
    path(
        "saisie/saisons/<int:pk>/caisse.xlsx",
        exports.MoneyXlsxView.as_view(),
        name="staff_money_xlsx",
    ),
    path(
        "saisie/clubs/<slug:slug>/regles/<str:game>/",
        staff.RulesView.as_view(),
        name="staff_rules",
    ),
    path(
        "saisie/tables/<int:pk>/historique/", staff.TableHistoryView.as_view(), name="staff_history"
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
