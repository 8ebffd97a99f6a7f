import { query, reads } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { BoardMemberRow } from '../../lib/types';

function listBoardMembers(limit?: number): Promise<BoardMemberRow[]> {
  return rows<BoardMemberRow[]>((rest) => {
    const request = rest
      .from('board_members')
      .select('*')
      .order('sort_order', { ascending: true })
      .order('created_at', { ascending: true });
    return limit ? request.limit(limit) : request;
  });
}

export const boardQuery = (limit?: number) =>
  query(
    `board:${limit ?? 'all'}`,
    () => listBoardMembers(limit),
    ...(import.meta.env.SSR ? reads('board_members') : []),
  );
