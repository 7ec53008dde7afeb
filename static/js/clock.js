/* The hall clock: the server says how much time is left; the page counts down between polls.
   The digits are sized to their text: as large as the screen allows, never beyond it. */
(function () {
  "use strict";
  const root = document.getElementById("clock");
  if (!root) return;
  const controls = document.getElementById("clock-controls");
  const fullscreen = document.getElementById("fullscreen");
  if (fullscreen) {
    fullscreen.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(() => {});
    });
  }
  const timeEl = document.getElementById("clock-time");
  if (!timeEl || !root.dataset.url) return;
  const digits = document.getElementById("clock-digits");
  const stateEl = document.getElementById("clock-state");
  const hall = root.dataset.hall === "1";
  let state = root.dataset.state, remaining = Number(root.dataset.remaining), at = Date.now();
  let fitted = "";

  function mmss(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }

  function outerHeight(el) {
    if (el.hidden || el === timeEl) return 0;
    const style = getComputedStyle(el);
    return el.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  }

  // Measure the text at 100px, then scale it to the width of the screen and to the height the
  // title, the state and the buttons leave.
  function fit() {
    timeEl.style.fontSize = "100px";
    const box = digits.getBoundingClientRect();
    const main = getComputedStyle(root), own = getComputedStyle(timeEl);
    const width = document.documentElement.clientWidth * 0.94;
    let height = window.innerHeight - parseFloat(main.paddingTop) - parseFloat(main.paddingBottom)
      - parseFloat(own.marginTop) - parseFloat(own.marginBottom);
    for (const el of root.children) height -= outerHeight(el);
    const size = Math.floor(Math.min((100 * width) / box.width, (100 * height * 0.98) / box.height));
    timeEl.style.fontSize = Math.max(10, size) + "px";
  }

  function render() {
    let left = remaining;
    if (state === "running") left = remaining - (Date.now() - at) / 1000;
    let shown = state;
    if (state === "running" && left <= 0) shown = "over";
    root.dataset.state = shown;
    const text = mmss(left);
    digits.textContent = text;
    const label = root.dataset["label" + shown.charAt(0).toUpperCase() + shown.slice(1)] || shown;
    stateEl.textContent = label;
    if (controls) {
      controls.querySelectorAll("[data-when]").forEach((el) => { el.hidden = el.dataset.when !== shown; });
    }
    // Refit when the shape of the text changes (« 1:00:00 » to « 59:59 ») or the state line.
    const shape = text.length + "|" + label + "|" + shown;
    if (shape !== fitted) { fitted = shape; fit(); }
  }

  function apply(data) {
    if (hall && String(data.round) !== root.dataset.round) { window.location.reload(); return; }
    state = data.state; remaining = data.remaining; at = Date.now(); render();
  }

  function poll() {
    fetch(root.dataset.url, { credentials: "same-origin", cache: "no-store" })
      .then((r) => r.json()).then(apply).catch(() => {});
  }

  if (controls && controls.tagName === "FORM") {
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
  }

  window.addEventListener("resize", fit);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
  render();
  setInterval(render, 250);
  setInterval(poll, 5000);
})();
