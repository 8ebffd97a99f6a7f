import { useEffect, useState } from 'react';
import type { Language } from '@union/shared/constants';
import { errorKeyOf } from '@union/shared/errors';
import { formatDateTime } from '@union/shared/format';
import { localize } from '@union/shared/localized';
import { Spinner } from '../../components/Spinner';
import { LocalLink } from '../../components/LocalLink';
import { PageHeader } from '../../components/PageHeader';
import { usePageHead } from '../../lib/head';
import { useTranslation, type TextKey } from '../../lib/i18n';
import { restClient } from '../../lib/rest';
import { FormAlert, SuccessPanel } from '../forms/fields';
import { toRegistration, type Registration } from './registration';

// The page a mail's cancel link opens (/cancel?token=…, /en/cancel?token=…): it shows which
// registration the link is for and asks before it cancels (public.cancel_lookup, then
// public.cancel_registration; the database refuses a used or unknown link with a key). The token
// is read after hydration: the prerendered page has none, and the first render must match it.

type State =
  | { step: 'loading' }
  | { step: 'noToken' }
  | { step: 'ask'; registration: Registration; sending: boolean; error: TextKey | null }
  | { step: 'done'; registration: Registration }
  | { step: 'refused'; error: TextKey };

const refusal = (error: unknown): TextKey => `errors.${errorKeyOf(error)}`;

// Each sentence is true for the reader's own registration: a place on the waitlist is no seat,
// and an event without a limit has nobody waiting for one (docs/mail.md, "Cancel links").
const whatCancelling = (r: Registration): TextKey | null =>
  r.waitlisted ? 'cancel.waitlistedNote' : r.limited ? 'cancel.seatNote' : null;
const afterCancelling = (r: Registration): TextKey =>
  r.waitlisted ? 'cancel.doneWaitlist' : r.limited ? 'cancel.doneNote' : 'cancel.doneOpen';

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
    void restClient()
      .then((rest) => rest.rpc('cancel_lookup', { token: found }))
      .then(({ data, error }) => {
        if (!current) return;
        const registration = error ? null : toRegistration(data);
        if (!registration) setState({ step: 'refused', error: refusal(error) });
        else setState({ step: 'ask', registration, sending: false, error: null });
      });
    return () => {
      current = false;
    };
  }, []);

  const cancel = async () => {
    if (state.step !== 'ask' || state.sending || !token) return;
    setState({ ...state, sending: true, error: null });
    const { error } = await (await restClient()).rpc('cancel_registration', { token });
    if (error) setState({ ...state, sending: false, error: refusal(error) });
    else setState({ step: 'done', registration: state.registration });
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
            {whatCancelling(state.registration) && (
              <p data-testid="cancel-note">{t(whatCancelling(state.registration)!)}</p>
            )}
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
              <LocalLink to={`/events/${state.registration.eventId}`} className="btn btn-secondary">
                {t('cancel.toEvent')}
              </LocalLink>
            }
          >
            <p className="font-semibold" data-testid="cancel-done">
              {t('cancel.done')}
            </p>
            <p className="text-sm" data-testid="cancel-done-note">
              {t(afterCancelling(state.registration))}
            </p>
          </SuccessPanel>
        )}
      </div>
    </>
  );
}
