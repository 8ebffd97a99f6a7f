import type { Tables } from '@union/shared/database.types';

// Rows as the public site reads them, from the generated database types.
export type EventRow = Tables<'events'>;
export type BoardMemberRow = Tables<'board_members'>;
export type BookRow = Tables<'books'>;
export type AchievementRow = Tables<'achievements'>;
export type StatisticRow = Tables<'statistics'>;
