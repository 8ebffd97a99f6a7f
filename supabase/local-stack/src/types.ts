// The interfaces between the local stack's services. Each service module exports one
// start function taking its config and returning a handle; `index.ts` wires them together.

export interface ServiceHandle {
  /** Base URL the service listens on, e.g. http://127.0.0.1:9999 */
  url: string;
  close(): Promise<void>;
}

/** The well-known values of `supabase start`, so an .env works against either stack. */
export interface StackSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
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
  smtp: { host: string; port: number; senderEmail: string; senderName: string };
}

export interface StorageConfig {
  port: number;
  dbUrl: string;
  jwtSecret: string;
  /** Folder where object bytes are kept */
  filesDir: string;
  /** Global upload limit in bytes (config.toml [storage] file_size_limit) */
  fileSizeLimit: number;
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
