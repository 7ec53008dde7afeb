/* The director's dashboard refreshes its figures every 30 seconds without reloading the page
   (a meta refresh would move the reader's place and focus). */
(function () {
  "use strict";
  const table = document.getElementById("progress");
  if (!table || !window.fetch || !window.DOMParser) return;
  function refresh() {
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        ["progress", "progress-summary"].forEach((id) => {
          const now = document.getElementById(id), next = fresh.getElementById(id);
          if (now && next) now.replaceWith(document.importNode(next, true));
        });
      })
      .catch(() => {});
  }
  setInterval(refresh, 30000);
})();
