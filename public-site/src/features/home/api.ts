import { query, reads } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { StatisticRow } from '../../lib/types';

export const statisticsQuery = query(
  'statistics',
  () => rows<StatisticRow[]>((rest) => rest.from('statistics').select('*').order('sort_order', { ascending: true })),
  ...(import.meta.env.SSR ? reads('statistics') : []),
);
