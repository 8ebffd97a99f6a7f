import { useEffect, useState } from 'react';
import type { Language } from '@union/shared/constants';
import { errorKeyOf } from '@union/shared/errors';
import { formatDateTime } from '@union/shared/format';
import { localize, type LocalizedText } from '@union/shared/localized';
import { Spinner } from '../../components/DataState';
import { LocalLink } from '../../components/LocalLink';
import { PageHeader } from '../../components/PageHeader';
import { usePageHead } from '../../lib/head';
import { useTranslation, type TextKey } from '../../lib/i18n';
import { rest } from '../../lib/rest';
import { FormAlert, SuccessPanel } from '../forms/fields';

// The page a mail's cancel link opens (/cancel?token=…, /en/cancel?token=…): it shows which
// registration the link is for and asks before it cancels (public.cancel_lookup, then
// public.cancel_registration; the database refuses a used or unknown link with a key). The token
// is read after hydration: the prerendered page has none, and the first render must match it.

interface Registration {
  eventId: string;
  title: LocalizedText;
  startsAt: string;
  location: LocalizedText;
  waitlisted: boolean;
}

type State =
  | { step: 'loading' }
  | { step: 'noToken' }
  | { step: 'ask'; registration: Registration; sending: boolean; error: TextKey | null }
  | { step: 'done'; eventId: string }
  | { step: 'refused'; error: TextKey };

const refusal = (error: unknown): TextKey => `errors.${errorKeyOf(error)}`;

function Details({ registration, lang }: { registration: Registration; lang: Language }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-2" data-testid="cancel-registration">
      <div>
        <dt className="text-sm text-gray-600 dark:text-gray-400">{t('cancel.event')}</dt>
        <dd className="font-semibold">{localize(registration.title, lang)}</dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600 dark:text-gray-400">{t('events.date')}</dt>
        <dd>{formatDateTime(registration.startsAt, lang)}</dd>
      </div>
      <div>
        <dt className="text-sm text-gray-600 dark:text-gray-400">{t('events.location')}</dt>
        <dd>{localize(registration.location, lang)}</dd>
      </div>
    </dl>
  );
}

export default function CancelPage() {
  const { t, lang } = useTranslation();
  usePageHead({ title: t('meta.titles.cancel'), description: t('meta.descriptions.cancel'), noindex: true });
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token');
    setToken(found);
    if (!found) {
      setState({ step: 'noToken' });
      return;
    }
    let current = true;
    void rest.rpc('cancel_lookup', { token: found }).then(({ data, error }) => {
      if (!current) return;
      if (error || !data) setState({ step: 'refused', error: refusal(error) });
      else setState({ step: 'ask', registration: data as unknown as Registration, sending: false, error: null });
    });
    return () => {
      current = false;
    };
  }, []);

  const cancel = async () => {
    if (state.step !== 'ask' || state.sending || !token) return;
    setState({ ...state, sending: true, error: null });
    const { error } = await rest.rpc('cancel_registration', { token });
    if (error) setState({ ...state, sending: false, error: refusal(error) });
    else setState({ step: 'done', eventId: state.registration.eventId });
  };

  return (
    <>
      <PageHeader title={t('cancel.title')} />
      <div className="container-page grid max-w-xl gap-6 py-10" data-testid="cancel-page">
        {state.step === 'loading' && (
          <div className="grid justify-items-center gap-3">
            <Spinner />
            <p>{t('cancel.loading')}</p>
          </div>
        )}
        {state.step === 'noToken' && <p>{t('cancel.noToken')}</p>}
        {state.step === 'refused' && <FormAlert>{t(state.error)}</FormAlert>}
        {state.step === 'ask' && (
          <>
            <p className="text-lg font-semibold">{t('cancel.question')}</p>
            <Details registration={state.registration} lang={lang} />
            {state.registration.waitlisted && <p>{t('cancel.waitlistedNote')}</p>}
            <FormAlert>{state.error && t(state.error)}</FormAlert>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn btn-primary"
                disabled={state.sending}
                aria-disabled={state.sending}
                onClick={() => void cancel()}
              >
                {t(state.sending ? 'cancel.cancelling' : 'cancel.confirm')}
              </button>
              <LocalLink to={`/events/${state.registration.eventId}`} className="btn btn-secondary">
                {t('cancel.toEvent')}
              </LocalLink>
            </div>
          </>
        )}
        {state.step === 'done' && (
          <SuccessPanel
            action={
              <LocalLink to={`/events/${state.eventId}`} className="btn btn-secondary">
                {t('cancel.toEvent')}
              </LocalLink>
            }
          >
            <p className="font-semibold" data-testid="cancel-done">
              {t('cancel.done')}
            </p>
            <p className="text-sm">{t('cancel.doneNote')}</p>
          </SuccessPanel>
        )}
      </div>
    </>
  );
}
