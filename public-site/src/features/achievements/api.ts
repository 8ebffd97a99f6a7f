import { query, reads } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { AchievementRow } from '../../lib/types';

/** Newest first: the latest achievement is the one visitors want to see. */
function listAchievements(limit?: number): Promise<AchievementRow[]> {
  return rows<AchievementRow[]>((rest) => {
    const request = rest.from('achievements').select('*').order('achieved_on', { ascending: false });
    return limit ? request.limit(limit) : request;
  });
}

export const achievementsQuery = (limit?: number) =>
  query(
    `achievements:${limit ?? 'all'}`,
    () => listAchievements(limit),
    ...(import.meta.env.SSR ? reads('achievements') : []),
  );
