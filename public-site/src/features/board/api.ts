import { query } from '../../lib/data';
import { rest, rows } from '../../lib/rest';
import type { BoardMemberRow } from '../../lib/types';

function listBoardMembers(limit?: number): Promise<BoardMemberRow[]> {
  let request = rest
    .from('board_members')
    .select('*')
    .order('sort_order', { ascending: true })
    .order('created_at', { ascending: true });
  if (limit) request = request.limit(limit);
  return rows<BoardMemberRow[]>(request);
}

export const boardQuery = (limit?: number) => query(`board:${limit ?? 'all'}`, () => listBoardMembers(limit));
