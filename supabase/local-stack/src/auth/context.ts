// What every auth endpoint shares: the settings from config.toml, the database pool, the JWT key,
// the mailer, the rate limits, and transactions.
import pg from 'pg';
import type { AuthConfig } from '../types.js';
import { guardedPool, withClient } from '../pg-errors.js';
import { secretKey } from './jwt.js';
import { createMailer } from './mailer.js';
import { makeRedirectValidator } from './redirect.js';
import { IntervalLimiter, Throttle } from './throttle.js';

export interface AuthOptions extends AuthConfig {
  /** Seconds a rotated refresh token stays usable (config.toml refresh_token_reuse_interval). Default 10. */
  refreshTokenReuseInterval?: number;
  /** Seconds a PKCE flow state stays usable (GoTrue's default flow_state_expiry_duration). Default 300. */
  flowStateExpiry?: number;
  log?: (line: string) => void;
}

export type Db = pg.PoolClient;

/** GoTrue's window for [auth.rate_limit] sign_in_sign_ups and token_verifications. */
const RATE_WINDOW_MS = 5 * 60 * 1000;
/** Failed password sign-ins per account per window (GoTrue has no such limit; it stops guessing). */
const FAILED_SIGN_INS_PER_ACCOUNT = 10;

export function createContext(config: AuthOptions) {
  const log = config.log ?? ((line: string) => process.stderr.write(`[auth] ${line}\n`));
  const pool = guardedPool(new pg.Pool({ connectionString: config.dbUrl, max: 5, idleTimeoutMillis: 10_000 }), log);
  return {
    config,
    log,
    pool,
    key: secretKey(config.jwtSecret),
    issuer: `${config.apiExternalUrl.replace(/\/$/, '')}/auth/v1`,
    reuseInterval: config.refreshTokenReuseInterval ?? 10,
    // GoTrue's MAILER_OTP_EXP, MAILER_OTP_LENGTH and SMTP_MAX_FREQUENCY (CLI defaults).
    otpExpiry: config.otpExpiry ?? 3600,
    otpLength: config.otpLength ?? 6,
    flowStateExpiry: config.flowStateExpiry ?? 300,
    emailMaxFrequency: config.emailMaxFrequency ?? 1,
    redirects: makeRedirectValidator(config.siteUrl, config.additionalRedirectUrls),
    mailer: createMailer(config.smtp, config.emailTemplates),
    // Per client address: failed password sign-ins (config sign_in_sign_ups) and verifications
    // (token_verifications); per account: failed sign-ins. See throttle.ts and README.md.
    signInsPerAddress: new Throttle(config.rateLimit?.signInSignUps ?? 30, RATE_WINDOW_MS),
    signInsPerAccount: new Throttle(FAILED_SIGN_INS_PER_ACCOUNT, RATE_WINDOW_MS),
    verificationsPerAddress: new Throttle(config.rateLimit?.tokenVerifications ?? 30, RATE_WINDOW_MS),
    // Recovery mails: one per address asked for per max_frequency, known or not (recover.ts).
    recoveryRequests: new Throttle(1, (config.emailMaxFrequency ?? 1) * 1000),
    // POST /otp per client address (GoTrue's RATE_LIMIT_OTP, which the CLI sets from sign_in_sign_ups).
    otpPerAddress: new Throttle(config.rateLimit?.signInSignUps ?? 30, RATE_WINDOW_MS),
    // Mails per hour, every address together (GoTrue's RATE_LIMIT_EMAIL_SENT); see otp.ts.
    emailsSent: new IntervalLimiter(config.emailSentPerHour ?? 360000, 60 * 60 * 1000),
  };
}

export type AuthContext = ReturnType<typeof createContext>;

/** Runs fn in a transaction; an error rolls it back. */
export async function tx<T>(ctx: AuthContext, fn: (db: Db) => Promise<T>): Promise<T> {
  return withClient(ctx.pool, ctx.log, async (db) => {
    await db.query('begin');
    try {
      const out = await fn(db);
      await db.query('commit');
      return out;
    } catch (err) {
      await db.query('rollback').catch(() => {});
      throw err;
    }
  });
}
