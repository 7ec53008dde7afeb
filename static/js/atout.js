/* Atout — small progressive enhancements; every page works without them. */
(function () {
  "use strict";

  function debounce(fn, ms) {
    let timer;
    return function () { clearTimeout(timer); timer = setTimeout(fn, ms); };
  }

  /* Registration: search members as you type, pick one to fill the select. */
  const search = document.getElementById("member-search");
  if (search) {
    const results = document.getElementById("member-results");
    const select = document.getElementById("id_player");
    search.addEventListener("input", debounce(function () {
      const q = search.value.trim();
      results.textContent = "";
      if (q.length < 2) return;
      fetch(search.dataset.url + "?q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then((r) => r.json())
        .then((data) => {
          data.players.forEach((p) => {
            const li = document.createElement("li");
            const button = document.createElement("button");
            button.type = "button";
            button.className = "button small";
            button.textContent = p.name;
            button.addEventListener("click", () => {
              select.value = String(p.id);
              search.value = p.name;
              results.textContent = "";
              select.form.querySelector("button[type=submit]").focus();
            });
            li.appendChild(button);
            results.appendChild(li);
          });
        });
    }, 200));
  }

  /* Registration: « Présent » and « Payé » toggled in place (without it: the form posts and
     the page comes back). */
  /* The count of players present (and what the tables still need), read again from the page. */
  function refreshGap() {
    const gap = document.getElementById("gap");
    if (!gap) return;
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("gap");
        if (fresh) gap.replaceWith(fresh);
      });
  }

  document.querySelectorAll("form[data-toggle]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const button = form.querySelector("button");
      const value = form.querySelector("input[name=value]");
      button.disabled = true;
      // getAttribute: the form's « action » property is its input named « action ».
      fetch(form.getAttribute("action") || window.location.href, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (data) {
          button.setAttribute("aria-pressed", data.value ? "true" : "false");
          button.textContent = data.value ? button.dataset.yes : button.dataset.no;
          value.value = data.value ? "0" : "1";
          button.disabled = false;
          if (form.dataset.toggle === "present") refreshGap();
        })
        .catch(function () { form.submit(); });
    });
  });

  /* Sheets: live totals, quotas and dealers as the sheet is typed. */
  const sheet = document.getElementById("sheet");
  if (!sheet) return;

  const names = JSON.parse((document.getElementById("games-left") || {}).dataset?.names || "{}");
  const preview = debounce(function () {
    fetch(sheet.dataset.preview, { method: "POST", body: new FormData(sheet), credentials: "same-origin" })
      .then((r) => r.json())
      .then((data) => {
        const errors = document.getElementById("preview-errors");
        if (errors) errors.textContent = data.ok ? "" : data.errors.join(" ");
        // The dealer of each row, then of each penalty line (Double King), in page order.
        const dealerCells = sheet.querySelectorAll("tr[data-row] td.dealer, tr[data-line] td.dealer");
        (data.dealers || []).forEach((name, index) => {
          if (dealerCells[index]) dealerCells[index].textContent = name;
        });
        if (!data.ok) return;
        data.scores.forEach((score, seat) => {
          const cell = sheet.querySelector("[data-total='" + seat + "']");
          if (cell) cell.textContent = score;
        });
        const pending = data.pending || {};
        (pending.negatives_left || []).forEach((v, seat) => {
          const cell = document.querySelector("[data-negatives='" + seat + "']");
          if (cell) cell.textContent = v;
        });
        (pending.trumps_left || []).forEach((v, seat) => {
          const cell = document.querySelector("[data-trumps='" + seat + "']");
          if (cell) cell.textContent = v;
        });
        const left = document.getElementById("games-left");
        if (left && pending.negative_games_left) {
          left.textContent = "";
          Object.entries(pending.negative_games_left).forEach(([code, times]) => {
            const li = document.createElement("li");
            li.textContent = (names[code] || code) + " × " + times;
            left.appendChild(li);
          });
        }
      })
      .catch(() => {});
  }, 300);

  sheet.addEventListener("change", preview);
  sheet.addEventListener("input", preview);
})();
