"""The staff desk: tournaments, registration, draws, sheets, the clock, rules, money."""

from django.urls import path

from .views import archive, deals, entry, holds, privacy, staff

urlpatterns = [
    path(
        "club/<slug:slug>/membres/<int:pk>/effacer/",
        privacy.PlayerEraseView.as_view(),
        name="club_member_erase",
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
    path("saisie/tournois/<int:pk>/publier/", staff.PublishView.as_view(), name="staff_publish"),
    path("saisie/tournois/<int:pk>/liberer/", holds.ReleaseView.as_view(), name="staff_release"),
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
        "saisie/clubs/<slug:slug>/regles/<str:game>/",
        staff.RulesView.as_view(),
        name="staff_rules",
    ),
    path(
        "saisie/clubs/<slug:slug>/soirees-archivees/",
        archive.ArchiveEveningView.as_view(),
        name="staff_archive_evening",
    ),
    path(
        "saisie/clubs/<slug:slug>/soirees-archivees/import/",
        archive.ArchiveImportView.as_view(),
        name="staff_archive_import",
    ),
    path(
        "saisie/tables/<int:pk>/historique/", staff.TableHistoryView.as_view(), name="staff_history"
    ),
]
