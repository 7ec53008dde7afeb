/* A Double King row on a table's phone: the last player's points follow from the game's total
 * (as on paper, the last cell is what the others leave), and stay overwritable: once typed
 * there, they are the player's. The page works without this file (all four cells typed). */
(function () {
  "use strict";
  const row = document.getElementById("dk-row");
  if (!row) return;
  const lines = JSON.parse(row.dataset.lines);
  const game = row.querySelector("select");
  const cells = Array.from(row.querySelectorAll("input.points"));
  const last = cells[cells.length - 1];
  const penalty = row.querySelector("input[name='penalty']");

  function parse(text) {
    const t = text.trim().replace("\u2212", "-").replace(/^\+/, "");
    return /^-?\d+$/.test(t) ? parseInt(t, 10) : null;
  }

  function fillLast() {
    if (last.value !== "" && last.dataset.auto !== "1") return;
    const line = lines[game.value];
    // A penalty line has its own points and total (the offender's, the others').
    const spec = line && penalty && penalty.checked ? line.penalty : line;
    let left = spec ? spec.total : null;
    for (const cell of cells.slice(0, -1)) {
      const v = parse(cell.value);
      if (v === null || left === null) { left = null; break; }
      left -= v;
    }
    const value = left !== null && spec.values.indexOf(left) !== -1 ? String(left) : "";
    if (value === last.value) return;
    last.value = value;
    if (value) last.dataset.auto = "1"; else delete last.dataset.auto;
    last.dispatchEvent(new Event("input", { bubbles: true }));
  }

  last.addEventListener("input", (event) => { if (event.isTrusted) delete last.dataset.auto; });
  cells.slice(0, -1).forEach((cell) => cell.addEventListener("input", fillLast));
  game.addEventListener("change", fillLast);
  if (penalty) penalty.addEventListener("change", fillLast);
})();
