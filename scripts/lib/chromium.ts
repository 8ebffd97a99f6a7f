// The Chromium every browser run of the project uses (end-to-end tests, the bench, the seed
// images) and its flags, written once. Browsers cannot be downloaded here: Debian's package.

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Runs as root (no sandbox) and without a GPU, and stays offline: without these flags Chromium
 * asks Google's servers for updates, sync and background data.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's launch options for it (a fresh object: Playwright takes a mutable list). */
export const chromiumLaunchOptions = (): { executablePath: string; args: string[] } => ({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
