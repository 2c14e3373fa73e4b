// The play page's service worker.
//
// 1. Offline: on install it caches every file of the site (assets.json, written by the build,
//    lists them); requests go to the network first and fall back to the cache, so the page
//    works offline once loaded and shows a new build as soon as one is served.
// 2. Threads on any static host: the engine's threads need a cross-origin isolated page, which
//    takes the headers `Cross-Origin-Opener-Policy: same-origin` and
//    `Cross-Origin-Embedder-Policy: require-corp`. This worker adds them to every response it
//    hands out, so a page served without them becomes isolated after one reload (xiangqi.js's
//    registerServiceWorker() does that reload).
//
// The page fetches nothing from other origins; such requests are passed through untouched.

const VERSION = '__BUILD_VERSION__';
const CACHE = `xiangqi-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      const list = await fetch(new URL('assets.json', self.registration.scope), { cache: 'no-store' });
      const { files } = await list.json();
      await cache.addAll(files.map((f) => new URL(f, self.registration.scope).href));
    } catch (error) {
      // Without the list (a development server, say) files are cached as they are fetched.
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('xiangqi-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The response with the isolation headers added (opaque responses cannot be changed). */
function isolated(response) {
  if (!response || response.status === 0 || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function respond(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      await cache.put(request, response.clone());
    }
    return isolated(response);
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (cached) return isolated(cached);
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(respond(request));
});
