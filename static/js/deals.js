/* Deal-by-deal entry: show the inputs the contract uses, the points before saving, the clock. */
(function () {
  "use strict";

  function debounce(fn, ms) {
    let timer;
    return function () { clearTimeout(timer); timer = setTimeout(fn, ms); };
  }

  function mmss(seconds) {
    const s = Math.max(0, Math.round(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }

  const mini = document.getElementById("mini-clock");
  if (mini) {
    const label = mini.querySelector(".clock-time");
    let remaining = Number(mini.dataset.remaining), state = mini.dataset.state, at = Date.now();
    const show = () => {
      const left = state === "running" ? remaining - (Date.now() - at) / 1000 : remaining;
      label.textContent = mmss(left);
    };
    const poll = () => fetch(mini.dataset.stateUrl, { credentials: "same-origin" })
      .then((r) => r.json()).then((d) => { remaining = d.remaining; state = d.state; at = Date.now(); show(); })
      .catch(() => {});
    show();
    setInterval(show, 1000);
    setInterval(poll, 15000);
  }

  const form = document.getElementById("deal-form");
  if (!form) return;
  const contractBox = form.querySelector("[data-per-declarer]");
  const perDeclarer = contractBox ? JSON.parse(contractBox.dataset.perDeclarer || "[]") : [];
  const mostDeclarers = contractBox ? JSON.parse(contractBox.dataset.declarers || "{}") : {};
  const contract = form.querySelector("#id_contract");

  function refresh() {
    const several = perDeclarer.indexOf(contract.value) !== -1;
    form.querySelectorAll(".per-declarer").forEach((el) => { el.hidden = !several; });
    const one = form.querySelector(".one-count");
    if (one) one.hidden = several;
  }
  if (contract) { contract.addEventListener("change", refresh); refresh(); }

  // Whist: one button per player fills the declarer selects in the order tapped (one tap a
  // declarer instead of two per select); the selects stay, for the order and the keyboard.
  const quick = form.querySelector("[data-quick-pick]");
  if (quick) {
    const selects = Array.from(quick.querySelectorAll("select[id^='id_d']"));
    const tricksOf = (select) => document.getElementById(select.id.replace("id_d", "id_t"));
    const group = document.createElement("div");
    group.className = "quick-pick";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", quick.dataset.quickPick);
    const buttons = Array.from(selects[0].options).filter((o) => o.value !== "").map((option) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = option.textContent;
      button.dataset.seat = option.value;
      group.appendChild(button);
      return button;
    });
    const sync = () => {
      const chosen = selects.map((s) => s.value);
      buttons.forEach((b) => b.setAttribute("aria-pressed", String(chosen.includes(b.dataset.seat))));
      // A player sitting the deal out (whist at a table of 5 or 6) has no button.
      buttons.forEach((b) => {
        const option = Array.from(selects[0].options).find((o) => o.value === b.dataset.seat);
        b.hidden = Boolean(option && option.disabled);
      });
    };
    const toggle = (seat) => {
      const rows = selects.map((s) => ({ seat: s.value, tricks: tricksOf(s) ? tricksOf(s).value : "" }))
        .filter((r) => r.seat !== "");
      const at = rows.findIndex((r) => r.seat === seat);
      const adding = at === -1 && rows.length < selects.length;
      if (adding) rows.push({ seat: seat, tricks: "" });
      else if (at !== -1) rows.splice(at, 1);
      selects.forEach((select, i) => {
        select.value = i < rows.length ? rows[i].seat : "";
        const tricks = tricksOf(select);
        if (tricks) tricks.value = i < rows.length ? rows[i].tricks : "";
      });
      sync();
      form.dispatchEvent(new Event("change"));
      if (adding) nextField(rows.length - 1);
    };
    // The cursor moves on to what the paper shows next: a misère declarer's own tricks as
    // soon as he is picked; the shared tricks once the contract has all its declarers.
    const nextField = (row) => {
      const own = tricksOf(selects[row]);
      if (own && !own.closest("[hidden]")) { own.focus(); return; }
      const shared = form.querySelector(".one-count input");
      const most = mostDeclarers[contract.value];
      if (shared && !shared.closest("[hidden]") && most && row + 1 >= most) shared.focus();
    };
    buttons.forEach((b) => b.addEventListener("click", () => toggle(b.dataset.seat)));
    selects.forEach((s) => s.addEventListener("change", sync));
    quick.insertBefore(group, quick.querySelector(".declarer-row"));
    sync();
  }

  // Team games: the other team's count follows (its complement shows as a placeholder). A
  // cell the player has not typed on this page (a row sent back, a form refused, both teams
  // prefilled) holds no figure of his: it follows what he types in the other cell, whichever
  // team's, so correcting one team corrects the deal.
  form.querySelectorAll("[data-follows]").forEach((input) => {
    const source = document.getElementById(input.dataset.follows);
    if (!source) return;
    const total = Number(input.dataset.total);
    const typed = new Set();
    const follow = () => {
      const value = parseInt(source.value, 10);
      input.placeholder = Number.isNaN(value) ? "" : String(total - value);
    };
    const followed = (from, to) => () => {
      typed.add(from);
      const value = parseInt(from.value, 10);
      if (!Number.isNaN(value) && value >= 0 && value <= total && to.value !== "" && !typed.has(to)) {
        to.value = String(total - value);
      }
      follow();
    };
    source.addEventListener("input", followed(source, input));
    input.addEventListener("input", followed(input, source));
    follow();
  });

  const body = document.getElementById("deal-points-body");
  if (!body) return;
  const errors = document.getElementById("deal-points-errors");
  const preview = debounce(function () {
    const data = new FormData(form);
    data.set("action", "preview");
    fetch(form.dataset.preview, { method: "POST", body: data, credentials: "same-origin" })
      .then((r) => r.json())
      .then((d) => {
        errors.textContent = d.ok ? "" : d.errors.join(" ");
        body.textContent = "";
        if (!d.ok) return;
        d.points.forEach((p, seat) => {
          const tr = document.createElement("tr");
          const name = document.createElement("td");
          name.textContent = d.names[seat];
          const cell = document.createElement("td");
          cell.className = "num";
          cell.dataset.points = String(seat);
          cell.textContent = (p > 0 ? "+" : "") + p;
          tr.append(name, cell);
          body.appendChild(tr);
        });
      })
      .catch(() => {});
  }, 250);
  form.addEventListener("change", preview);
  form.addEventListener("input", preview);
})();
