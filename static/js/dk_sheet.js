/* Double King sheet by keyboard: type what the paper shows, nothing more.
 *
 * - In a line's game list, the game's letter (A-F, T) picks it and moves to the first cell.
 * - A cell moves on by itself once its points cannot go on (« 0 », « -4 » in « no queens »);
 *   « -1 » in « no tricks » waits, as « -10 » may follow: a minus typed next starts the next
 *   cell, Tab or Enter moves on.
 * - The line's last cell, fixed by its total, is filled in and selected: Enter accepts it (or
 *   type over it) and goes to the next line; after the last line, to the save button.
 * - Penalty lines stay hidden until « + pénalité » opens one.
 * The page works without this file: it only moves the focus and fills the last cell.
 */
(function () {
  "use strict";

  const grid = document.getElementById("dk-grid");
  if (!grid) return;
  const form = grid.closest("form");
  const lines = JSON.parse(grid.dataset.lines);
  const byLetter = {};
  Object.keys(lines).forEach((code) => { byLetter[lines[code].letter.toLowerCase()] = code; });
  const ROWS = grid.querySelectorAll("tr[data-row]").length;
  const BEFORE = Array.from({ length: ROWS }, (_, i) => String(i + 1));

  function lineOf(element) { return element.closest("tr[data-row], tr[data-line]"); }
  function cellsOf(tr) { return Array.from(tr.querySelectorAll("input.points")); }
  function gameOf(tr) { return tr.querySelector("select"); }
  function parse(text) {
    const t = text.trim().replace("\u2212", "-").replace(/^\+/, "");
    return /^-?\d+$/.test(t) ? parseInt(t, 10) : null;
  }

  /* What the line's cells may hold: a game row's values, or a penalty line's. */
  function specOf(tr) {
    const game = lines[gameOf(tr).value];
    if (!game) return null;
    return tr.dataset.line ? game.penalty : game;
  }

  /* The values this cell may still take: within what the other cells leave of the total when
     every value has one sign (a penalty in trump mixes them: no bound then). */
  function allowed(tr, input) {
    const spec = specOf(tr);
    if (!spec) return null;
    const oneSign = spec.values.every((v) => v <= 0) || spec.values.every((v) => v >= 0);
    if (!oneSign) return spec.values.map(String);
    let left = spec.total;
    cellsOf(tr).forEach((cell) => {
      const v = parse(cell.value);
      if (cell !== input && v !== null) left -= v;
    });
    return spec.values.filter((v) => Math.abs(v) <= Math.abs(left)).map(String);
  }

  /* "done": the text is a value nothing can extend; "wait": a value or the start of one. */
  function state(text, values) {
    if (!values) return "wait";
    const t = text.replace("\u2212", "-");
    const longer = values.some((v) => v.length > t.length && v.startsWith(t));
    if (values.indexOf(t) !== -1) return longer ? "wait" : "done";
    return longer ? "wait" : "bad";
  }

  function focusSelect(element) {
    element.focus();
    if (element.select) element.select();
  }

  function nextLine(tr) {
    let next = tr.nextElementSibling;
    while (next && !(next.matches("tr[data-row], tr[data-line]") && !next.hidden)) {
      next = next.nextElementSibling;
    }
    if (!next) {
      form.querySelector("button[type=submit]").focus();
      return;
    }
    focusSelect(next.dataset.line ? next.querySelector("input") : gameOf(next));
  }

  /* On to the next cell of the line (its last one filled in from the total), or line. */
  function advance(tr, input) {
    const cells = cellsOf(tr);
    const next = cells[cells.indexOf(input) + 1];
    if (!next) {
      nextLine(tr);
      return;
    }
    if (next === cells[cells.length - 1]) fillLast(tr, next);
    focusSelect(next);
  }

  function fillLast(tr, last) {
    const spec = specOf(tr);
    if (!spec || (last.value !== "" && last.dataset.auto !== "1")) return;
    let left = spec.total;
    for (const cell of cellsOf(tr)) {
      if (cell === last) continue;
      const v = parse(cell.value);
      if (v === null) return;
      left -= v;
    }
    if (spec.values.indexOf(left) === -1) return;
    last.value = String(left);
    last.dataset.auto = "1";
    last.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function typed(event) {
    return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  }

  function onCellKey(event, tr, input) {
    if (event.key === "Enter") {
      event.preventDefault();
      advance(tr, input);
      return;
    }
    if (!typed(event)) return;
    const values = allowed(tr, input);
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.selectionStart;
    const cells = cellsOf(tr);
    const next = cells[cells.indexOf(input) + 1];
    // A whole value, then a character that cannot continue it: it starts the next cell.
    const whole = values !== null && values.indexOf(input.value.replace("\u2212", "-")) !== -1;
    if (atEnd && next && whole && state(input.value + event.key, values) === "bad") {
      event.preventDefault();
      advance(tr, input);
      next.value = event.key;
      delete next.dataset.auto;
      next.dispatchEvent(new Event("input", { bubbles: true }));
      if (state(next.value, allowed(tr, next)) === "done") advance(tr, next);
    }
  }

  function onGameKey(event, tr, select) {
    if (event.key === "Enter") {
      event.preventDefault();
      focusSelect(cellsOf(tr)[0]);
      return;
    }
    const code = typed(event) && byLetter[event.key.toLowerCase()];
    if (!code) return;
    event.preventDefault();
    select.value = code;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    focusSelect(cellsOf(tr)[0]);
  }

  function onBeforeKey(event, tr) {
    if (event.key === "Enter") {
      event.preventDefault();
      gameOf(tr).focus();
    }
  }

  grid.addEventListener("keydown", function (event) {
    const target = event.target;
    const tr = lineOf(target);
    if (!tr) return;
    if (target.matches("input.points")) onCellKey(event, tr, target);
    else if (target.tagName === "SELECT") onGameKey(event, tr, target);
    else if (target.tagName === "INPUT") onBeforeKey(event, tr);
  });

  grid.addEventListener("input", function (event) {
    const target = event.target;
    const tr = lineOf(target);
    if (!tr || !event.isTrusted) return;
    if (target.matches("input.points")) {
      delete target.dataset.auto;
      if (state(target.value, allowed(tr, target)) === "done") advance(tr, target);
    } else if (target.tagName === "INPUT" && state(target.value.trim(), BEFORE) === "done") {
      gameOf(tr).focus();
    }
  });

  /* However the last cell is reached (Tab, a click), it offers what the total leaves. */
  grid.addEventListener("focusin", function (event) {
    const target = event.target;
    const tr = lineOf(target);
    if (!tr || !target.matches("input.points")) return;
    const cells = cellsOf(tr);
    if (target === cells[cells.length - 1]) {
      fillLast(tr, target);
      target.select();
    }
  });

  /* « Reste à choisir »: each player's negative and trump choices left and each negative
     game's plays, counted again from the letters typed (a row's points need not be in yet;
     the saved sheet's preview says the same once the rows are whole). The dealers follow the
     core's rotation: a penalty line takes a turn only when the rules say so. */
  const choices = grid.dataset.choices ? JSON.parse(grid.dataset.choices) : null;
  const gamesLeft = document.getElementById("games-left");
  const gameNames = gamesLeft ? JSON.parse(gamesLeft.dataset.names || "{}") : {};

  function recount() {
    if (!choices) return;
    const negatives = Array(choices.seats).fill(choices.negatives);
    const trumps = Array(choices.seats).fill(choices.trumps);
    const times = Object.assign({}, choices.times);
    function choose(code, dealer) {
      if (!(code in lines)) return;
      if (code in times) {
        negatives[dealer] -= 1;
        times[code] -= 1;
      } else {
        trumps[dealer] -= 1;
      }
    }
    const before = {};
    grid.querySelectorAll("tr[data-line]").forEach((tr) => {
      const row = parse(tr.querySelector("input").value);
      const code = gameOf(tr).value;
      if (row !== null && row >= 1 && row <= ROWS && code in lines) {
        (before[row] = before[row] || []).push(code);
      }
    });
    let slot = choices.first;
    grid.querySelectorAll("tr[data-row]").forEach((tr, index) => {
      (before[index + 1] || []).forEach((code) => {
        if (!choices.penalty_counts) return;
        choose(code, slot % choices.seats);
        slot += 1;
      });
      choose(gameOf(tr).value, slot % choices.seats);
      slot += 1;
    });
    const show = (selector, values) => values.forEach((v, seat) => {
      const cell = document.querySelector("[" + selector + "='" + seat + "']");
      if (cell) cell.textContent = String(Math.max(0, v));
    });
    show("data-negatives", negatives);
    show("data-trumps", trumps);
    if (gamesLeft) {
      gamesLeft.textContent = "";
      Object.keys(times).forEach((code) => {
        if (times[code] <= 0) return;
        const li = document.createElement("li");
        li.textContent = (gameNames[code] || code) + " × " + times[code];
        gamesLeft.appendChild(li);
      });
    }
  }
  grid.addEventListener("change", recount);
  grid.addEventListener("input", recount);
  recount();

  /* Penalty lines: hidden until « + pénalité » opens the next one. */
  const add = document.getElementById("add-penalty");
  const unused = () => Array.from(grid.querySelectorAll("tr.penalty-line.unused"));
  unused().forEach((tr) => { tr.hidden = true; });
  if (add) {
    add.hidden = unused().length === 0;
    add.addEventListener("click", function (event) {
      event.preventDefault();
      const tr = unused()[0];
      if (!tr) return;
      tr.hidden = false;
      tr.classList.remove("unused");
      add.hidden = unused().length === 0;
      tr.querySelector("input").focus();
    });
  }
})();
