/* A table's phone page: poll the table's state (ETag) and redraw when another phone entered,
   confirmed or sent back a deal; a half-typed deal is never lost (a notice instead). */
(function () {
  "use strict";
  const live = document.getElementById("table-live");
  if (!live) return;
  const news = document.getElementById("table-news");
  const form = document.getElementById("deal-form");
  let stamp = live.dataset.stamp, etag = null, typing = false;
  document.querySelectorAll("form input[type=text], form select, form input[type=number]")
    .forEach((el) => el.addEventListener("input", () => { typing = true; }));
  if (form) form.addEventListener("change", () => { typing = true; });

  function poll() {
    const headers = etag ? { "If-None-Match": etag } : {};
    fetch(live.dataset.stateUrl, { credentials: "same-origin", headers: headers, cache: "no-cache" })
      .then((r) => {
        if (r.status === 304) return null;
        if (!r.ok) return null;
        etag = r.headers.get("ETag");
        return r.json();
      })
      .then((d) => {
        if (!d || d.stamp === stamp) return;
        if (typing) { news.hidden = false; return; }
        window.location.reload();
      })
      .catch(() => {});
  }
  setInterval(poll, 3000);
})();
