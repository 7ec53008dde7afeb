"""The phones at the tables and the hall's clock: no login, each reached by its secret link
(a table's token, the hall's token)."""

from django.urls import path

from . import views as tableside
from . import views_hall as hall
from . import views_worker as worker

urlpatterns = [
    path("salle/<str:token>/", hall.HallClockView.as_view(), name="hall_clock"),
    path(
        "salle/<str:token>/chrono.json", hall.HallClockStateView.as_view(), name="hall_clock_state"
    ),
    # Beside the table pages, not under /static/: a worker's scope is its own folder.
    path("t/hors-ligne.js", worker.TableWorkerView.as_view(), name="table_worker"),
    path("t/<str:token>/", tableside.TablePageView.as_view(), name="table_page"),
    path("t/<str:token>/etat.json", tableside.TableStateView.as_view(), name="table_state"),
    path("t/<str:token>/apercu/", tableside.TablePreviewView.as_view(), name="table_preview"),
    path("t/<str:token>/envoi/", tableside.TableSendView.as_view(), name="table_send"),
]
