import { describe, expect, it } from 'vitest';
import { ar } from '@union/shared/i18n/public/ar';
import { createTranslator, interpolate, lookup } from './translate';

describe('lookup', () => {
  const tree = { nav: { home: 'Home', social: { x: 'X' } }, plain: 'text' };

  it('finds the text at a dotted key', () => {
    expect(lookup(tree, 'nav.home')).toBe('Home');
    expect(lookup(tree, 'nav.social.x')).toBe('X');
    expect(lookup(tree, 'plain')).toBe('text');
  });

  it('gives undefined for a group, a missing key, a path through a text, or an inherited property', () => {
    expect(lookup(tree, 'nav')).toBeUndefined();
    expect(lookup(tree, 'nav.missing')).toBeUndefined();
    expect(lookup(tree, 'plain.length')).toBeUndefined();
    expect(lookup(tree, 'nav.toString')).toBeUndefined();
    expect(lookup(tree, '__proto__')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('fills every placeholder, with numbers as text', () => {
    expect(interpolate('{{name}} on {{ network }}', { name: 'Lina', network: 'X' })).toBe('Lina on X');
    expect(interpolate('{{count}} of 5', { count: 3 })).toBe('3 of 5');
  });

  it('leaves a placeholder without a value, and a text without values, as they are', () => {
    expect(interpolate('Hello {{name}}', {})).toBe('Hello {{name}}');
    expect(interpolate('Hello {{name}}')).toBe('Hello {{name}}');
  });

  it('does not treat $ patterns in a value as replacement patterns', () => {
    expect(interpolate('Price: {{value}}', { value: "$& $' $1" })).toBe("Price: $& $' $1");
  });
});

describe('createTranslator', () => {
  it('translates with the bundle of its language', () => {
    const { t, lang } = createTranslator('ar', ar);
    expect(lang).toBe('ar');
    expect(t('library.resultCount', { count: 4 })).toBe('عدد الكتب: 4');
  });

  it('shows the key when no text exists for it', () => {
    expect(createTranslator('en', { a: { b: 'B' } }).t('errors.unknown_code')).toBe('errors.unknown_code');
  });
});
