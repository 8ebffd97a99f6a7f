import { describe, expect, it } from 'vitest';
import { ITEM_FOLDERS } from '../src/itemRoutes';
import { ITEM_PAGE } from './publish';

// A publish removes the page of a row that is gone: ITEM_PAGE must know every item route's pages,
// and nothing else (a list such as /events/past, the fallback /events/404).
const ID = 'E0000000-0000-4000-8000-00000000000a';

describe('ITEM_PAGE', () => {
  it("matches a row's page in every item route's folder, in any language, with its folder and id", () => {
    expect(ITEM_FOLDERS).toEqual(['/events', '/news']);
    for (const folder of ITEM_FOLDERS)
      for (const file of [`${folder.slice(1)}/${ID}.html`, `en${folder}/${ID}.html`, `tr${folder}/${ID}.html`]) {
        const match = ITEM_PAGE.exec(file);
        expect(match?.[2], file).toBe(folder.slice(1));
        expect(match?.[3]).toBe(ID);
      }
  });

  it('leaves the lists, the fallback pages and other folders alone', () => {
    for (const file of ['events/past.html', 'events/404.html', 'news/404.html', 'events.html', `books/${ID}.html`])
      expect(ITEM_PAGE.test(file), file).toBe(false);
  });
});
