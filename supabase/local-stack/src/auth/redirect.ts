/**
 * GoTrue's redirect allow-list: a URL is allowed when its host name equals the site URL's,
 * or when it matches one of `additional_redirect_urls` as a glob with separators `.` and `/`
 * (`*` stays within a segment, `**` crosses them, `?` one character, `{a,b}` alternatives).
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else {
        re += '[^./]*';
      }
    } else if (c === '?') {
      re += '[^./]';
    } else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) {
        re += '\\{';
      } else {
        const alts = glob
          .slice(i + 1, end)
          .split(',')
          .map((a) => globToRegExp(a).source.slice(1, -1));
        re += `(?:${alts.join('|')})`;
        i = end;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      re += escapeRe(glob[i + 1]!);
      i++;
    } else {
      re += escapeRe(c);
    }
  }
  return new RegExp(`^${re}$`);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function makeRedirectValidator(siteUrl: string, additional: string[]) {
  const patterns = additional.filter((p) => p.trim() !== '').map((p) => globToRegExp(p.trim()));
  let siteHost: string | null = null;
  try {
    siteHost = new URL(siteUrl).hostname;
  } catch {
    siteHost = null;
  }
  const isValid = (url: string | null | undefined): url is string => {
    if (!url) return false;
    try {
      const u = new URL(url);
      if (siteHost !== null && u.hostname === siteHost) return true;
    } catch {
      // not an absolute URL: only the globs can allow it
    }
    return patterns.some((p) => p.test(url));
  };
  /** The requested URL when allowed, else the site URL (GoTrue's getReferrer). */
  const pick = (requested: string | null | undefined, referer?: string | null): string => {
    if (isValid(requested)) return requested;
    if (isValid(referer)) return referer;
    return siteUrl;
  };
  return { isValid, pick };
}
