// Deno "main worker" of the local stack: one Deno process serves every Edge Function in
// supabase/functions/<name>/index.ts, like Supabase's edge runtime does behind its gateway.
// Each function module is imported once (again when its index.ts changes) with Deno.serve
// intercepted, so the unmodified `Deno.serve(handler)` code registers its handler here.
// Requests arrive as /<name>/… (the gateway strips /functions/v1). Like the CLI's main worker,
// the JWT is verified first (verify_jwt defaults to true): missing or invalid → 401 {msg}.
// Run: deno run --allow-net --allow-env --allow-read --config supabase/functions/deno.json router.ts

import { jwtVerify } from 'npm:jose@6.2.17';

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const port = Number(Deno.env.get('ROUTER_PORT'));
const functionsDir = Deno.env.get('FUNCTIONS_DIR')!;
const jwtSecret = Deno.env.get('JWT_SECRET')!;
const noVerify = new Set((Deno.env.get('FUNCTIONS_NO_VERIFY_JWT') ?? '').split(',').filter(Boolean));
// Only the router's own variables are hidden from functions; the Supabase ones stay.
for (const k of ['ROUTER_PORT', 'FUNCTIONS_DIR', 'FUNCTIONS_NO_VERIFY_JWT', 'JWT_SECRET']) Deno.env.delete(k);

// The stack keeps our stdin open; when it closes, the stack is gone (even if it was killed
// with SIGKILL and could not stop us): exit instead of lingering as an orphan.
if (Deno.env.get('ROUTER_EXIT_ON_STDIN_EOF') !== '0') {
  (async () => {
    try {
      for await (const _ of Deno.stdin.readable) {
        /* nothing is ever written */
      }
    } catch {
      /* closed */
    }
    Deno.exit(0);
  })();
}

const realServe = Deno.serve.bind(Deno);
let registering: string | null = null;
let registered: Handler | null = null;

(Deno as unknown as { serve: unknown }).serve = (a: unknown, b?: unknown) => {
  const handler = (
    typeof a === 'function' ? a : typeof b === 'function' ? b : (a as { handler?: unknown } | undefined)?.handler
  ) as Handler;
  if (!registering || typeof handler !== 'function')
    throw new Error('Deno.serve called outside a function module load');
  registered = handler;
  const addr = { transport: 'tcp', hostname: '127.0.0.1', port };
  return {
    finished: new Promise(() => {}),
    addr,
    shutdown: () => Promise.resolve(),
    ref() {},
    unref() {},
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
};

interface Loaded {
  mtime: number;
  handler: Handler;
}
const loaded = new Map<string, Loaded>();
let loadChain: Promise<unknown> = Promise.resolve();

function load(name: string, file: string, mtime: number): Promise<Handler> {
  const next = loadChain.then(async () => {
    const cached = loaded.get(name);
    if (cached && cached.mtime === mtime) return cached.handler;
    registering = name;
    registered = null;
    try {
      await import(`file://${file}?v=${mtime}`);
      if (!registered) throw new Error(`supabase/functions/${name}/index.ts did not call Deno.serve`);
      loaded.set(name, { mtime, handler: registered });
      return registered as Handler;
    } finally {
      registering = null;
    }
  });
  loadChain = next.catch(() => {});
  return next;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The signature check goes through jose, as in the stack's auth and storage (jwt.ts, auth.ts),
// resolved from the repo's node_modules (deno.json: nodeModulesDir "manual"), so nothing is
// downloaded at run time. HS256 only, as the platform's legacy verify_jwt; exp is checked.
const jwtKey = new TextEncoder().encode(jwtSecret);

async function verifyJwt(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, jwtKey, { algorithms: ['HS256'] });
    return true;
  } catch {
    return false;
  }
}

realServe(
  { port, hostname: '127.0.0.1', onListen: () => console.log(`functions router listening on ${port}`) },
  async (req, info) => {
    const url = new URL(req.url);
    const name = url.pathname.split('/')[1] ?? '';
    if (url.pathname === '/_internal/health') return json(200, { ok: true });
    if (!name || name.startsWith('.') || !/^[A-Za-z0-9_-]+$/.test(name))
      return json(404, { msg: 'Function not found' });

    const file = `${functionsDir}/${name}/index.ts`;
    let mtime: number;
    try {
      mtime = (await Deno.stat(file)).mtime?.getTime() ?? 0;
    } catch {
      return json(404, { msg: 'Function not found' });
    }

    if (req.method !== 'OPTIONS' && !noVerify.has(name)) {
      const auth = req.headers.get('authorization');
      if (!auth) return json(401, { msg: 'Error: Missing authorization header' });
      const [bearer, token] = auth.split(' ');
      if (bearer !== 'Bearer' || !token) return json(401, { msg: "Error: Auth header is not 'Bearer {token}'" });
      if (!(await verifyJwt(token))) return json(401, { msg: 'Invalid JWT' });
    }

    let handler: Handler;
    try {
      handler = await load(name, file, mtime);
    } catch (e) {
      console.error(`function ${name} failed to load:`, e);
      return json(500, { msg: `Function failed to load: ${e instanceof Error ? e.message : String(e)}` });
    }
    try {
      return await handler(req, info);
    } catch (e) {
      console.error(`function ${name} threw:`, e);
      return json(500, { msg: e instanceof Error ? e.message : String(e) });
    }
  },
);
