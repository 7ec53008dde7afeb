// A queued file's page: while it is being prepared, fetch the page again every few seconds and
// replace only its status (announced by the aria-live region), instead of reloading the page.
(function () {
  "use strict";
  var status = document.getElementById("export-status");
  if (!status || !status.dataset.pollSeconds) return;
  var delay = Number(status.dataset.pollSeconds) * 1000;

  function poll() {
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { window.setTimeout(poll, delay); return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("export-status");
        if (!fresh) return;
        if (fresh.innerHTML !== status.innerHTML) status.innerHTML = fresh.innerHTML;
        if (fresh.dataset.pollSeconds) window.setTimeout(poll, delay);
      })
      .catch(function () { window.setTimeout(poll, delay); });
  }
  window.setTimeout(poll, delay);
})();
