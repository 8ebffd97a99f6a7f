// A release replaces an app's chunks, and the host keeps only the new ones: a page opened before
// it cannot load the code of the next page it opens in the browser (or of a form), and would stay
// broken. Vite's loader reports each chunk that failed as `vite:preloadError`. If the app's own
// entry is gone too, the app has changed since the page was loaded (the entry's name changes with
// any chunk's: it holds their names), and the address is loaded afresh, from the new release.
//
// Self-contained (no imports, no outer names): the public site inlines it into its loader, which
// runs before any module (public-site/vite.config.ts); the console calls it from its entry.
// Written by hand: a few lines no library offers.

/** The parts of `window` it touches (a fake in the unit tests). */
export interface ReleaseWindow {
  addEventListener(type: 'vite:preloadError', listener: () => void): void;
  fetch(
    url: string,
    init: { method: 'HEAD'; cache: 'no-store' },
  ): Promise<{ status: number; headers: { get(name: string): string | null } }>;
  location: { reload(): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * From now on, a chunk that fails to load makes the page ask the host for `entry` (the app's entry
 * script): gone, the page is loaded again. Gone is a 404 (the public site's host answers that for
 * a file it does not have, and so does the console's on Pages), or a page that is not a script (a
 * host whose single-page fallback answers any unknown path with the app's `index.html`). At most
 * once a minute, so that a host still serving old pages cannot make one reload again and again. A
 * network failure (the entry still there, an error of the host, or no answer) reloads nothing: the
 * page shows its own error, with "Try again".
 */
export default function reloadAfterRelease(w: ReleaseWindow, entry: string): void {
  let checking = false;
  w.addEventListener('vite:preloadError', () => {
    if (checking) return;
    checking = true;
    const done = () => (checking = false);
    w.fetch(entry, { method: 'HEAD', cache: 'no-store' }).then((response) => {
      done();
      const ok = response.status >= 200 && response.status < 300;
      const script = /javascript|ecmascript/i.test(response.headers.get('content-type') || '');
      const gone = response.status === 404 || (ok && !script);
      if (!gone) return;
      const key = 'union:reloaded-at';
      try {
        if (Date.now() - Number(w.sessionStorage.getItem(key)) < 60000) return;
        w.sessionStorage.setItem(key, String(Date.now()));
      } catch {
        return; // without storage nothing guards against a loop: no reload
      }
      w.location.reload();
    }, done);
  });
}
