"""The language switch: a plain link (the public pages carry no form, so that one page is kept
for every visitor), which sets the language cookie and goes back to the page."""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET


@require_GET
def switch_language(request: HttpRequest, code: str) -> HttpResponseRedirect:
    if code not in dict(settings.LANGUAGES):
        raise Http404
    back = request.GET.get("next", "")
    # Only a path of this site: never a redirect elsewhere written into a link.
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(
        back, allowed_hosts=None, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponseRedirect(back)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
