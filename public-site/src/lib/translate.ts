import type { Language } from '@union/shared/constants';

/** Values put into a text's `{{name}}` placeholders. */
export type TranslationValues = Record<string, string | number>;

type TFunction = (key: string, values?: TranslationValues) => string;

/** What a component needs to speak the visitor's language. */
export interface Translator {
  lang: Language;
  t: TFunction;
}

type Tree = { readonly [key: string]: string | Tree };

/** The text at a dotted key ("events.register"), or undefined when the key names no text. */
export function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills `{{name}}` placeholders; a placeholder without a value stays visible, so it gets noticed. */
export function interpolate(text: string, values?: TranslationValues): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/**
 * The public site's translator. Its texts use only `{{name}}` placeholders (no plural forms or
 * nesting), so a lookup and a replace do what i18next did, without its 48 KB of JavaScript to
 * download and start on every visitor's phone. A key without a text shows the key itself.
 */
export function createTranslator(lang: Language, texts: object): Translator {
  const tree = texts as Tree;
  return { lang, t: (key, values) => interpolate(lookup(tree, key) ?? key, values) };
}
