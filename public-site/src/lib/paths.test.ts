import { describe, expect, it } from 'vitest';
import { alternatePaths, localizedPath, splitLanguage } from './paths';

describe('URL scheme', () => {
  it('puts Arabic at the root and the others under their code', () => {
    expect(localizedPath('ar', '/')).toBe('/');
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('tr', '/events/past')).toBe('/tr/events/past');
    expect(localizedPath('ar', 'about')).toBe('/about');
  });

  it('reads the language and the path inside it', () => {
    expect(splitLanguage('/')).toEqual({ lang: 'ar', path: '/' });
    expect(splitLanguage('/en')).toEqual({ lang: 'en', path: '/' });
    expect(splitLanguage('/EN/Events')).toEqual({ lang: 'en', path: '/Events' });
    expect(splitLanguage('/tr/events/123')).toEqual({ lang: 'tr', path: '/events/123' });
    expect(splitLanguage('/entry')).toEqual({ lang: 'ar', path: '/entry' });
    expect(splitLanguage('/ar/about')).toEqual({ lang: 'ar', path: '/ar/about' });
  });

  it('round-trips every page in every language', () => {
    for (const path of ['/', '/about', '/events/past'])
      for (const { lang, path: url } of alternatePaths(path)) expect(splitLanguage(url)).toEqual({ lang, path });
  });
});
