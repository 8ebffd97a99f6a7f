import { query, reads } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { PartnerRow } from '../../lib/types';

/** In the order staff set (sort_order), as the about page shows them. */
export const partnersQuery = query(
  'partners',
  () =>
    rows<PartnerRow[]>((rest) =>
      rest.from('partners').select('*').order('sort_order', { ascending: true }).order('created_at'),
    ),
  ...(import.meta.env.SSR ? reads('partners') : []),
);
