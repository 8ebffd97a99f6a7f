import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { formatNumber } from '@union/shared/format';
import { localeNumbers, textInterpolation } from '@union/shared/i18n/numbers';
import { loadTexts } from '../i18n/messages';
import { publishReason } from './publishReason';

// The words staff read for a failed build, in the three languages, through i18next as the
// console sets it up (i18n/provider.ts).
async function say(lang: 'ar' | 'en' | 'tr', error: string) {
  const i18n = createInstance().use(localeNumbers);
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: await loadTexts(lang) } },
    interpolation: textInterpolation,
  });
  const r = publishReason(error, (n) => formatNumber(n, lang));
  return { text: i18n.t(r.key as string, (r.options ?? {}) as Record<string, unknown>), handover: r.handover };
}

describe('a failed build’s reason', () => {
  it('a refused publish token says to renew it and points to Handover, in every language', async () => {
    expect(await say('en', 'hook_refused')).toEqual({
      text: 'The publish token was refused: renew it, see Handover.',
      handover: true,
    });
    expect(await say('ar', 'hook_refused')).toEqual({
      text: 'رُفض رمز النشر: جدّده (التفاصيل في صفحة التسليم).',
      handover: true,
    });
    expect(await say('tr', 'hook_refused')).toEqual({
      text: 'Yayımlama anahtarı reddedildi: yenileyin, Devir teslim sayfasına bakın.',
      handover: true,
    });
  });

  it('names the other answers of the hook, its status in the language’s digits', async () => {
    expect((await say('en', 'hook_not_found')).handover).toBe(true);
    expect((await say('en', 'no_report')).text).toBe('The build did not report back within half an hour.');
    expect(await say('en', 'hook_http_500')).toEqual({
      text: 'The publish hook answered with the error 500.',
      handover: false,
    });
    expect((await say('ar', 'hook_http_422')).text).toBe('أجاب رابط النشر بالخطأ ٤٢٢.');
    expect((await say('en', 'hook_unreachable')).text).toMatch(/did not answer/);
  });

  it('shows a reason the build reported as it came', async () => {
    expect((await say('en', 'prerender failed: /events')).text).toBe('Reason: prerender failed: /events');
  });
});
