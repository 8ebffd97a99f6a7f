// startStack(): Supabase without Docker. Postgres → (bootstrap + CLI migrations + seed when the
// database is fresh) → PostgREST, auth, storage, mail, functions → the gateway on one port.
// See docs/architecture.md "Local stack API".
import fs from 'node:fs';
import path from 'node:path';
import { onShutdown } from './children.js';
import { readProjectConfig } from './config.js';
import { startFunctions } from './functions.js';
import { startGateway } from './gateway.js';
import { ANON_KEY, demoAccounts, JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from './keys.js';
import { pendingMigrations, pushMigrations, runSeedHooks } from './migrate.js';
import { supabaseDir } from './paths.js';
import { pickPorts } from './ports.js';
import { bootstrap, postmasterPid, startPostgres } from './postgres.js';
import { startPostgrest } from './postgrest.js';
import { startMailProcess } from './mail/process.js';
import { startRetention } from './retention.js';
import { startMailJobs } from './mail-jobs.js';
import { startPublisher } from './publisher.js';
import { writeStackState } from './state.js';
import type { ServiceHandle, ServiceName, Stack, StartStackOptions } from './types.js';

export * from './keys.js';
export type * from './types.js';
export { readProjectConfig } from './config.js';
export { runSeedHooks, pushMigrations, runCli } from './migrate.js';
export { PortInUseError, portTaken, freePort } from './ports.js';
export { runningChildPids, stopChild } from './children.js';
export { OutdatedDatabaseError } from './postgres.js';
export { reportPublish } from './publisher.js';
export { KEEP_LOGS, LogFile, rotateLogs } from './log-file.js';
export { readStackState, stateFile, type StackState } from './state.js';

export async function startStack(opts: StartStackOptions): Promise<Stack> {
  const log = (service: ServiceName, line: string) => opts.log?.(service, line);
  const cfg = readProjectConfig();
  const dataDir = path.resolve(opts.dataDir);
  const ports = await pickPorts(opts.ports ?? 'default', cfg);
  const apiUrl = `http://127.0.0.1:${ports.api}`;

  const started: ServiceHandle[] = [];
  let stopping: Promise<void> | undefined;
  // Reverse order: gateway first, postgres last. Every caller waits for the same stop.
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const h of started.reverse()) await h.close().catch(() => {});
    })());
  const unregister = onShutdown(stopAll);
  let startFailed: () => Promise<void> = async () => {};
  // A new database whose bootstrap, migrations or seed did not finish is wiped on failure, so the
  // next start sets it up from scratch (with the seed) instead of leaving it half made.
  let unfinishedSetup = false;

  try {
    if (opts.reset) {
      const livePid = postmasterPid(dataDir);
      if (livePid) {
        throw new Error(
          `Cannot reset ${dataDir}: its database is in use by another running stack (postgres pid ${livePid}). Stop that one first.`,
        );
      }
      log('stack', `reset: wiping ${dataDir}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    fs.mkdirSync(dataDir, { recursive: true });

    const inflight: Promise<unknown>[] = [];
    const track = <T extends ServiceHandle>(name: ServiceName, p: Promise<T>): Promise<T> => {
      const tracked = p.then((h) => {
        started.push(h);
        log(name, `ready at ${h.url}`);
        return h;
      });
      inflight.push(tracked.catch(() => {}));
      return tracked;
    };
    startFailed = async () => {
      // Let every service that is still starting finish, so stopAll() stops it too.
      await Promise.allSettled(inflight);
    };

    // Services that need no database start at once, beside Postgres (the cold-start budget).
    const functionsDir = path.join(supabaseDir, 'functions');
    const noVerifyJwt = Object.entries(cfg.functions)
      .filter(([, f]) => !f.verifyJwt)
      .map(([n]) => n);
    const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`;
    const functionsP = fs.existsSync(functionsDir)
      ? track(
          'functions',
          startFunctions({
            port: ports.functions,
            functionsDir,
            jwtSecret: JWT_SECRET,
            noVerifyJwt,
            denoDir: path.join(dataDir, 'deno'),
            env: {
              SUPABASE_URL: apiUrl,
              SUPABASE_ANON_KEY: ANON_KEY,
              SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
              SUPABASE_DB_URL: dbUrl,
              // send-mail's secrets (docs/mail.md): the stack's mail catcher, the site's address.
              SMTP_HOST: '127.0.0.1',
              SMTP_PORT: String(ports.smtp),
              SMTP_FROM: 'Palestinian Students Union <noreply@union.test>',
              PUBLIC_SITE_URL: opts.siteUrl ?? cfg.auth.siteUrl,
            },
            log: (l) => log('functions', l),
          }),
        )
      : Promise.resolve(undefined);

    const t0 = Date.now();
    const dbP = startPostgres({ dataDir, port: ports.db, log: (l) => log('postgres', l) }).then((h) => {
      started.push(h);
      return h;
    });
    inflight.push(dbP.catch(() => {}));
    // The service modules load (their dependencies take a while) while Postgres and Deno boot.
    const mailP = track(
      'mail',
      startMailProcess({ smtpPort: ports.smtp, httpPort: ports.mail, log: (l) => log('mail', l) }),
    );
    const [{ startAuth }, { startStorage }] = await Promise.all([
      import('./auth/index.js'),
      import('./storage/index.js'),
    ]);
    const db = await dbP;
    unfinishedSetup = db.fresh;
    log('postgres', `ready on ${ports.db}${db.fresh ? ' (new database)' : ''} in ${Date.now() - t0} ms`);

    if (db.fresh) {
      await bootstrap(db, (l) => log('migrate', l));
      await pushMigrations({ dbUrl: db.dbUrl, seed: opts.seed ?? true, log: (l) => log('migrate', l) });
      log('migrate', `bootstrap, migrations${(opts.seed ?? true) ? ' and seed' : ''} applied`);
    } else {
      const pending = await pendingMigrations(db.dbUrl);
      if (pending.length > 0) {
        await pushMigrations({ dbUrl: db.dbUrl, seed: false, log: (l) => log('migrate', l) });
        log('migrate', `applied ${pending.length} new migration(s)`);
      }
    }

    const [postgrest, auth, storage, mail, functions] = await Promise.all([
      track(
        'postgrest',
        startPostgrest({
          port: ports.postgrest,
          dbPort: ports.db,
          jwtSecret: JWT_SECRET,
          schemas: cfg.api.schemas,
          extraSearchPath: cfg.api.extraSearchPath,
          maxRows: cfg.api.maxRows,
          proxyUri: `${apiUrl}/rest/v1`,
          log: (l) => log('postgrest', l),
        }),
      ),
      track(
        'auth',
        startAuth({
          port: ports.auth,
          dbUrl: db.dbUrl,
          jwtSecret: JWT_SECRET,
          apiExternalUrl: apiUrl,
          // The reset mail's link to the site names the same address as send-mail's mails.
          siteUrl: opts.siteUrl ?? cfg.auth.siteUrl,
          additionalRedirectUrls: cfg.auth.additionalRedirectUrls,
          jwtExpiry: cfg.auth.jwtExpiry,
          signupEnabled: cfg.auth.signupEnabled,
          passwordMinLength: cfg.auth.passwordMinLength,
          passwordRequirements: cfg.auth.passwordRequirements,
          rateLimit: cfg.auth.rateLimit,
          emailSentPerHour: cfg.auth.emailSentPerHour,
          otpLength: cfg.auth.otpLength,
          otpExpiry: cfg.auth.otpExpiry,
          emailMaxFrequency: cfg.auth.emailMaxFrequency,
          emailTemplates: cfg.auth.emailTemplates,
          securePasswordChange: cfg.auth.securePasswordChange,
          doubleConfirmChanges: cfg.auth.doubleConfirmChanges,
          enableConfirmations: cfg.auth.enableConfirmations,
          smtp: { host: '127.0.0.1', port: ports.smtp, senderEmail: 'admin@union.test', senderName: 'Students Union' },
          // Into the stack's log, not onto the terminal: an outage is a line per request.
          log: (l) => log('auth', l),
        }),
      ),
      track(
        'storage',
        startStorage({
          port: ports.storage,
          dbUrl: db.dbUrl,
          jwtSecret: JWT_SECRET,
          filesDir: path.join(dataDir, 'storage'),
          fileSizeLimit: cfg.storage.fileSizeLimit,
          log: (l) => log('storage', l),
        }),
      ),
      mailP,
      functionsP,
    ]);

    const routes: Record<string, string> = {
      '/rest/v1': postgrest.url,
      '/auth/v1': auth.url,
      '/storage/v1': storage.url,
    };
    if (functions) routes['/functions/v1'] = functions.url;
    const gateway = await track(
      'gateway',
      startGateway({
        port: ports.api,
        routes,
        anonKey: ANON_KEY,
        serviceRoleKey: SERVICE_ROLE_KEY,
        publishableKey: PUBLISHABLE_KEY,
        secretKey: SECRET_KEY,
      }),
    );

    if (db.fresh && (opts.seed ?? true)) {
      if (await runSeedHooks({ apiUrl: gateway.url, serviceRoleKey: SERVICE_ROLE_KEY }, (l) => log('migrate', l))) {
        log('migrate', 'seed hooks done');
      }
    }
    unfinishedSetup = false;
    // What Supabase Cron does nightly on hosted (docs/privacy.md): once now, then every day.
    started.push(
      startRetention({
        dbUrl: db.dbUrl,
        log: (l) => log('retention', l),
        purge: functions
          ? { url: `${gateway.url}/functions/v1/purge-images`, serviceRoleKey: SERVICE_ROLE_KEY }
          : undefined,
      }),
    );
    // What Supabase Cron and pg_net do on hosted (docs/mail.md): reminders hourly, the drain when a mail is due.
    if (functions) {
      started.push(
        startMailJobs({
          dbUrl: db.dbUrl,
          sendMailUrl: `${gateway.url}/functions/v1/send-mail`,
          serviceRoleKey: SERVICE_ROLE_KEY,
          log: (l) => log('mail', l),
        }),
      );
    }

    // What Supabase Cron and the build hook do on hosted (docs/operations.md, "Publishing"): the
    // built public site follows saved content.
    if (opts.publicSiteDir) {
      started.push(
        await startPublisher({
          dbUrl: db.dbUrl,
          apiUrl: gateway.url,
          serviceRoleKey: SERVICE_ROLE_KEY,
          siteDir: opts.publicSiteDir,
          log: (l) => log('publisher', l),
        }),
      );
    }

    const forgetState = writeStackState(dataDir, { apiUrl: gateway.url, dbUrl: db.dbUrl });
    // Stopped first (stopAll goes in reverse): nothing finds a stack that is going away.
    started.push({ url: gateway.url, close: async () => forgetState() });

    return {
      apiUrl: gateway.url,
      dbUrl: db.dbUrl,
      mailUrl: mail.url,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      jwtSecret: JWT_SECRET,
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      ports,
      services: {
        postgrest: postgrest.url,
        auth: auth.url,
        storage: storage.url,
        mail: mail.url,
        functions: functions?.url,
      },
      processes() {
        return { postgres: db.pid, postgrest: postgrest.pid, functions: functions?.pid, mail: mail.pid };
      },
      restarts() {
        return {
          postgres: db.restarts,
          postgrest: postgrest.restarts,
          functions: functions?.restarts ?? 0,
          mail: mail.restarts,
        };
      },
      pause: (child) => (child === 'postgres' ? db.pause() : mail.pause()),
      resume: (child) => (child === 'postgres' ? db.resume() : mail.resume()),
      fresh: db.fresh,
      demoAccounts,
      config: cfg,
      async stop() {
        // Registered until stopped: a SIGINT or SIGTERM meanwhile waits for this same stop
        // instead of killing the children under their supervisors (which would restart them).
        await stopAll();
        unregister();
      },
    };
  } catch (e) {
    unregister();
    await startFailed();
    await stopAll();
    if (unfinishedSetup) {
      log('stack', 'setup of the new database failed: removing it, the next start begins afresh');
      for (const d of ['pg', 'storage']) fs.rmSync(path.join(dataDir, d), { recursive: true, force: true });
    }
    throw e;
  }
}
