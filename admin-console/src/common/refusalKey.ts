/**
 * The message key to show when a change fails. The data provider turns the database's refusals
 * into `errors.*` keys; a screen may word some of them its own way (`wording`), and anything
 * without a key (a network failure, say) gets the screen's `fallback`.
 */
export function refusalKey(error: unknown, fallback: string, wording: Record<string, string> = {}): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  if (typeof message !== 'string') return fallback;
  return wording[message] ?? (message.startsWith('errors.') ? message : fallback);
}
