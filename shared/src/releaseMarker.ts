// `/release.txt` on the public site: the commit a release built it from (line 1), and the id of
// the run that put it live (line 2). public-site/vite.config.ts writes it from RELEASE_COMMIT and
// RELEASE_STAMP, which `npm run deploy` sets. A content publish reads line 1 to build the same
// code again (.github/workflows/publish.yml, scripts/deploy/steps.ts); the smoke test reads both,
// so it knows the site it checks is the one this run uploaded, not an older deployment.

export interface ReleaseMarker {
  commit: string;
  stamp: string;
}

export const COMMIT = /^[0-9a-f]{40}$/;

/** The marker in a /release.txt, or null when the text is not one. */
export function parseMarker(text: string): ReleaseMarker | null {
  const [commit = '', stamp = ''] = text.split('\n').map((line) => line.trim());
  return COMMIT.test(commit) ? { commit, stamp } : null;
}

/** A run's id (line 2): letters, digits and dashes (a UUID). */
export const STAMP = /^[\w-]{0,64}$/;

/** The text of /release.txt. */
export function formatMarker({ commit, stamp }: ReleaseMarker): string {
  if (!COMMIT.test(commit)) throw new Error(`a release's commit is a full commit hash, not "${commit}"`);
  if (!STAMP.test(stamp)) throw new Error(`a release's run id is letters, digits and -, not "${stamp}"`);
  return `${commit}\n${stamp}\n`;
}
