"""Issue 25: the nginx example (deploy/nginx/atout.conf) works as written: nginx accepts it, and
in front of the site it redirects HTTP to HTTPS, passes the scheme (no redirect loop), the
client's address and a request id. Its listening ports, certificate and upstream are replaced
by the test's (a self-signed certificate; the test's server stands for gunicorn)."""

import re
import shutil
import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings

EXAMPLE = Path(django_settings.BASE_DIR) / "deploy" / "nginx" / "atout.conf"
HTTP_PORT, HTTPS_PORT = 8291, 8292
HOST = "atout.example.org"

pytestmark = pytest.mark.skipif(not shutil.which("nginx"), reason="nginx is not installed")


def site_for_test(upstream: str, certificate: Path, key: Path) -> str:
    site = EXAMPLE.read_text()
    site = re.sub(r"\n\s*listen \[::\]:\d+[^;]*;", "", site)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{HTTP_PORT};")
    site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{HTTPS_PORT} ssl http2;")
    site = re.sub(r"ssl_certificate [^;]+;", f"ssl_certificate {certificate};", site)
    site = re.sub(r"ssl_certificate_key [^;]+;", f"ssl_certificate_key {key};", site)
    return site.replace("server 127.0.0.1:8000;", f"server {upstream};")


@pytest.fixture
def nginx(tmp_path, live_server):
    key, certificate = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", f"/CN={HOST}", "-keyout", str(key), "-out", str(certificate)),
        ],
        check=True,
        capture_output=True,
    )
    upstream = live_server.url.removeprefix("http://")
    (tmp_path / "site.conf").write_text(site_for_test(upstream, certificate, key))
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
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


def fetch(url: str) -> tuple[int, dict, bytes]:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), NoRedirect)
    request = urllib.request.Request(url, headers={"Host": HOST})
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
