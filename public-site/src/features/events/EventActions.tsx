import { localize } from '@union/shared/localized';
import { intentTo, onDemand } from '../../components/onDemand';
import { useTranslation } from '../../lib/i18n';
import type { EventRow } from '../../lib/types';
import { useSeats } from './EventSeats';

// Open only after a click, so never in the prerendered page: their code loads on demand.
const RegistrationForm = onDemand(
  () => import('./RegistrationForm').then((m) => m.RegistrationForm),
  '__UNION_ON_DEMAND__RegistrationForm',
);
const EvaluationForm = onDemand(
  () => import('./EvaluationForm').then((m) => m.EvaluationForm),
  '__UNION_ON_DEMAND__EvaluationForm',
);

export type OpenForm = { eventId: string; kind: 'register' | 'evaluate' } | null;

/**
 * Register (open upcoming; "Join the waitlist" once the live read says the event is full), a
 * disabled "Registration closed" (closed by staff or past its deadline), or Evaluate (past); the
 * form expands below. `open` lives in the list so only one form is open at a time.
 */
export function EventActions({
  event,
  open,
  onToggle,
}: {
  event: EventRow;
  open: OpenForm;
  onToggle: (next: OpenForm) => void;
}) {
  const { t, lang } = useTranslation();
  const title = localize(event.title, lang);
  const { state, line } = useSeats(event);
  const past = state === 'past';
  const kind = past ? 'evaluate' : 'register';
  const isOpen = open?.eventId === event.id && open.kind === kind;
  const panelId = `event-form-${event.id}`;

  if (state === 'closed' || state === 'deadlinePassed') {
    return (
      <button type="button" className="btn btn-primary w-full" disabled data-testid="registration-closed">
        {t('events.registrationClosed')}
      </button>
    );
  }

  return (
    <div className="grid gap-4">
      <button
        type="button"
        className={`btn w-full ${isOpen ? 'btn-secondary' : 'btn-primary'}`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        {...intentTo(past ? EvaluationForm : RegistrationForm)}
        onClick={() => onToggle(isOpen ? null : { eventId: event.id, kind })}
      >
        {isOpen
          ? t('events.hideForm')
          : t(past ? 'events.evaluate' : line.kind === 'full' ? 'events.joinWaitlist' : 'events.register')}
      </button>
      <div id={panelId} hidden={!isOpen}>
        {isOpen &&
          (past ? (
            <EvaluationForm eventId={event.id} title={title} />
          ) : (
            <RegistrationForm eventId={event.id} title={title} />
          ))}
      </div>
    </div>
  );
}
