"""The site's URLs: each app's public pages (``urls_public``: what anyone reaches without
logging in) and its staff pages (``urls_staff``: a role in the object's club), and the admin."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("club.urls_public")),
    path("", include("tournaments.publishing.urls_public")),
    path("", include("tournaments.tableside.urls_public")),
    path("", include("tournaments.printing.urls_public")),
    path("", include("tournaments.ratings.urls_public")),
    path("", include("tournaments.federation.urls_public")),
    path("", include("club.urls_staff")),
    path("", include("tournaments.urls_staff")),
    path("", include("tournaments.publishing.urls_staff")),
    path("", include("tournaments.tableside.urls_staff")),
    path("", include("tournaments.printing.urls_staff")),
    path("", include("tournaments.ratings.urls_staff")),
    path("", include("tournaments.travel.urls_staff")),
    path("", include("tournaments.federation.urls_staff")),
    path("admin/", admin.site.urls),
]
