// The security policy both apps ship with. Import-free: the apps' Vite configs load it directly.
//
// Where each part lives, and why:
// - The Content-Security-Policy of each app is a <meta http-equiv> in its own HTML (written at
//   build: the public site's prerender, the console's Vite config). It then works on any host,
//   even one that cannot set headers, and the two apps can share one site without their
//   policies being merged by the host.
// - What a <meta> policy cannot carry (frame-ancestors) and the other headers are set by the
//   host, from the `_headers` file the public site's build writes (Netlify's and Cloudflare
//   Pages' format; docs/operations.md, "Another static host", gives nginx and Caddy). It covers the console under /admin/ too.

export interface PolicyOptions {
  /** VITE_SUPABASE_URL: REST, auth, storage and functions, and the stored images. */
  supabaseUrl: string;
  /** 'sha256-…' sources of the page's inline scripts. */
  scriptHashes?: string[];
  /**
   * 'sha256-…' sources of the page's own <style> elements (the public site inlines its
   * stylesheet so that text paints with the HTML).
   */
  styleHashes?: string[];
  /**
   * Style elements and attributes written at run time. The console needs them: MUI styles
   * through emotion, which injects <style> elements whose content no static hash can know, and
   * a nonce needs a server. The public site has none (its one stylesheet is inline, by hash).
   */
  inlineStyles?: boolean;
  /** Images the page makes itself (previews of a picked upload). */
  blobImages?: boolean;
  /** Origins the page may embed in a frame (the contact page's map). */
  frames?: string[];
}

const origin = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a relative URL: the site's own origin, covered by 'self'
  }
};

export function contentSecurityPolicy(options: PolicyOptions): string {
  const api = origin(options.supabaseUrl);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
    [
      'style-src',
      "'self'",
      ...(options.styleHashes ?? []).map((hash) => `'${hash}'`),
      ...(options.inlineStyles ? ["'unsafe-inline'"] : []),
    ],
    ['img-src', "'self'", 'data:', ...(options.blobImages ? ['blob:'] : []), ...(api ? [api] : [])],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(api ? [api] : [])],
    ['frame-src', ...(options.frames?.length ? options.frames : ["'none'"])],
    ['manifest-src', "'self'"],
    ['worker-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** 'sha256-…' of a text, as a policy's hash source takes it. */
async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** 'sha256-…' of each inline script of an HTML page (the ones without src), for script-src. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  return Promise.all([...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => hashSource(m[1]!)));
}

/** 'sha256-…' of each <style> element of an HTML page, for style-src. */
export async function inlineStyleHashes(html: string): Promise<string[]> {
  return Promise.all([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hashSource(m[1]!)));
}

/** The <meta> that carries an app's policy; first in <head>, before anything it governs. */
export const policyMeta = (policy: string): string =>
  `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`;

/** A year, in seconds: the least a browser should remember that the site is HTTPS only. */
export const HSTS_MAX_AGE = 31536000;

/** Headers the host sets on every response of both apps. */
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()',
  // No other site may frame either app (clickjacking): the header for old browsers, the policy
  // for the rest (frame-ancestors is ignored in a <meta> policy).
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
  // HTTPS only, for a year, on the union's domain and every name under it (the console's admin
  // subdomain included). Not preloaded: docs/operations.md, "HTTPS only (HSTS)", says what that
  // would commit the domain to and how to opt in. Browsers ignore it over plain HTTP (local).
  'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE}; includeSubDomains`,
  // Only pages of the union's own site (the public site and the console, sibling subdomains)
  // may load these files into theirs; the files other sites are handed the address of are
  // opened to them below (EMBEDDABLE).
  'Cross-Origin-Resource-Policy': 'same-site',
};

/**
 * The files whose address the site gives to other sites, which their pages load into their own:
 * the share images (og:image: the default one and the content photos' copies) that chat and
 * social sites show, and the icons a feed names (a web feed reader shows them). Readable by any
 * site. The stored images are Storage's, on Supabase's origin, and carry Storage's own headers.
 */
const EMBEDDABLE = ['/og-image.jpg', '/img/*', '/favicon.svg', '/icon-192.png', '/icon-512.png'] as const;

/**
 * The console's alone: a window it opens cannot reach back into it, nor it into that window, and
 * a page of another site that opens the console gets no handle on it. The public site holds
 * nothing such a handle could reach (nobody signs in there; the links it opens in a new tab get
 * no opener), and there the header costs every visitor: a page that declares it cannot share its
 * browser's process with the page it came from, so it starts in a new one. Chrome on Android also gives
 * such a site a process of its own. Lighthouse, which opens each page from a blank tab, measured
 * the home page with it at TBT medians of 750 and 767 ms, without it at 317 and 377 ms (in
 * turns, 3 runs each, on the bench machine); a one-paragraph page went from 0–33 ms to 44–279.
 */
const CONSOLE_HEADERS: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Hashed file names change with their content: cached for a year. HTML stays revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface HeaderRule {
  /** A path, where * matches any run of characters (Netlify's and Cloudflare Pages' rule). */
  path: string;
  /**
   * Headers an earlier matching rule set that this one removes first (`! Name`). Without it the
   * host would send both values of a header two rules set, joined by a comma.
   */
  detach?: string[];
  headers: Record<string, string>;
}

/** The headers of the whole site: both apps, the console under /admin/. */
export const SITE_HEADER_RULES: HeaderRule[] = [
  { path: '/*', headers: SECURITY_HEADERS },
  { path: '/admin/*', headers: CONSOLE_HEADERS },
  { path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
  { path: '/admin/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
  // One rule a path: Pages keeps only the last rule of a path it reads twice, so the photos'
  // year of caching (their names are their content's hash) sits in their embeddable rule.
  ...EMBEDDABLE.map((path) => ({
    path,
    detach: ['Cross-Origin-Resource-Policy'],
    headers: {
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ...(path === '/img/*' ? { 'Cache-Control': IMMUTABLE } : {}),
    },
  })),
];

/** `rules` as a `_headers` file. */
export const headersFile = (rules: HeaderRule[]): string =>
  rules
    .map((rule) =>
      [
        rule.path,
        ...(rule.detach ?? []).map((name) => `  ! ${name}`),
        ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`),
      ].join('\n'),
    )
    .join('\n') + '\n';

/** Reads a `_headers` file (for a server that serves a build as its host would). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const at = line.indexOf(':');
      const rule = rules.at(-1);
      const detached = /^\s*!\s*(\S+)\s*$/.exec(line)?.[1];
      if (rule && detached) (rule.detach ??= []).push(detached);
      else if (rule && at > 0) rule.headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

/**
 * The headers for `pathname`, as Cloudflare Pages combines the matching rules: in order, each
 * removes what it detaches, and a header two rules set has both values, joined by a comma.
 */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const pattern = new RegExp(
      `^${rule.path
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    if (!pattern.test(pathname)) continue;
    for (const name of rule.detach ?? []) delete headers[name];
    for (const [name, value] of Object.entries(rule.headers))
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
