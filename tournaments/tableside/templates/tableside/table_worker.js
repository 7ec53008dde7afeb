{% load static %}{% get_static_prefix as static_prefix %}/* The table pages' service worker (issue 34): a phone that opened its table's page keeps a copy
   of it and of the files it needs, so that the page survives a reload while the hall has no
   internet; its deals wait in the page's own queue (static/js/table.js) until the site answers.

   Network first: an online phone always sees its table as it is now, and the copy is renewed
   each time; the page that answers the phone's own post is the network's only (its copy is
   the page before the post, as if nothing had been sent). Kept: the GET of a table's page
   (/t/<token>/) and of the static files, nothing else (no POST's answer, no state, no other
   page). */
"use strict";

// A new version of this file names a new cache; the old one is dropped when it activates.
const CACHE = "atout-table-v1";
const STATIC = new URL("{{ static_prefix|escapejs }}", self.location.origin).href;
// The table pages a phone held lately: a few evenings, each table's page kept once.
const KEEP_PAGES = 8;
// A network that does not answer (a hall's Wi-Fi without internet) is given up after this.
const WAIT_MS = 6000;
// The query of a page asked as the answer to a post (table_page.ANSWER_QUERY): the post
// reached the site, so its answer is waited for, however slow; only a failure shows the copy.
const ANSWER = "{{ answer_query|escapejs }}";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((n) => n.startsWith("atout-table-") && n !== CACHE).map((n) => caches.delete(n))
      ))
      .then(() => self.clients.claim())
  );
});

// A table's page: its folder's direct child (/t/<token>/), its query aside.
function pageKey(href) {
  const url = new URL(href);
  const scope = self.registration.scope;
  if (url.origin !== self.location.origin) return null;
  const key = url.origin + url.pathname;
  return key.startsWith(scope) && /^[^/]+\/$/.test(key.slice(scope.length)) ? key : null;
}

function staticKey(href) {
  const url = new URL(href);
  return url.href.startsWith(STATIC) ? url.origin + url.pathname : null;
}

function prunePages(cache) {
  return cache.keys().then((requests) => {
    const pages = requests.filter((r) => pageKey(r.url));
    // Cache keys are in the order they were last written: the oldest first.
    return Promise.all(pages.slice(0, Math.max(0, pages.length - KEEP_PAGES)).map((r) => cache.delete(r)));
  });
}

function store(key, response, isPage) {
  return caches.open(CACHE).then((cache) =>
    cache.put(key, response).then(() => (isPage ? prunePages(cache) : null))
  );
}

// What the network answers, kept for later; the kept copy when the network fails or, unless
// ``patient``, is slow.
function networkFirst(request, key, isPage, patient) {
  return new Promise((resolve, reject) => {
    let done = false;
    const answer = (response) => { if (!done) { done = true; resolve(response); } };
    const fromCache = (error) => caches.match(key).then((kept) => {
      if (kept) answer(kept);
      else if (error && !done) { done = true; reject(error); }
    });
    const timer = patient ? null : setTimeout(() => fromCache(null), WAIT_MS);
    fetch(request).then((response) => {
      clearTimeout(timer);
      if (response.ok && response.type === "basic" && !response.redirected) {
        store(key, response.clone(), isPage).catch(() => {});
      } else if (isPage && (response.status === 404 || response.status === 410)) {
        // A link replaced or revoked: its copy would show a table that no longer takes deals.
        caches.open(CACHE).then((cache) => cache.delete(key)).catch(() => {});
      }
      answer(response);
    }, (error) => {
      clearTimeout(timer);
      fromCache(error);
    });
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // a deal sent, a confirmation: always the network's
  const page = request.mode === "navigate" ? pageKey(request.url) : null;
  const file = page ? null : staticKey(request.url);
  if (!page && !file) return; // the table's state, any other page: not kept
  const answer = Boolean(page) && new URL(request.url).searchParams.has(ANSWER);
  event.respondWith(networkFirst(request, page || file, Boolean(page), answer));
});

// The page, when it opens, names itself and its files: on its first visit it was not yet
// served through this worker, so they are fetched here once. Answered with « kept ».
function keep(data) {
  return caches.open(CACHE).then((cache) => {
    const files = (Array.isArray(data.files) ? data.files : []).map(staticKey).filter(Boolean);
    const page = typeof data.page === "string" ? pageKey(data.page) : null;
    const missing = files.map((key) =>
      cache.match(key).then((kept) => (kept ? null : cache.add(key))).catch(() => null)
    );
    if (page) {
      // ``fresh``: the page was not served through this worker; a copy kept may be older.
      const kept = data.fresh ? Promise.resolve(null) : cache.match(page);
      missing.push(kept.then((copy) => copy || fetch(page, { credentials: "same-origin" }).then(
        (response) => (response.ok && !response.redirected ? store(page, response, true) : null)
      )).catch(() => null));
    }
    return Promise.all(missing);
  });
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep") return;
  event.waitUntil(keep(data).then(() => {
    if (event.source) event.source.postMessage({ type: "kept" });
  }));
});
