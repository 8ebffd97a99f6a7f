import { isLocalizedComplete } from '@union/shared/localized';
import type { Validator } from 'react-admin';

/** What visitors see of an item: nothing (draft), nothing yet (scheduled), or the item. */
export type NewsState = 'draft' | 'scheduled' | 'published';

/** The same rule as the database's row-level security (20261126100000_news.sql). */
export function newsState(item: { status: string; publish_at: string | null }, now = Date.now()): NewsState {
  if (item.status !== 'published') return 'draft';
  return item.publish_at && new Date(item.publish_at).getTime() > now ? 'scheduled' : 'published';
}

const isBlankHtml = (html: unknown) =>
  typeof html !== 'string' ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/**
 * A localized field of a news item: anything in a draft; all three languages to publish (the
 * database's news_complete check, repeated here to say so before saving).
 */
export const completeWhenPublished: Validator = (value: unknown, all: { status?: string }) =>
  all?.status === 'published' && !isLocalizedComplete(value) ? 'errors.news_incomplete' : undefined;

/** One language of the body (an editor each): text in it, to publish. */
export const bodyWhenPublished: Validator = (value: unknown, all: { status?: string }) =>
  all?.status === 'published' && isBlankHtml(value) ? 'errors.news_incomplete' : undefined;

/** The cover's description, in three languages, when there is a cover, to publish. */
export const altWhenPublished: Validator = (value: unknown, all: { status?: string; cover_path?: unknown }, props) =>
  all?.cover_path ? completeWhenPublished(value, all, props) : undefined;
