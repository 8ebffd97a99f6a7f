import { rest } from '../../lib/rest';
import { rows } from '../../lib/useAsync';
import type { BoardMemberRow } from '../../lib/types';

export function listBoardMembers(limit?: number): Promise<BoardMemberRow[]> {
  let query = rest.from('board_members').select('*').order('sort_order', { ascending: true }).order('created_at', { ascending: true });
  if (limit) query = query.limit(limit);
  return rows<BoardMemberRow[]>(query);
}
