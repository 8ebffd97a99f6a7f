import { describe, expect, it } from 'vitest';
import { localize, isLocalizedComplete } from './localized';
import { formatDate, formatNumber } from './format';
import { isValidEmail, passwordProblems, normalizeStudentNumber, isHttpsUrl } from './validation';
import { matchesSearch, normalizeForSearch } from './search';
import { imageObjectName, imagePathFromUrl, publicImageUrl } from './storage';
import { errorKeyOf } from './errors';
import { readConfig, LOCAL_ANON_KEY } from './config';
import { hasConsoleSessionCookie } from './session-cookie';
import { isRtl, isLanguage } from './constants';

describe('localize', () => {
  it('picks the language, then falls back en → ar → tr', () => {
    const text = { en: 'Hello', ar: 'مرحبا', tr: 'Merhaba' };
    expect(localize(text, 'tr')).toBe('Merhaba');
    expect(localize({ en: '', ar: 'مرحبا', tr: 'Merhaba' }, 'en')).toBe('مرحبا');
    expect(localize({ tr: 'Merhaba' }, 'ar')).toBe('Merhaba');
    expect(localize(null, 'ar')).toBe('');
  });
  it('knows a complete text', () => {
    expect(isLocalizedComplete({ en: 'a', ar: 'ب', tr: 'c' })).toBe(true);
    expect(isLocalizedComplete({ en: 'a', ar: ' ', tr: 'c' })).toBe(false);
    expect(isLocalizedComplete('a')).toBe(false);
  });
});

describe('format', () => {
  const date = '2026-03-12T10:00:00Z';
  it('uses long months per locale', () => {
    expect(formatDate(date, 'en')).toBe('March 12, 2026');
    expect(formatDate(date, 'tr')).toBe('12 Mart 2026');
    expect(formatDate(date, 'ar')).toContain('آذار');
    expect(formatDate('not a date', 'en')).toBe('');
  });
  it('formats numbers per locale', () => {
    expect(formatNumber(1500, 'en')).toBe('1,500');
    expect(formatNumber(1500, 'tr')).toBe('1.500');
    expect(formatNumber(12, 'ar')).toBe('١٢');
  });
});

describe('validation', () => {
  it('checks emails', () => {
    expect(isValidEmail('a.b@union.org')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('no at.org')).toBe(false);
  });
  it('states every password problem', () => {
    expect(passwordProblems('Editor12345')).toEqual([]);
    expect(passwordProblems('short')).toEqual(['length', 'upper', 'digit']);
    expect(passwordProblems('ALLUPPER1')).toEqual(['lower']);
  });
  it('normalizes student numbers', () => {
    expect(normalizeStudentNumber(' ٢٠٢١٠٠١ ')).toBe('2021001');
    expect(normalizeStudentNumber('۲۰۲۱')).toBe('2021');
  });
  it('accepts only https links', () => {
    expect(isHttpsUrl('https://x.org/u')).toBe(true);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('search', () => {
  it('folds Turkish i forms', () => {
    expect(matchesSearch(['İstanbul Üniversitesi'], 'istanbul')).toBe(true);
    expect(matchesSearch(['ISPARTA'], 'ısparta')).toBe(true);
    expect(normalizeForSearch('Işık')).toBe('isik');
  });
  it('ignores Arabic diacritics and letter variants', () => {
    expect(matchesSearch(['الأَدَب الفلسطيني'], 'الادب')).toBe(true);
    expect(matchesSearch(['مكتبة'], 'مكتبه')).toBe(true);
  });
  it('matches any field, empty query matches all', () => {
    expect(matchesSearch([null, 'Ghassan Kanafani'], 'kanafani')).toBe(true);
    expect(matchesSearch(['x'], '  ')).toBe(true);
    expect(matchesSearch(['x'], 'y')).toBe(false);
  });
});

describe('storage', () => {
  it('names uploads after the original file plus a timestamp', () => {
    expect(imageObjectName('events', 'Iftar Night (1).JPG', new Date(1700000000000))).toBe(
      'events/Iftar-Night-1-1700000000000.jpg',
    );
    expect(imageObjectName('books', 'كتاب.png', new Date(1))).toBe('books/image-1.png');
  });
  it('builds and reads public URLs', () => {
    const url = publicImageUrl({ supabaseUrl: 'http://h:1' }, 'events/a b.png');
    expect(url).toBe('http://h:1/storage/v1/object/public/images/events/a%20b.png');
    expect(imagePathFromUrl(url!)).toBe('events/a b.png');
    expect(publicImageUrl({ supabaseUrl: 'http://h:1' }, null)).toBeNull();
  });
});

describe('errors', () => {
  it('maps database refusals to stable keys', () => {
    expect(errorKeyOf({ code: 'P0001', message: 'student_not_found' })).toBe('student_not_found');
    expect(errorKeyOf({ error: 'own_account', message: 'You cannot edit your own account.' })).toBe('own_account');
    expect(errorKeyOf({ code: '42501', message: 'new row violates row-level security policy' })).toBe('not_allowed');
    expect(errorKeyOf({ message: 'TypeError: Failed to fetch' })).toBe('network');
    expect(errorKeyOf('x')).toBe('generic');
  });
});

describe('config and constants', () => {
  it('defaults to the local stack', () => {
    const config = readConfig({});
    expect(config.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(config.supabaseAnonKey).toBe(LOCAL_ANON_KEY);
    expect(readConfig({ VITE_SUPABASE_URL: 'https://x.supabase.co/' }).supabaseUrl).toBe('https://x.supabase.co');
  });
  it('knows directions and languages', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('tr')).toBe(false);
    expect(isLanguage('de')).toBe(false);
  });
  it('reads the console session marker', () => {
    expect(hasConsoleSessionCookie('a=1; union_console_session=1')).toBe(true);
    expect(hasConsoleSessionCookie('union_console_session=')).toBe(false);
  });
});
