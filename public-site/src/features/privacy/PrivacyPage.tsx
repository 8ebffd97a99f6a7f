import type { ReactNode } from 'react';
import { formatMonths } from '@union/shared/format';
import { DEFAULT_RETENTION_MONTHS } from '@union/shared/constants';
import { PageHeader } from '../../components/PageHeader';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation, type TextKey } from '../../lib/i18n';
import { settingsQuery, textSetting, type Settings } from '../../lib/settings';

// The information notice (KVKK art. 10, GDPR art. 13): its texts are translation keys, so staff
// can adapt it from the console; the retention periods and the contact address come from the
// settings the database applies.

const COLLECTED: TextKey[] = [
  'privacy.collectedRegistration',
  'privacy.collectedEvaluation',
  'privacy.collectedLoan',
  'privacy.collectedContact',
  'privacy.collectedFeedback',
  'privacy.collectedTechnical',
];

const months = (settings: Settings | undefined, key: 'submissionRetentionMonths' | 'auditRetentionMonths'): number => {
  const value = Number(settings?.[key]);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_RETENTION_MONTHS;
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function PrivacyPage() {
  const { t, lang } = useTranslation();
  usePageHead({ title: t('meta.titles.privacy'), description: t('meta.descriptions.privacy') });
  const settings = useQuery(settingsQuery).data;
  const email = textSetting(settings, 'footerEmail') || t('contact.defaultEmail');
  const text = 'max-w-prose leading-relaxed text-gray-800 dark:text-gray-200';
  return (
    <>
      <PageHeader title={t('privacy.title')} subtitle={t('privacy.subtitle')} />
      <div className="container-page grid gap-10 py-12" data-testid="privacy-notice">
        <Section id="privacy-controller" title={t('privacy.controllerTitle')}>
          <p className={text}>{t('privacy.controllerText', { email })}</p>
        </Section>
        <Section id="privacy-collected" title={t('privacy.collectedTitle')}>
          <ul className={`${text} grid list-disc gap-2 ps-6`}>
            {COLLECTED.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Section>
        <Section id="privacy-purpose" title={t('privacy.purposeTitle')}>
          <p className={text}>{t('privacy.purposeText')}</p>
        </Section>
        <Section id="privacy-recipients" title={t('privacy.recipientsTitle')}>
          <p className={text}>{t('privacy.recipientsText')}</p>
        </Section>
        <Section id="privacy-retention" title={t('privacy.retentionTitle')}>
          <p className={text} data-testid="privacy-retention">
            {t('privacy.retentionText', {
              months: formatMonths(months(settings, 'submissionRetentionMonths'), lang),
              auditMonths: formatMonths(months(settings, 'auditRetentionMonths'), lang),
            })}
          </p>
        </Section>
        <Section id="privacy-rights" title={t('privacy.rightsTitle')}>
          <p className={text}>{t('privacy.rightsText', { email })}</p>
        </Section>
      </div>
    </>
  );
}
