/* A table's phone page (and the scorekeeper's phones page): poll the table's state (ETag) and
   redraw when another phone entered, confirmed or sent back a deal; a half-typed deal is never
   lost (a notice instead).

   On the table's page, a deal is sent by this script: kept first in the browser
   (localStorage), then sent with its key; while the hall's Wi-Fi is down the phone keeps the
   deals it entered and sends them, in order, once the server answers again. The server stores
   a deal sent twice once (the key) and keeps a deal whose table changed meanwhile as a
   conflict, sent back, for the players to see. Without JavaScript the form posts as usual. */
(function () {
  "use strict";
  const live = document.getElementById("table-live");
  if (!live) return;
  const news = document.getElementById("table-news");
  const form = document.getElementById("deal-form");
  const box = document.getElementById("send-queue");
  let etag = null, typing = false;
  const stamp = live.dataset.stamp;
  // The answer to a post is asked with a query that tells the service worker to wait for it;
  // the address shown (and reloaded later) is the page's own.
  if (window.location.search) {
    window.history.replaceState(
      window.history.state, "", window.location.pathname + window.location.hash
    );
  }
  document.querySelectorAll("form input[type=text], form select, form input[type=number]")
    .forEach((el) => el.addEventListener("input", () => { typing = true; }));
  if (form) form.addEventListener("change", () => { typing = true; });

  // Offline, the page says it is the copy kept on the phone (and from when); online, not.
  const copy = document.getElementById("offline-copy");
  const showCopy = (offline) => { if (copy) copy.hidden = !offline; };
  showCopy(!navigator.onLine);
  window.addEventListener("online", () => showCopy(false));
  window.addEventListener("offline", () => showCopy(true));

  // The service worker keeps this page and its files, so that a reload without the network
  // still shows it (and its deals kept to send). It fetches them itself the first time:
  // that visit was not served through it. A page served over plain HTTP (not localhost) has
  // no worker: browsers allow one on secure pages only.
  if ("serviceWorker" in navigator && window.isSecureContext && live.dataset.worker) {
    const fresh = !navigator.serviceWorker.controller; // before the worker claims the page
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "kept") live.dataset.offlineReady = "true";
    });
    navigator.serviceWorker.register(live.dataset.worker).then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const files = Array.from(
          document.querySelectorAll("script[src], link[rel=stylesheet][href]"),
          (el) => el.src || el.href
        );
        const page = window.location.href.split("#")[0];
        registration.active.postMessage({ type: "keep", page: page, files: files, fresh: fresh });
      })
      .catch(() => {}); // no copy kept: the page works online as before
  }

  // Once: a poll that finds news while the page reloads must not reload it again (the second
  // reload would abort the first).
  let reloading = false;
  function redraw() {
    if (typing) { news.hidden = false; return; }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  }
  // A form posted as usual (a confirmation, a deal sent back, a player chosen): the page is
  // leaving. Its poll may see the change that post made before the answer arrives; a reload
  // then would replace the answer, and the player would not read what became of his deal.
  document.addEventListener("submit", (event) => {
    if (!event.defaultPrevented) reloading = true;
  });

  function poll() {
    if (reloading) return;
    // Deals still to send: they go first, and the page is drawn afresh once they arrived
    // (not midway, which would send again the one whose answer the reload lost).
    // A phone that knows it has no network tries nothing (the « online » event sends them); one
    // that believes it has, tries every poll (a Wi-Fi that drops requests says it is online).
    if (box && pending().length) { if (navigator.onLine) flush(); return; }
    const headers = etag ? { "If-None-Match": etag } : {};
    fetch(live.dataset.stateUrl, { credentials: "same-origin", headers: headers, cache: "no-cache" })
      .then((r) => {
        showCopy(false);
        if (r.status === 304) return null;
        // 410: the scorekeeper replaced the table's link; the page says so and how to rejoin.
        if (r.status === 410) { redraw(); return null; }
        if (!r.ok) return null;
        etag = r.headers.get("ETag");
        return r.json();
      }, () => { showCopy(true); return null; })
      .then((d) => { if (d && d.stamp !== stamp) redraw(); })
      .catch(() => {});
  }
  setInterval(poll, Number(document.body.dataset.liveSeconds || 3) * 1000);

  // A row sent back is back in the form with its reason: both in view, ready to correct.
  const sentBack = document.getElementById("sent-back-reason");
  if (sentBack && form) {
    // A reload would put the page back where it was scrolled (at the bottom, say): not here.
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const show = () => sentBack.scrollIntoView({ block: "start" });
    show();
    window.addEventListener("load", show);
    const firstInput = form.querySelector("select, input:not([type=hidden])");
    if (firstInput) firstInput.focus({ preventScroll: true });
  }
  if (!box) return;

  // ------------------------------------------------------------------ the deals kept to send
  const text = box.dataset;
  const note = document.getElementById("offline-note");
  const list = document.getElementById("queued-deals");
  const storeKey = text.queue;
  let offline = !navigator.onLine, sending = false;

  function load() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "[]"); } catch (e) { return []; }
  }
  function store(queue) {
    try { window.localStorage.setItem(storeKey, JSON.stringify(queue)); } catch (e) { /* full */ }
  }
  function pending() { return load().filter((item) => item.state === "waiting"); }
  const fill = (template, n, row) =>
    template.replace("__N__", String(n)).replace("__ROW__", row || String(n));
  // A counted phrase's forms for 0, 1 and 2 or more (deal_word_counts): « 1 donne », « 2 donnes ».
  const counted = (forms, n) => fill(JSON.parse(forms)[Math.min(n, 2)], n);

  function render() {
    const queue = load();
    const waiting = queue.filter((item) => item.state === "waiting").length;
    box.hidden = queue.length === 0 && !offline;
    if (offline) note.textContent = counted(text.offline, waiting);
    else note.textContent = waiting ? counted(text.sending, waiting) : "";
    note.hidden = note.textContent === "";
    list.textContent = "";
    queue.forEach((item) => {
      const li = document.createElement("li");
      li.dataset.key = item.key;
      li.dataset.state = item.state;
      const label = document.createElement("span");
      label.textContent = item.state === "waiting"
        ? fill(text.kept, item.number, item.label)
        : fill(text.refused, item.number, item.label) + " " + item.message;
      li.appendChild(label);
      if (item.state !== "waiting") {
        li.className = "field-error";
        if (form) li.appendChild(button(text.resume, () => resume(item)));
        li.appendChild(button(text.drop, () => drop(item.key)));
      }
      list.appendChild(li);
    });
  }

  function button(label, action) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button small";
    b.textContent = label;
    b.addEventListener("click", action);
    return b;
  }

  function drop(key) {
    store(load().filter((item) => item.key !== key));
    render();
  }

  // A deal refused when it arrived (e.g. typed offline with 14 tricks): back into the form.
  function resume(item) {
    const keep = ["csrfmiddlewaretoken", "number", "version", "key"];
    item.fields.forEach(([name, value]) => {
      if (keep.indexOf(name) !== -1) return;
      const el = form.elements[name];
      if (!el) return;
      if (el instanceof RadioNodeList || (el.type === "checkbox" || el.type === "radio")) {
        const all = el instanceof RadioNodeList ? Array.from(el) : [el];
        all.forEach((input) => { input.checked = input.value === value; });
      } else {
        el.value = value;
      }
    });
    drop(item.key);
    form.dispatchEvent(new Event("change"));
    const first = form.querySelector("select, input:not([type=hidden])");
    if (first) first.focus();
  }

  function csrf() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  // Sends one deal; resolves to "sent", "refused" (with the item's message set) or "later".
  function sendOne(item) {
    const data = new FormData();
    item.fields.forEach(([name, value]) => data.append(name, value));
    data.set("action", "save");
    data.set("csrfmiddlewaretoken", csrf());
    return fetch(text.send, {
      method: "POST", body: data, credentials: "same-origin", headers: { Accept: "application/json" },
    }).then((r) => {
      if (r.ok) return "sent";
      // 409: kept by the server as a conflict (sent back, shown on every phone), unless it
      // was not kept at all (its key already used for another deal): then refused here.
      if (r.status === 409) {
        return r.json().catch(() => ({})).then((d) => {
          if (d.status === "rejected") return "sent";
          item.message = d.message || "";
          return "refused";
        });
      }
      if (r.status === 400 || r.status === 403 || r.status === 404 || r.status === 410) {
        return r.json().catch(() => ({})).then((d) => {
          item.message = d.message || "";
          return "refused";
        });
      }
      return "later"; // 429, 5xx: the server is busy; try again
    }, () => "later");
  }

  // Sends the kept deals in order, one at a time; redraws the page once any arrived.
  function flush(arrived) {
    if (sending) return Promise.resolve(false);
    const next = pending()[0];
    if (!next) {
      if (arrived) redraw();
      return Promise.resolve(Boolean(arrived));
    }
    sending = true;
    return sendOne(next).then((outcome) => {
      sending = false;
      const queue = load();
      const at = queue.findIndex((item) => item.key === next.key);
      if (outcome === "later") {
        offline = true;
        render();
        if (arrived) redraw();
        return false;
      }
      offline = false;
      if (at !== -1) {
        if (outcome === "sent") queue.splice(at, 1);
        else { queue[at].state = "refused"; queue[at].message = next.message; }
        store(queue);
      }
      render();
      return flush(arrived || outcome === "sent");
    });
  }

  window.addEventListener("online", () => { offline = false; render(); flush(); });
  window.addEventListener("offline", () => { offline = true; render(); });

  if (form && form.dataset.send) {
    const number = form.elements.number;
    const first = Number(number.value);
    const dealers = JSON.parse(form.dataset.dealers || "[]");
    const heading = form.querySelector("h2");
    const dealer = form.querySelector("#dealer");
    // Whist at a table of 5 or 6: who sits each deal out, in words and as seats (their
    // names are disabled in the lists of players).
    const sittingOut = JSON.parse(form.dataset.sittingOut || "[]");
    const out = form.querySelector("#sitting-out");
    const showSittingOut = (entry) => {
      if (out) out.textContent = entry[0];
      form.querySelectorAll("select[name^='d'], select[name='renege']").forEach((select) => {
        Array.from(select.options).forEach((option) => {
          option.disabled = option.value !== "" && entry[1].includes(Number(option.value));
        });
        if (select.selectedOptions.length && select.selectedOptions[0].disabled) select.value = "";
        select.dispatchEvent(new Event("change"));
      });
    };

    // The table's last deal (none: played to a target): past it, the phone keeps no more.
    const last = Number(form.dataset.last) || 0;
    // The form of the deal after ``n`` (the page was drawn for the first free place).
    const showNumber = (n) => {
      if (last && n > last) form.hidden = true; // all typed: the list says they wait to go
      const before = Number(number.value);
      number.value = String(n);
      // The row's name moves on as its place does (« Jeu 9 » → « Jeu 10 »).
      if (form.dataset.row) {
        form.dataset.row = form.dataset.row.replace(/\d+(?!.*\d)/, (k) => String(Number(k) + n - before));
      }
      if (heading && heading.firstChild && heading.firstChild.nodeType === Node.TEXT_NODE) {
        heading.firstChild.textContent = heading.firstChild.textContent.replace(String(before), String(n));
      }
      if (dealer) dealer.textContent = dealers[n - first] || "";
      if (sittingOut.some((entry) => entry[1].length)) showSittingOut(sittingOut[n - first] || ["", []]);
    };
    const freshKey = () => {
      const bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    };
    // A key of this phone's own: the page may be the copy kept offline, whose key a deal
    // kept before the reload already carries (the server would refuse it as reused).
    form.elements.key.value = freshKey();
    // Deals kept from before (the page was reloaded while some were still to send).
    const kept = pending().map((item) => item.number);
    if (kept.length && Math.max.apply(null, kept) >= first) showNumber(Math.max.apply(null, kept) + 1);

    form.addEventListener("submit", (event) => {
      const action = event.submitter ? event.submitter.value : "save";
      if (action !== "save") {
        if (offline) event.preventDefault(); // the points show once the phone is back online
        return;
      }
      event.preventDefault();
      const fields = [];
      new FormData(form).forEach((value, name) => {
        if (name !== "csrfmiddlewaretoken" && name !== "action") fields.push([name, String(value)]);
      });
      const item = {
        key: form.elements.key.value, number: Number(number.value), label: form.dataset.row || "",
        fields: fields, state: "waiting",
      };
      const queue = load();
      const onlyOne = !queue.some((other) => other.state === "waiting");
      queue.push(item);
      store(queue);
      if (onlyOne && !offline && navigator.onLine) {
        // Online, nothing before it: the answer decides. Refused (a field is wrong): the
        // form posts as usual and the server shows the message on the field, values kept.
        sending = true;
        sendOne(item).then((outcome) => {
          sending = false;
          if (outcome === "later") { offline = true; keep(); return; }
          drop(item.key);
          if (outcome === "refused") {
            const hidden = document.createElement("input");
            hidden.type = "hidden"; hidden.name = "action"; hidden.value = "save";
            form.appendChild(hidden);
            reloading = true; // form.submit() sends no « submit » event
            form.submit();
            return;
          }
          typing = false;
          // Drawn afresh as the answer to the deal sent (the worker waits for it), as the
          // form's own post would be.
          reloading = true;
          window.location.replace(live.dataset.answer);
        });
        return;
      }
      keep();
    });

    // The deal is kept on the phone: the form moves on to the next deal.
    function keep() {
      form.reset();
      form.elements.key.value = freshKey();
      showNumber(Number(number.value) + 1);
      const points = document.getElementById("deal-points-body");
      if (points) points.textContent = "";
      typing = false;
      render();
      if (navigator.onLine) flush(); // offline: the « online » event sends them
      const firstField = form.querySelector("select, input:not([type=hidden])");
      if (firstField) firstField.focus();
    }
  }

  render();
  if (!offline) flush();
})();
