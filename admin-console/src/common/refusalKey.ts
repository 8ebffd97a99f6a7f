import type { MessageKey } from '../i18n/keys';

/**
 * The message key to show when a change fails. The data provider turns the database's refusals
 * into `errors.*` keys; a screen may word some of them its own way (`wording`), and anything
 * without a key (a network failure, say) gets the screen's `fallback`.
 */
export function refusalKey(
  error: unknown,
  fallback: MessageKey,
  wording: Partial<Record<MessageKey, MessageKey>> = {},
): MessageKey {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  if (typeof message !== 'string') return fallback;
  // The data provider's messages are `errors.*` keys (providers/errors.ts), the translated ones.
  return wording[message as MessageKey] ?? (message.startsWith('errors.') ? (message as MessageKey) : fallback);
}
