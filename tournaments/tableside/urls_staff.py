"""The scorekeepers' side of the phones: a round's table links and the hall's link."""

from django.urls import path

from . import views as tableside
from . import views_hall as hall

urlpatterns = [
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
