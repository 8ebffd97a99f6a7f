import { describe, expect, it } from 'vitest';
import { EARLY_CLICK } from './lib/earlyClick';
import { FIRST_SCREEN_MARKER } from './lib/firstScreen';
import startScripts, { type StartWindow } from './start-scripts';

type Listener = () => void;

/** An image of the first screen, as far as the loader looks at it. */
class FakeImage {
  complete = false;
  naturalWidth = 0;
  private listeners = new Map<string, Listener[]>();
  decoded = Promise.resolve();
  addEventListener(type: string, run: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), run]);
  }
  decode() {
    return this.decoded;
  }
  fire(type: 'load' | 'error') {
    this.complete = true;
    if (type === 'load') this.naturalWidth = 800;
    for (const run of this.listeners.get(type) ?? []) run();
  }
}

/**
 * A page with `images` on its first screen and a browser that supports `entryTypes`; records
 * what the loader adds to <head>. Timers and frames run only when the test says so.
 */
function page(images: FakeImage[], entryTypes: string[], withIntersection = true, appendMs = 0) {
  const added: string[] = [];
  // The entries the release check was armed with.
  const armed: string[] = [];
  // The page's clock: adding an element to <head> takes `appendMs`.
  let clock = 0;
  const timers: { run: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  const observers: { type?: string; report: (entries: { name: string; element?: unknown }[]) => void }[] = [];
  const intersections: ((entries: { target: unknown; isIntersecting: boolean }[]) => void)[] = [];
  // A listed link: `rel href`, as prerender/page.ts writes them.
  const link = (listed: string) => {
    const [rel, href] = listed.split(' ');
    return { getAttribute: (name: string) => (name === 'rel' ? rel : name === 'href' ? href : null) };
  };
  const template = (entry: string | null, links: string[]) => ({
    getAttribute: () => entry,
    content: { querySelectorAll: () => links.map(link) },
  });
  const clickListeners: { run: (event: unknown) => void; capture: unknown }[] = [];
  const htmlAttributes = new Set<string>();
  const buttons = [new FakeButton('menu'), new FakeButton('theme')];
  const win = {
    document: {
      addEventListener: (type: string, run: (event: unknown) => void, capture: unknown) =>
        type === 'click' && clickListeners.push({ run, capture }),
      documentElement: { hasAttribute: (name: string) => htmlAttributes.has(name) },
      querySelectorAll: (selector: string) => {
        if (selector === `[${EARLY_CLICK.pending}]`)
          return buttons.filter((b) => b.attributes.has(EARLY_CLICK.pending));
        if (selector === 'template[data-scripts]')
          return [
            template('/assets/index.js', ['modulepreload /assets/react.js', 'manifest /manifest.webmanifest']),
            template(null, ['modulepreload /assets/page.js']),
          ];
        if (selector === `img[elementtiming="${FIRST_SCREEN_MARKER}"]`) return images;
        throw new Error(`unexpected selector ${selector}`);
      },
      createElement: () => ({}) as Record<string, string>,
      head: {
        appendChild: (el: { rel?: string; href?: string; type?: string; src?: string; crossOrigin?: string }) => {
          clock += appendMs;
          added.push(
            (el.rel ? `${el.rel} ${el.href}` : `${el.type} ${el.src}`) + (el.crossOrigin === '' ? ' (cors)' : ''),
          );
        },
      },
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    performance: { now: () => clock },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    PerformanceObserver: Object.assign(
      function (this: unknown, report: (list: { getEntries(): { name: string; element?: unknown }[] }) => void) {
        const observer: (typeof observers)[number] = { report: (entries) => report({ getEntries: () => entries }) };
        observers.push(observer);
        return {
          observe: ({ type }: { type: string }) => (observer.type = type),
          disconnect: () => observers.splice(observers.indexOf(observer), 1),
        };
      },
      { supportedEntryTypes: entryTypes },
    ),
    IntersectionObserver: withIntersection
      ? function (this: unknown, report: (typeof intersections)[number]) {
          intersections.push(report);
          return { observe: () => undefined, disconnect: () => undefined };
        }
      : undefined,
  } as unknown as StartWindow;
  /** The zero-delay timers set so far, each once, in order: one task each. */
  const zeroTimers = () => {
    const due = timers.filter((t) => t.ms === 0);
    for (const timer of due) timers.splice(timers.indexOf(timer), 1);
    due.forEach((timer) => timer.run());
  };
  const flush = async () => {
    await new Promise((done) => setImmediate(done));
    for (const run of frames.splice(0)) run();
    while (timers.some((t) => t.ms === 0)) zeroTimers();
  };
  return {
    started: () => added.length > 0,
    added,
    flush,
    report: (type: string, entries: { name: string; element?: unknown }[]) =>
      observers.filter((o) => o.type === type).forEach((o) => o.report(entries)),
    intersect: (entries: { target: unknown; isIntersecting: boolean }[]) => intersections.forEach((r) => r(entries)),
    timeout: () => timers.find((t) => t.ms === 3000)!.run(),
    /** Runs the zero-delay timers set so far (the next task), not those they set. */
    nextTask: zeroTimers,
    run: () => startScripts(win, FIRST_SCREEN_MARKER, EARLY_CLICK, (_w, entry) => void armed.push(entry)),
    buttons,
    /** A click on `target` (a button, something inside one, or elsewhere): whether its default was prevented. */
    click(target: { closest(selector: string): FakeButton | null }) {
      let prevented = false;
      const event = { target, preventDefault: () => (prevented = true) };
      for (const listener of clickListeners) listener.run(event);
      return { prevented, captured: clickListeners.every((l) => l.capture === true) };
    },
    hydrating: () => htmlAttributes.add(EARLY_CLICK.hydrating),
    armed,
  };
}

/** A button of the page, as far as the loader's click keeper looks at it. */
class FakeButton {
  attributes = new Set<string>();
  disabled = false;
  constructor(readonly name: string) {}
  closest = (selector: string) => (selector === 'button' ? this : null);
  setAttribute = (name: string) => void this.attributes.add(name);
  removeAttribute = (name: string) => void this.attributes.delete(name);
}

const marked = (p: ReturnType<typeof page>) =>
  p.buttons.filter((b) => b.attributes.has(EARLY_CLICK.pending)).map((b) => b.name);

describe('clicks before the app has taken the page over (start-scripts.ts)', () => {
  it('keeps the last button clicked, its default action held, until the app is hydrating', () => {
    const p = page([], ['paint']);
    p.run();
    const [menu, theme] = p.buttons;
    // The icon inside the menu button was tapped.
    expect(p.click({ closest: (s) => (s === 'button' ? menu! : null) })).toEqual({ prevented: true, captured: true });
    expect(marked(p)).toEqual(['menu']);
    expect(menu!.attributes.has('aria-busy')).toBe(true);
    expect(p.click(theme!).prevented).toBe(true);
    expect(marked(p)).toEqual(['theme']);
    expect(menu!.attributes.has('aria-busy')).toBe(false);
    // A disabled button does nothing, before the app as after.
    menu!.disabled = true;
    expect(p.click(menu!).prevented).toBe(false);
    expect(marked(p)).toEqual(['theme']);
    menu!.disabled = false;
    // Not a button (a link, text): the browser does what it does, nothing is kept.
    expect(p.click({ closest: () => null }).prevented).toBe(false);
    expect(marked(p)).toEqual(['theme']);
    // From hydrateRoot on, React hears clicks itself.
    p.hydrating();
    expect(p.click(menu!).prevented).toBe(false);
    expect(marked(p)).toEqual(['theme']);
  });
});

describe('the script loader (start-scripts.ts)', () => {
  it('starts the scripts once Chromium reports every first-screen image painted: the links (the manifest among them), then the entry', async () => {
    const hero = new FakeImage();
    const photo = new FakeImage();
    const p = page([hero, photo], ['paint', 'element']);
    p.run();
    hero.fire('load');
    photo.fire('load');
    await p.flush();
    expect(p.started()).toBe(false); // loaded is not painted
    p.report('element', [{ name: 'image-paint', element: hero }]);
    await p.flush();
    expect(p.started()).toBe(false);
    p.report('element', [{ name: 'image-paint', element: photo }]);
    await p.flush();
    expect(p.added).toEqual([
      'modulepreload /assets/react.js (cors)',
      'manifest /manifest.webmanifest',
      'modulepreload /assets/page.js (cors)',
      'module /assets/index.js (cors)',
    ]);
  });

  it('does not wait for an image that failed or that lies below the fold', async () => {
    const failed = new FakeImage();
    const below = new FakeImage();
    const p = page([failed, below], ['paint', 'element']);
    p.run();
    failed.fire('error');
    await p.flush();
    expect(p.started()).toBe(false);
    p.intersect([{ target: below, isIntersecting: false }]);
    await p.flush();
    expect(p.started()).toBe(true);
  });

  it('without Element Timing, waits for the image to load and decode, then a frame', async () => {
    const hero = new FakeImage();
    let decoded!: () => void;
    hero.decoded = new Promise((done) => (decoded = done));
    const p = page([hero], ['paint'], false);
    p.run();
    hero.fire('load');
    await p.flush();
    expect(p.started()).toBe(false);
    decoded();
    await p.flush();
    expect(p.started()).toBe(true);
  });

  it('on a page of text, starts after the first contentful paint', async () => {
    const p = page([], ['paint', 'element']);
    p.run();
    p.report('paint', [{ name: 'first-paint' }]);
    await p.flush();
    expect(p.started()).toBe(false);
    p.report('paint', [{ name: 'first-contentful-paint' }]);
    await p.flush();
    expect(p.started()).toBe(true);
  });

  it('adds the links a few milliseconds at a time, each batch in a task of its own, the entry last', () => {
    // Each element takes 3 ms to add: two fit in a 5 ms slice.
    const p = page([new FakeImage()], ['paint', 'element'], true, 3);
    p.run();
    p.timeout();
    expect(p.added).toEqual(['modulepreload /assets/react.js (cors)', 'manifest /manifest.webmanifest']);
    p.nextTask();
    expect(p.added.slice(2)).toEqual(['modulepreload /assets/page.js (cors)', 'module /assets/index.js (cors)']);
    p.nextTask();
    expect(p.added).toHaveLength(4);
  });

  it('starts after 3 s whatever happens, and only once', async () => {
    const p = page([new FakeImage()], ['paint', 'element']);
    p.run();
    p.timeout();
    p.timeout();
    expect(p.added).toHaveLength(4);
  });
});

describe('a page opened before a release (start-scripts.ts)', () => {
  it('arms the check for a release (@union/shared/releaseReload) with the entry, once the scripts start', async () => {
    const p = page([], ['paint', 'element']);
    p.run();
    expect(p.armed).toEqual([]);
    p.timeout();
    await p.flush();
    expect(p.armed).toEqual(['/assets/index.js']);
  });
});
