"""A URLconf whose only view fails, to see the 500 page the site's handler500 gives."""

from django.urls import path


def boom(request):
    raise RuntimeError("boom")


urlpatterns = [path("boom/", boom)]
