"""The phones at the tables (a table's private link) and the hall's clock."""

from django.urls import path

from . import views as tableside
from . import views_hall as hall

urlpatterns = [
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
    # The scorekeepers' side: the round's phones and the hall's link
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
    path(
        "saisie/tournois/<int:pk>/ecran-salle/",
        hall.HallLinkView.as_view(),
        name="staff_hall_link",
    ),
]
