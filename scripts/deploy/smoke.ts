// The last step of every release, the same for the local stack and a hosted project: the two
// live sites and the API answer as visitors and staff need them to.
import { parseMarker, type ReleaseMarker } from '../../shared/src/releaseMarker.js';

export interface SmokeTarget {
  /** The public site's origin. */
  siteUrl: string;
  /** The console's address (…/admin/). */
  adminAppUrl: string;
  apiUrl: string;
  anonKey: string;
  /** What the site's /release.txt must say: the commit released, and this run's id. */
  marker: ReleaseMarker;
  /** false for a content publish, which uploads the public site alone. */
  withConsole: boolean;
}

interface Fetched {
  status: number;
  headers: Headers;
  text: string;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const policy = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';

/** Runs every check; throws with the list of the ones that failed. */
export async function smokeTest(target: SmokeTarget, log: (line: string) => void): Promise<void> {
  const api = new URL(target.apiUrl).origin;
  const failures: string[] = [];
  const check: Check = async (what, run) => {
    let problem: string | null;
    try {
      problem = await run();
    } catch (error) {
      problem = (error as Error).message;
    }
    log(`${problem ? '✗' : '✓'} ${what}${problem ? `: ${problem}` : ''}`);
    if (problem) failures.push(`${what}: ${problem}`);
  };

  await check(`${target.siteUrl}/ is the Arabic home page, with its policy and headers`, async () => {
    const home = await get(`${target.siteUrl}/`);
    if (home.status !== 200) return `status ${home.status}`;
    if (!/<html[^>]* lang="ar"[^>]* dir="rtl"/.test(home.text)) return 'not the Arabic, right-to-left page';
    if (!policy(home.text).includes(`connect-src 'self' ${api}`)) return `its policy does not allow the API ${api}`;
    if (home.headers.get('x-frame-options') !== 'DENY') return 'no X-Frame-Options: DENY (the _headers file)';
    if (home.headers.get('x-content-type-options') !== 'nosniff') return 'no X-Content-Type-Options: nosniff';
    return null;
  });
  await check('/en/events is the English events page', async () => {
    const page = await get(`${target.siteUrl}/en/events`);
    if (page.status !== 200) return `status ${page.status}`;
    return /<html[^>]* lang="en"/.test(page.text) ? null : 'not the English page';
  });
  await check('a missing English page is a 404 with the English "not found" page', async () => {
    const page = await get(`${target.siteUrl}/en/no-such-page-${Date.now()}`);
    if (page.status !== 404) return `status ${page.status}`;
    return /<html[^>]* lang="en"/.test(page.text) ? null : 'not the English 404 page';
  });
  await check('the sitemap lists the site under its own address', async () => {
    const sitemap = await get(`${target.siteUrl}/sitemap.xml`);
    if (sitemap.status !== 200) return `status ${sitemap.status}`;
    return sitemap.text.includes(`<loc>${target.siteUrl}/`) ? null : `no <loc> under ${target.siteUrl}`;
  });
  await check(`/release.txt names this commit (${target.marker.commit.slice(0, 12)}) and this run`, async () => {
    const file = await get(`${target.siteUrl}/release.txt`);
    if (file.status !== 200) return `status ${file.status}`;
    const live = parseMarker(file.text);
    if (live?.commit !== target.marker.commit) return `it names ${live?.commit ?? 'no commit'}`;
    return live.stamp === target.marker.stamp ? null : `it is an older upload's (run ${live.stamp || 'unnamed'})`;
  });
  if (target.withConsole) await consoleChecks(target, api, check);
  const headers = { apikey: target.anonKey, authorization: `Bearer ${target.anonKey}` };
  await check('the API serves published events to visitors', async () => {
    const res = await get(`${target.apiUrl}/rest/v1/events?select=id&limit=1`, headers);
    if (res.status !== 200) return `status ${res.status}: ${res.text.slice(0, 200)}`;
    return Array.isArray(JSON.parse(res.text)) ? null : 'not a JSON array';
  });
  await check('auth answers, with sign-ups off', async () => {
    const res = await get(`${target.apiUrl}/auth/v1/settings`, headers);
    if (res.status !== 200) return `status ${res.status}`;
    return (JSON.parse(res.text) as { disable_signup?: boolean }).disable_signup === true ? null : 'sign-ups are on';
  });
  if (failures.length > 0)
    throw new Error(`smoke test: ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
}

type Check = (what: string, run: () => Promise<string | null>) => Promise<void>;

/** The console's checks (a release uploads it; a content publish does not). */
async function consoleChecks(target: SmokeTarget, api: string, check: Check): Promise<void> {
  await check(`${target.adminAppUrl} is the console, with its policy`, async () => {
    const page = await get(target.adminAppUrl);
    if (page.status !== 200) return `status ${page.status}`;
    if (!policy(page.text).includes(`connect-src 'self' ${api}`)) return `its policy does not allow the API ${api}`;
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(page.text)?.[1];
    if (!script) return 'no module script';
    const js = await get(new URL(script, target.adminAppUrl).href);
    if (js.status !== 200 || !/javascript/.test(js.headers.get('content-type') ?? ''))
      return `its script ${script} answers ${js.status} ${js.headers.get('content-type')}`;
    if (!/immutable/.test(js.headers.get('cache-control') ?? ''))
      return `its script ${script} is not cached as immutable`;
    return null;
  });
  await check("a console page opened directly gets the console (the host's single-page fallback)", async () => {
    const page = await get(`${target.adminAppUrl}events`);
    if (page.status !== 200) return `status ${page.status}`;
    return policy(page.text).includes("style-src 'self' 'unsafe-inline'") ? null : "not the console's page";
  });
  await check(
    'a script the console lacks is a 404, not its page cached for a year (scripts/lib/pages.ts, stageConsole)',
    async () => {
      const gone = await get(`${target.adminAppUrl}assets/no-such-script-${Date.now()}.js`);
      if (gone.status !== 404) return `status ${gone.status}`;
      const cache = gone.headers.get('cache-control') ?? '';
      return /immutable|max-age=[1-9]/.test(cache) ? `cached: ${cache}` : null;
    },
  );
}
