from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.deprecation import MiddlewareMixin


class ClubLanguageMiddleware(MiddlewareMixin):
    """French unless the visitor chose another language with the switch (a cookie).

    Django's LocaleMiddleware would follow the browser's Accept-Language, so a club member
    with an English phone would get English pages; the clubs want French by default.
    """

    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        supported = {code for code, _ in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Language", translation.get_language())
        return response
