// The icon set's licence (MIT) asks for its notice in every copy: beside the source and in the
// built site (public/ is copied into dist/ as it is).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe("the icons' licence", () => {
  it('is named in the source and shipped with the site', () => {
    for (const source of ['./Icon.tsx', './FirstScreenIcon.tsx'])
      expect(read(source)).toMatch(/Feather Icons[\s\S]*MIT[\s\S]*\/licenses\/feather-icons\.txt/);
    const notice = read('../../public/licenses/feather-icons.txt');
    expect(notice).toContain('Copyright (c) 2014-2017 Cole Bemis');
    expect(notice).toContain('The above copyright notice and this permission notice shall be included');
  });
});
