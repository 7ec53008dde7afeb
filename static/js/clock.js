/* The hall clock: the server says how much time is left; the page counts down between polls. */
(function () {
  "use strict";
  const root = document.getElementById("clock");
  if (!root) return;
  const timeEl = document.getElementById("clock-time");
  const stateEl = document.getElementById("clock-state");
  const controls = document.getElementById("clock-controls");
  let state = root.dataset.state, remaining = Number(root.dataset.remaining), at = Date.now();

  function mmss(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }

  function render() {
    let left = remaining;
    if (state === "running") left = remaining - (Date.now() - at) / 1000;
    let shown = state;
    if (state === "running" && left <= 0) shown = "over";
    root.dataset.state = shown;
    timeEl.textContent = mmss(left);
    stateEl.textContent = root.dataset["label" + shown.charAt(0).toUpperCase() + shown.slice(1)] || shown;
    controls.querySelectorAll("[data-when]").forEach((el) => { el.hidden = el.dataset.when !== shown; });
  }

  function apply(data) { state = data.state; remaining = data.remaining; at = Date.now(); render(); }

  function poll() {
    fetch(root.dataset.url, { credentials: "same-origin", cache: "no-store" })
      .then((r) => r.json()).then(apply).catch(() => {});
  }

  controls.addEventListener("submit", function (event) {
    const button = event.submitter;
    if (!button || !window.fetch) return;
    event.preventDefault();
    const data = new FormData(controls);
    data.set("action", button.value);
    fetch(window.location.pathname, {
      method: "POST", body: data, credentials: "same-origin", headers: { Accept: "application/json" },
    }).then((r) => r.json()).then(apply).catch(() => controls.submit());
  });

  document.getElementById("fullscreen").addEventListener("click", function () {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  });

  render();
  setInterval(render, 250);
  setInterval(poll, 5000);
})();
