"""Issue 25: the nginx example (deploy/nginx/atout.conf) works as written: nginx accepts it, and
in front of the site it redirects HTTP to HTTPS, passes the scheme (no redirect loop), the
client's address and a request id. Its listening ports, certificate and upstream are replaced
by the test's (a self-signed certificate; the test's server stands for gunicorn)."""

import contextlib
import getpass
import http.server
import os
import re
import shutil
import socket
import ssl
import subprocess
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings

EXAMPLE = Path(django_settings.BASE_DIR) / "deploy" / "nginx" / "atout.conf"
# Two ports for each xdist worker (gw0, gw1...): their nginx run side by side.
WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
HTTP_PORT, HTTPS_PORT = 8291 + 2 * WORKER, 8292 + 2 * WORKER
HOST = "atout.example.org"
#: Where the guide installs deploy/maintenance.html (the test serves it from the checkout).
MAINTENANCE_ROOT = "/var/www/atout"

pytestmark = pytest.mark.skipif(not shutil.which("nginx"), reason="nginx is not installed")


def site_for_test(upstream: str, certificate: Path, key: Path) -> str:
    site = EXAMPLE.read_text()
    site = re.sub(r"\n\s*listen \[::\]:\d+[^;]*;", "", site)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{HTTP_PORT};")
    site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{HTTPS_PORT} ssl http2;")
    site = re.sub(r"ssl_certificate [^;]+;", f"ssl_certificate {certificate};", site)
    site = re.sub(r"ssl_certificate_key [^;]+;", f"ssl_certificate_key {key};", site)
    site = site.replace(f"root {MAINTENANCE_ROOT};", f"root {EXAMPLE.parent.parent};")
    return site.replace("server 127.0.0.1:8000;", f"server {upstream};")


@contextlib.contextmanager
def running_nginx(tmp_path: Path, upstream: str):
    key, certificate = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", f"/CN={HOST}", "-keyout", str(key), "-out", str(certificate)),
        ],
        check=True,
        capture_output=True,
    )
    (tmp_path / "site.conf").write_text(site_for_test(upstream, certificate, key))
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        # The workers as the master's user: the maintenance page is read from this checkout,
        # which may sit in a folder only its owner opens (mktemp -d, a home in 0700).
        f"user {getpass.getuser()};\n"
        f"pid {tmp_path}/nginx.pid; error_log {tmp_path}/logs/error.log;\n"
        "events {}\n"
        f"http {{ access_log off; client_body_temp_path {tmp_path}; proxy_temp_path {tmp_path};"
        f" include {tmp_path}/site.conf; }}\n"
    )
    checked = subprocess.run(
        ["nginx", "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
    # As a daemon: the command returns once nginx listens.
    subprocess.run(["nginx", "-p", str(tmp_path), "-c", str(conf)], check=True)
    try:
        yield
    finally:
        subprocess.run(["nginx", "-p", str(tmp_path), "-c", str(conf), "-s", "stop"], check=True)


@pytest.fixture
def nginx(tmp_path, live_server):
    with running_nginx(tmp_path, live_server.url.removeprefix("http://")):
        yield


def fetch(url: str, data: bytes | None = None) -> tuple[int, dict, bytes]:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), NoRedirect)
    request = urllib.request.Request(url, data=data, headers={"Host": HOST})
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.django_db(transaction=True)
def test_the_nginx_example_serves_the_site_over_tls_only(nginx, settings):
    settings.ALLOWED_HOSTS = [HOST]
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    status, headers, _ = fetch(f"http://127.0.0.1:{HTTP_PORT}/login/")
    assert status == 301 and headers["Location"] == f"https://{HOST}/login/"

    status, headers, body = fetch(f"https://127.0.0.1:{HTTPS_PORT}/login/")
    assert status == 200  # Django saw https: no redirect back
    assert re.fullmatch(r"[0-9a-f]{32}", headers["X-Request-ID"])  # nginx's $request_id
    assert b"<form" in body

    status, _headers, body = fetch(f"https://127.0.0.1:{HTTPS_PORT}/healthz")
    assert status == 200 and b'"database": "ok"' in body


def closed_port() -> int:
    """A port nothing listens on: gunicorn stopped, restarting."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_while_the_app_restarts_the_players_get_a_page_that_says_it_comes_back(tmp_path):
    """Issue 32 §7.9: gunicorn down (connection refused) gives nginx's maintenance page, in the
    three languages, that reloads the page asked for by itself: for a form sent too."""
    with running_nginx(tmp_path, f"127.0.0.1:{closed_port()}"):
        for data in (None, b"score=12"):
            status, headers, body = fetch(f"https://127.0.0.1:{HTTPS_PORT}/club/x/", data)
            assert status == 503, body[:300]
            assert headers["Retry-After"] == "5" and "no-store" in headers["Cache-Control"]
            page = body.decode()
            assert '<meta http-equiv="refresh" content="5">' in page
            assert "Le site redémarre" in page  # French, the site's default
            assert "De site start opnieuw op" in page and "Atout is restarting" in page


class OwnUnavailable(http.server.BaseHTTPRequestHandler):
    """An app that answers its own 503 (``/healthz`` with the database down)."""

    def do_GET(self):
        body = b'{"status": "error", "database": "error"}'
        self.send_response(503)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_the_apps_own_503_passes_through_unchanged(tmp_path):
    app = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OwnUnavailable)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    try:
        with running_nginx(tmp_path, f"127.0.0.1:{app.server_address[1]}"):
            status, _headers, body = fetch(f"https://127.0.0.1:{HTTPS_PORT}/healthz")
    finally:
        app.shutdown()
    assert (status, body) == (503, b'{"status": "error", "database": "error"}')
