"""Issue 25: the periodic jobs, one command for cron or a systemd timer."""

import datetime
import io

import pytest
from axes.models import AccessLog
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.management.commands import clearsessions
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

pytestmark = pytest.mark.django_db


def test_periodic_jobs_clear_expired_sessions_and_old_login_records():
    expired, alive = SessionStore(), SessionStore()
    expired.set_expiry(-60)
    expired.create()
    alive.create()
    old = AccessLog.objects.create(username="x", ip_address="10.0.0.1", user_agent="")
    recent = AccessLog.objects.create(username="y", ip_address="10.0.0.1", user_agent="")
    AccessLog.objects.filter(pk=old.pk).update(
        attempt_time=timezone.now() - datetime.timedelta(days=91)
    )
    out = io.StringIO()
    call_command("periodic_jobs", stdout=out)
    assert list(Session.objects.values_list("session_key", flat=True)) == [alive.session_key]
    assert list(AccessLog.objects.values_list("pk", flat=True)) == [recent.pk]
    report = out.getvalue()
    assert "== clearsessions" in report and "== prune_db_task_results" in report
    assert report.rstrip().endswith("periodic jobs done")


def test_a_failing_step_is_reported_the_others_run_and_the_command_fails(monkeypatch):
    def broken(self, **options):
        raise RuntimeError("session store unreachable")

    monkeypatch.setattr(clearsessions.Command, "handle", broken)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError, match="clearsessions"):
        call_command("periodic_jobs", stdout=out, stderr=err)
    assert "session store unreachable" in err.getvalue()
    assert "== axes_reset_logs" in out.getvalue()  # still run
