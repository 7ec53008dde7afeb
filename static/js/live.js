/* Live pages: every few seconds the page asks the server for itself again with the ETag it
   last got (If-None-Match); an unchanged page answers 304 without rendering. On a change the
   page's [data-live] regions are swapped for the new ones (same ids), keeping the rounds the
   reader opened or folded and how far he scrolled a table sideways. Without JavaScript the
   page has a plain refresh link instead. */
(function () {
  "use strict";
  if (!document.querySelector("[data-live]") || !window.fetch || !window.DOMParser) return;
  const every = Number(document.body.dataset.liveSeconds || 3) * 1000;
  const status = document.getElementById("live-status");
  let etag = null, busy = false;

  if (status && status.dataset.liveText) {
    const note = status.querySelector("[data-live-note]");
    if (note) note.textContent = status.dataset.liveText;
  }

  function swap(html) {
    const fresh = new DOMParser().parseFromString(html, "text/html");
    let changed = false;
    document.querySelectorAll("[data-live]").forEach(function (old) {
      const next = fresh.getElementById(old.id);
      if (!next || next.innerHTML === old.innerHTML) return;
      const folds = {};
      old.querySelectorAll("details[id]").forEach(function (d) { folds[d.id] = d.open; });
      const scrolls = Array.from(old.querySelectorAll(".table-wrap")).map(function (w) { return w.scrollLeft; });
      old.innerHTML = next.innerHTML;
      old.querySelectorAll("details[id]").forEach(function (d) {
        if (d.id in folds) d.open = folds[d.id];
      });
      old.querySelectorAll(".table-wrap").forEach(function (w, i) { if (scrolls[i]) w.scrollLeft = scrolls[i]; });
      changed = true;
    });
    if (changed) document.dispatchEvent(new CustomEvent("atout:live"));
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    const headers = etag ? { "If-None-Match": etag } : {};
    fetch(window.location.href, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) return null;
        etag = response.headers.get("ETag");
        return response.text();
      })
      .then(function (html) { if (html) swap(html); })
      .catch(function () {})
      .then(function () { busy = false; });
  }

  poll();
  setInterval(poll, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
})();
