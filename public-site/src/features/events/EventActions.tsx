import { localize } from '@union/shared/localized';
import { useTranslation } from '../../lib/i18n';
import { useNow } from '../../lib/now';
import type { EventRow } from '../../lib/types';
import { isPastEvent } from './api';
import { EvaluationForm } from './EvaluationForm';
import { RegistrationForm } from './RegistrationForm';

export type OpenForm = { eventId: string; kind: 'register' | 'evaluate' } | null;

/**
 * Register (open upcoming), a disabled "Registration closed" (closed upcoming), or Evaluate
 * (past); the form expands below. `open` lives in the list so only one form is open at a time.
 */
export function EventActions({ event, open, onToggle }: { event: EventRow; open: OpenForm; onToggle: (next: OpenForm) => void }) {
  const { t, lang } = useTranslation();
  const title = localize(event.title, lang);
  const past = isPastEvent(event, useNow());
  const kind = past ? 'evaluate' : 'register';
  const isOpen = open?.eventId === event.id && open.kind === kind;
  const panelId = `event-form-${event.id}`;

  if (!past && !event.registration_open) {
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
        onClick={() => onToggle(isOpen ? null : { eventId: event.id, kind })}
      >
        {isOpen ? t('events.hideForm') : t(past ? 'events.evaluate' : 'events.register')}
      </button>
      <div id={panelId} hidden={!isOpen}>
        {isOpen && (past ? <EvaluationForm eventId={event.id} title={title} /> : <RegistrationForm eventId={event.id} title={title} />)}
      </div>
    </div>
  );
}
