// The offline cache. BUILD and FILES are written above by `lacerda-bot web` at build time.
const CACHE = `lacerda-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    // fetched past the HTTP cache, so the new build's cache never holds an old file
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("lacerda-") && key !== CACHE)
          .map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

// The page's own files come from the cache (they are all named by the build);
// anything else goes to the network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) {
    return;
  }
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request))
  );
});
