"""A federation's page, as anyone reads it."""

from django.urls import path

from . import views

urlpatterns = [
    path("federation/<slug:slug>/", views.FederationPageView.as_view(), name="federation_page"),
]
