import { describe, expect, it } from 'vitest';
import type { NewsRow } from '../../lib/types';
import { sanitizeNews } from './api';

// Every read of an item (the prerender's and the browser's) passes its bodies through the
// allow-list before any page renders them.
describe('sanitizeNews', () => {
  it('cleans the body of every language and keeps the rest of the row', async () => {
    const row = {
      id: 'a0000000-0000-4000-8000-000000000001',
      title: { en: '<b>kept as text by React</b>' },
      body: {
        en: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">j</a>',
        ar: '<iframe src="https://evil.example"></iframe><p>نص</p>',
        tr: '<svg onload="alert(1)"></svg><p style="color:red">Metin</p>',
      },
    } as unknown as NewsRow;
    const clean = await sanitizeNews(row);
    expect(clean.body).toEqual({ en: '<p>Hi</p><a>j</a>', ar: '<p>نص</p>', tr: '<p>Metin</p>' });
    expect(clean.title).toEqual(row.title);
  });

  it('drops a language whose body is not text', async () => {
    const clean = await sanitizeNews({ body: { en: '<p>x</p>', ar: { html: '<script>' } } } as unknown as NewsRow);
    expect(clean.body).toEqual({ en: '<p>x</p>' });
  });
});
