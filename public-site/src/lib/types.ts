import type { Tables } from '@union/shared/database.types';

// Rows as the public site reads them, from the generated database types.
export type EventRow = Tables<'events'>;
export type BoardMemberRow = Tables<'board_members'>;
export type BookRow = Tables<'books'>;
export type AchievementRow = Tables<'achievements'>;
export type PartnerRow = Tables<'partners'>;
export type StatisticRow = Tables<'statistics'>;
export type NewsRow = Tables<'news'>;
/** A news item as lists show it: no body (the home page never loads one, nor the sanitiser). */
export type NewsListRow = Pick<
  NewsRow,
  'id' | 'title' | 'summary' | 'cover_path' | 'cover_alt' | 'publish_at' | 'pinned'
>;
