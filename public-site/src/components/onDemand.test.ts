import { describe, expect, it, vi } from 'vitest';
import { intentTo, onDemand } from './onDemand';

const Form = () => null;

describe('onDemand', () => {
  it('loads the code once, however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(Form));
    const part = onDemand(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed', async () => {
    const load = vi
      .fn<() => Promise<typeof Form>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Form);
    const part = onDemand(load);
    await expect(part.preload()).rejects.toThrow('Failed to fetch');
    await expect(part.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts loading on pointer, touch and focus, and a failure there is not an unhandled rejection', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const handlers = intentTo(onDemand(load));
    expect(Object.keys(handlers).sort()).toEqual(['onFocus', 'onPointerEnter', 'onTouchStart']);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      handlers.onPointerEnter();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(load).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('onDemand in the browser', () => {
  const page = () => {
    const fetch = vi.fn<(url: URL) => Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>>();
    vi.stubGlobal('document', { baseURI: 'https://union.example/events' });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const answer = { arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) };

  it("fetches the part's chunks before importing it: one that cannot arrive never reaches the import", async () => {
    const fetch = page();
    try {
      fetch.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(answer);
      const load = vi.fn(() => Promise.resolve(Form));
      const part = onDemand(load, 'assets/Form-a.js,assets/kit-b.js');
      await expect(part.preload()).rejects.toThrow('Failed to fetch');
      expect(load).not.toHaveBeenCalled();
      // Try again, the connection back: fetched again, then imported.
      await expect(part.preload()).resolves.toBeUndefined();
      expect(load).toHaveBeenCalledTimes(1);
      expect(fetch.mock.calls.map(([url]) => url.href)).toEqual([
        'https://union.example/assets/Form-a.js',
        'https://union.example/assets/kit-b.js',
        'https://union.example/assets/Form-a.js',
        'https://union.example/assets/kit-b.js',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('imports at once where the build left the marker as it is (development)', async () => {
    const fetch = page();
    try {
      const load = vi.fn(() => Promise.resolve(Form));
      await onDemand(load, '__UNION_ON_DEMAND__Form').preload();
      expect(load).toHaveBeenCalledTimes(1);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
