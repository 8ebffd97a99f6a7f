import { SESSION_COOKIE_NAME } from './constants';
import type { AppConfig } from './config';

// A marker (not a credential) the console sets while a staff member is signed in, so the
// public site can show the admin icon. Cookies ignore ports, and a parent-domain cookie
// reaches both the site and an admin subdomain.

const domainPart = (config: Pick<AppConfig, 'sessionCookieDomain'>) =>
  config.sessionCookieDomain ? `; domain=${config.sessionCookieDomain}` : '';

export function setConsoleSessionCookie(config: Pick<AppConfig, 'sessionCookieDomain'>): void {
  document.cookie = `${SESSION_COOKIE_NAME}=1; path=/; max-age=${60 * 60 * 24 * 30}; SameSite=Lax${domainPart(config)}`;
}

export function clearConsoleSessionCookie(config: Pick<AppConfig, 'sessionCookieDomain'>): void {
  document.cookie = `${SESSION_COOKIE_NAME}=; path=/; max-age=0; SameSite=Lax${domainPart(config)}`;
}

export function hasConsoleSessionCookie(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return cookie.split(';').some((part) => part.trim() === `${SESSION_COOKIE_NAME}=1`);
}
