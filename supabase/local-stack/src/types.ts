// The interfaces between the local stack's services. Each service module exports one
// start function taking its config and returning a handle; `index.ts` wires them together.
import type { ProjectConfig } from './config.js';
import type { demoAccounts } from './keys.js';

export interface ServiceHandle {
  /** Base URL the service listens on, e.g. http://127.0.0.1:9999 */
  url: string;
  close(): Promise<void>;
}

export interface AuthConfig {
  port: number;
  /** Superuser URL; the auth service writes auth.* tables as Supabase's auth admin does. */
  dbUrl: string;
  jwtSecret: string;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321 (links use `${apiExternalUrl}/auth/v1/verify`). */
  apiExternalUrl: string;
  /** From config.toml [auth] */
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  signupEnabled: boolean;
  passwordMinLength: number;
  /** config.toml `password_requirements`, e.g. "lower_upper_letters_digits" */
  passwordRequirements: string;
  /** config.toml [auth.rate_limit]: attempts per client address per 5 minutes. */
  rateLimit?: { signInSignUps: number; tokenVerifications: number };
  /** Mails per hour, all addresses together (GOTRUE_RATE_LIMIT_EMAIL_SENT as `supabase start` sets it). */
  emailSentPerHour?: number;
  /** config.toml [auth.email] otp_length, otp_expiry (seconds), max_frequency (seconds). */
  otpLength?: number;
  otpExpiry?: number;
  emailMaxFrequency?: number;
  smtp: { host: string; port: number; senderEmail: string; senderName: string };
  /** config.toml [auth.email.template.<type>] (subject, content); GoTrue's defaults otherwise. */
  emailTemplates?: Record<string, { subject?: string; content?: string }>;
  /** [auth.email] secure_password_change: a password change needs a sign-in within 24 h or a reauthentication code. */
  securePasswordChange?: boolean;
  /** [auth.email] double_confirm_changes: an email change is confirmed from the current address too. */
  doubleConfirmChanges?: boolean;
  /** [auth.email] enable_confirmations (GoTrue's autoconfirm is its opposite). */
  enableConfirmations?: boolean;
}

export interface StorageConfig {
  port: number;
  dbUrl: string;
  jwtSecret: string;
  /** Folder where object bytes are kept */
  filesDir: string;
  /** Global upload limit in bytes (config.toml [storage] file_size_limit) */
  fileSizeLimit: number;
  /** Lost database connections and the like (stderr by default). */
  log?: (line: string) => void;
}

export interface MailConfig {
  smtpPort: number;
  httpPort: number;
}

export interface FunctionsConfig {
  port: number;
  /** supabase/functions */
  functionsDir: string;
  /** SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL … */
  env: Record<string, string>;
}

export type SupervisedChild = 'postgres' | 'postgrest' | 'functions' | 'mail';
export type ServiceName =
  | 'postgres'
  | 'migrate'
  | 'postgrest'
  | 'auth'
  | 'storage'
  | 'mail'
  | 'functions'
  | 'gateway'
  | 'retention'
  | 'publisher'
  | 'stack';

export interface StartStackOptions {
  /** Postgres data + storage files; survives restarts. */
  dataDir: string;
  /**
   * 'default': 54321 API, 54322 DB, 54324 mail inbox, 54325 SMTP (from config.toml); 'free': any free
   * ports; or explicit ports for some services (the others free).
   */
  ports?: 'default' | 'free' | Partial<StackPorts>;
  /** Wipe dataDir first, then bootstrap and push migrations + seed. A missing database is always reset. */
  reset?: boolean;
  /**
   * Run the seed (demo content and accounts) when the database is new (default true). False gives
   * an empty project, as a hosted one is after its first deploy: the target of a restore.
   */
  seed?: boolean;
  /** The public site's address for links in mails, auth's ones too (default: config.toml site_url). */
  siteUrl?: string;
  /**
   * The built public site that is served (e.g. public-site/dist): the stack republishes its pages
   * when content changes (publisher.ts), once it has been built. Without it nothing is published.
   */
  publicSiteDir?: string;
  /** Progress and service output. Lines from the stack itself come with service 'stack'. */
  log?: (service: ServiceName, line: string) => void;
}

export interface StackPorts {
  api: number;
  db: number;
  mail: number;
  smtp: number;
  postgrest: number;
  auth: number;
  storage: number;
  functions: number;
}

export interface Stack {
  /** The gateway, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** postgresql://postgres:postgres@127.0.0.1:54322/postgres */
  dbUrl: string;
  /** Mail inbox (web + JSON API), e.g. http://127.0.0.1:54324 */
  mailUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  publishableKey: string;
  secretKey: string;
  ports: StackPorts;
  /** Direct URLs of the services behind the gateway (bench, debugging). */
  services: { postgrest: string; auth: string; storage: string; mail: string; functions?: string };
  /** Pids of the supervised child processes now (fault tests and the bench kill them). */
  processes(): Record<SupervisedChild, number | undefined>;
  /** How often each child was restarted after it died (supervisor.ts). */
  restarts(): Record<SupervisedChild, number>;
  /**
   * Takes a supervised child down on purpose until resume(): the mail catcher (fault tests of a
   * mail server that is down; SMTP connections are then refused) or Postgres (a database outage).
   */
  pause(child: 'mail' | 'postgres'): Promise<void>;
  resume(child: 'mail' | 'postgres'): Promise<void>;
  /** True when this start created the database (bootstrap, migrations and seed ran). */
  fresh: boolean;
  demoAccounts: typeof demoAccounts;
  config: ProjectConfig;
  stop(): Promise<void>;
}
