import { describe, expect, it, vi } from 'vitest';

describe('alphabetical order', () => {
  it('sorts in the language’s alphabet, and gives a recorded order back without a collator', async () => {
    vi.resetModules();
    const server = { ...(await import('./format')), ...(await import('./collate')) };
    const words = ['Zeytin', 'çay', 'Cam', 'ışık', 'İnci', 'Ayva'];
    const recorded = server.recordFormatted(() => server.sortByText(words, (w) => w, 'tr'));
    expect(recorded.result).toEqual(['Ayva', 'Cam', 'çay', 'ışık', 'İnci', 'Zeytin']);
    expect(server.sortByText([], (w: string) => w, 'tr')).toEqual([]);
    vi.resetModules();
    const browser = { ...(await import('./format')), ...(await import('./collate')) };
    browser.reuseFormatted(recorded.formatted);
    const { Collator } = Intl;
    let built = 0;
    Object.assign(Intl, {
      Collator: class extends Collator {
        constructor(...args: ConstructorParameters<typeof Collator>) {
          super(...args);
          built++;
        }
      },
    });
    try {
      const items = words.map((word) => ({ word }));
      expect(browser.sortByText(items, (item) => item.word, 'tr').map((item) => item.word)).toEqual(recorded.result);
      expect(built).toBe(0);
      // Other texts (a book added since the build) are sorted afresh.
      expect(browser.sortByText([...words, 'Armut'], (w) => w, 'tr')[0]).toBe('Armut');
      expect(built).toBe(1);
    } finally {
      Object.assign(Intl, { Collator });
    }
  });
});
