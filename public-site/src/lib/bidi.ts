/**
 * Wraps a value interpolated into a sentence (a name, an author) in Unicode first-strong
 * isolate marks, the plain-text twin of <bdi>: a Latin name inside Arabic text (or the other
 * way round) cannot reorder the words around it.
 */
export const isolate = (value: string): string => `\u2068${value}\u2069`;
