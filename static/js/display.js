/* The hall's screen: one slide at a time, the next every few seconds (arrow keys to step);
   the clock counts down between the server's answers (live.js refreshes them). */
(function () {
  "use strict";
  const SECONDS = 12;
  let index = 0, clockBase = null;

  function slides() { return Array.from(document.querySelectorAll(".slide")); }

  function show(next) {
    const all = slides();
    if (!all.length) return;
    index = ((next % all.length) + all.length) % all.length;
    all.forEach(function (slide, i) { slide.hidden = i !== index; });
  }

  function readClock() {
    const clock = document.getElementById("hall-clock");
    clockBase = clock ? { el: clock, remaining: Number(clock.dataset.remaining), at: Date.now() } : null;
  }

  function tick() {
    if (!clockBase || clockBase.el.dataset.state !== "running") return;
    const left = Math.max(0, Math.ceil(clockBase.remaining - (Date.now() - clockBase.at) / 1000));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    const two = function (n) { return String(n).padStart(2, "0"); };
    const time = clockBase.el.querySelector(".hall-clock-time");
    if (time) time.textContent = (h ? h + ":" + two(m) : String(m)) + ":" + two(s);
  }

  let timer = setInterval(function () { show(index + 1); }, SECONDS * 1000);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    show(index + (event.key === "ArrowRight" ? 1 : -1));
    clearInterval(timer);
    timer = setInterval(function () { show(index + 1); }, SECONDS * 1000);
  });
  // New content from live.js: keep showing the same slide (or the nearest one).
  document.addEventListener("atout:live", function () { show(index); readClock(); tick(); });
  readClock();
  show(0);
  tick();
  setInterval(tick, 500);
})();
