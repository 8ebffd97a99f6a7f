import { describe, expect, it } from 'vitest';
import { formatMarker, parseMarker } from './releaseMarker';

const commit = '0123456789abcdef0123456789abcdef01234567';

describe('/release.txt', () => {
  it('reads back what a build writes', () => {
    const stamp = '6f1c1d9e-2b4a-4c7e-9a51-0d3f2e8b7c11';
    expect(parseMarker(formatMarker({ commit, stamp }))).toEqual({ commit, stamp });
  });

  it('refuses what is not a commit or a run id, in the build and in the reader', () => {
    expect(() => formatMarker({ commit: 'main', stamp: '' })).toThrow(/full commit hash/);
    expect(() => formatMarker({ commit, stamp: 'a b' })).toThrow(/run id/);
    expect(parseMarker('<!doctype html>\n')).toBeNull();
  });
});
