import { query } from '../../lib/data';
import { rest, rows } from '../../lib/rest';
import type { AchievementRow } from '../../lib/types';

/** Newest first: the latest achievement is the one visitors want to see. */
function listAchievements(limit?: number): Promise<AchievementRow[]> {
  let request = rest.from('achievements').select('*').order('achieved_on', { ascending: false });
  if (limit) request = request.limit(limit);
  return rows<AchievementRow[]>(request);
}

export const achievementsQuery = (limit?: number) =>
  query(`achievements:${limit ?? 'all'}`, () => listAchievements(limit));
