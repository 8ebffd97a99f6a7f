import { describe, expect, it } from 'vitest';
import { addressWarnings, warnAboutAddresses } from './config';

const hosted = {
  VITE_SUPABASE_URL: 'https://ref.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'anon',
  VITE_PUBLIC_SITE_URL: 'https://union.example',
};

describe('builds without their addresses', () => {
  it('are quiet when every address is given', () => {
    expect(addressWarnings(hosted, 'public-site')).toEqual([]);
    expect(addressWarnings({ ...hosted, VITE_PUBLIC_SITE_URL: '' }, 'admin-console')).toEqual([]);
  });

  it('name each address a build takes from the local defaults', () => {
    expect(addressWarnings({}, 'admin-console')).toEqual([
      'VITE_SUPABASE_URL is not set: the app will call the local stack at http://127.0.0.1:54321.',
      "VITE_SUPABASE_ANON_KEY is not set: the app will use the local stack's demo key.",
    ]);
    expect(addressWarnings({ ...hosted, VITE_SUPABASE_URL: '  ' }, 'public-site')).toHaveLength(1);
  });

  it("want the public site's own absolute address", () => {
    expect(addressWarnings({ ...hosted, VITE_PUBLIC_SITE_URL: undefined }, 'public-site')).toEqual([
      'VITE_PUBLIC_SITE_URL is not set: canonical, share and sitemap links will name http://127.0.0.1:5173.',
    ]);
    expect(addressWarnings({ ...hosted, VITE_PUBLIC_SITE_URL: '/' }, 'public-site')).toEqual([
      'VITE_PUBLIC_SITE_URL is "/", not an absolute address: canonical, share and sitemap links will name http://127.0.0.1:5173.',
    ]);
  });

  it('say so loudly in the build output', () => {
    const warnings: string[] = [];
    const plugin = warnAboutAddresses({ VITE_SUPABASE_ANON_KEY: 'anon' }, 'admin-console');
    expect(plugin.apply).toBe('build');
    plugin.configResolved({ logger: { warn: (m) => warnings.push(m) } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('admin-console is built for the LOCAL STACK');
    expect(warnings[0]).toContain('VITE_SUPABASE_URL is not set');
    warnAboutAddresses(hosted, 'public-site').configResolved({ logger: { warn: (m) => warnings.push(m) } });
    expect(warnings).toHaveLength(1);
  });
});
