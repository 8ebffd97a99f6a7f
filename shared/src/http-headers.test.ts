import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  headersFor,
  HSTS_MAX_AGE,
  inlineScriptHashes,
  inlineStyleHashes,
  parseHeadersFile,
  policyMeta,
  SITE_HEADER_RULES,
} from './http-headers';

describe('security policy', () => {
  it('allows the site, its API and what each app names, nothing else', () => {
    const site = contentSecurityPolicy({
      supabaseUrl: 'https://abc.supabase.co/',
      scriptHashes: ['sha256-AAA='],
      frames: ['https://www.openstreetmap.org'],
    });
    expect(site.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self' 'sha256-AAA='",
      "style-src 'self'",
      "img-src 'self' data: https://abc.supabase.co",
      "font-src 'self' data:",
      "connect-src 'self' https://abc.supabase.co",
      'frame-src https://www.openstreetmap.org',
      "manifest-src 'self'",
      "worker-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ]);
    const console = contentSecurityPolicy({
      supabaseUrl: 'http://127.0.0.1:54321',
      inlineStyles: true,
      blobImages: true,
    });
    expect(console).toContain("style-src 'self' 'unsafe-inline'");
    expect(console).toContain("img-src 'self' data: blob: http://127.0.0.1:54321");
    expect(console).toContain("frame-src 'none'");
    expect(console).not.toMatch(/script-src[^;]*unsafe/);
    // A relative API address is the site itself.
    expect(contentSecurityPolicy({ supabaseUrl: '/api' })).toContain("connect-src 'self';");
  });

  it('hashes exactly the inline scripts, as the browser does', async () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script type="application/json">{}</script><script>b()</script>';
    const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    expect(await inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });

  it('hashes exactly the style elements and lets the policy allow them by hash', async () => {
    const html = '<style>p{color:red}</style><link rel="stylesheet" href="/a.css"><style media="print">x{}</style>';
    const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    const hashes = await inlineStyleHashes(html);
    expect(hashes).toEqual([sha('p{color:red}')]);
    const policy = contentSecurityPolicy({ supabaseUrl: '/api', styleHashes: hashes });
    expect(policy).toContain(`style-src 'self' '${sha('p{color:red}')}';`);
    expect(policy).not.toMatch(/style-src[^;]*unsafe/);
  });

  it('writes the policy as a meta element that cannot be broken out of', () => {
    expect(policyMeta(`default-src 'self'"><script>`)).toBe(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'&quot;><script>">`,
    );
  });
});

describe('_headers', () => {
  it('round-trips and matches paths as the hosts do', () => {
    const rules = parseHeadersFile(`# comment\n${headersFile(SITE_HEADER_RULES)}`);
    expect(rules).toEqual(SITE_HEADER_RULES);
    expect(headersFor(rules, '/en/events')).toMatchObject({ 'X-Frame-Options': 'DENY' });
    expect(headersFor(rules, '/en/events')['Cache-Control']).toBeUndefined();
    expect(headersFor(rules, '/assets/index-abc.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/img/0123456789abcdef-640.avif')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // Pages keeps the last rule of a path written twice: each path once.
    const paths = rules.map((r) => r.path);
    expect(paths).toEqual([...new Set(paths)]);
    expect(headersFor(rules, '/admin/assets/react-abc.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersFor(rules, '/admin/login')).toMatchObject({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    // The public site's pages share their browser process with the page a visitor came from.
    expect(headersFor(rules, '/en/events')['Cross-Origin-Opener-Policy']).toBeUndefined();
  });

  it('HTTPS only for a year on the domain and its subdomains, not preloaded', () => {
    for (const p of ['/', '/en/events', '/assets/index-abc.js', '/admin/', '/admin/assets/x.js', '/og-image.jpg']) {
      const hsts = headersFor(SITE_HEADER_RULES, p)['Strict-Transport-Security'];
      expect(hsts, p).toBe(`max-age=${HSTS_MAX_AGE}; includeSubDomains`);
    }
    expect(HSTS_MAX_AGE).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });

  it('only the union’s own pages load its files, but for those other sites are handed', () => {
    const corp = (p: string) => headersFor(SITE_HEADER_RULES, p)['Cross-Origin-Resource-Policy'];
    // Both apps' pages and scripts: the site and the console are sibling subdomains, one site.
    for (const p of ['/', '/en/events', '/assets/index-abc.js', '/admin/', '/admin/assets/x.js', '/feed.xml'])
      expect(corp(p), p).toBe('same-site');
    // Share images and the icons a feed names: one value (a host joins two by a comma, which
    // browsers take for none), the rule above detached.
    for (const p of ['/og-image.jpg', '/img/events-abc123.webp', '/favicon.svg', '/icon-192.png', '/icon-512.png'])
      expect(corp(p), p).toBe('cross-origin');
    const file = headersFile(SITE_HEADER_RULES);
    expect(file).toContain(
      '/img/*\n  ! Cross-Origin-Resource-Policy\n  Cross-Origin-Resource-Policy: cross-origin\n  Cache-Control: public, max-age=31536000, immutable\n',
    );
  });

  it('combines rules as Cloudflare Pages does: detached first, a header set twice joined', () => {
    const rules = parseHeadersFile('/*\n  A: 1\n  B: 1\n/x\n  ! A\n  A: 2\n  B: 2\n');
    expect(rules).toEqual([
      { path: '/*', headers: { A: '1', B: '1' } },
      { path: '/x', detach: ['A'], headers: { A: '2', B: '2' } },
    ]);
    expect(headersFor(rules, '/x')).toEqual({ A: '2', B: '1, 2' });
    expect(headersFor(rules, '/y')).toEqual({ A: '1', B: '1' });
  });
});
