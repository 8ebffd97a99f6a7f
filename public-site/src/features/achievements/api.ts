import { rest } from '../../lib/rest';
import { rows } from '../../lib/useAsync';
import type { AchievementRow } from '../../lib/types';

/** Newest first: the latest achievement is the one visitors want to see. */
export function listAchievements(limit?: number): Promise<AchievementRow[]> {
  let query = rest.from('achievements').select('*').order('achieved_on', { ascending: false });
  if (limit) query = query.limit(limit);
  return rows<AchievementRow[]>(query);
}
