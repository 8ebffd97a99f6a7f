// A failed build's reason (publish_status.last_error) in words: the database's own reasons
// (20261125130000_publishing.sql: no_report; 20261201120000_credentials_and_hook_answers.sql: the
// hook's answer) are translated; a reason the build itself reported is shown as it came.
import type { MessageKey, TranslateOptions } from '../i18n/keys';

const KNOWN = ['no_report', 'hook_refused', 'hook_not_found', 'hook_unreachable'] as const;

export interface ReasonText {
  key: MessageKey;
  options: TranslateOptions;
  /** The token or the hook's address needs a superadmin: the words point to Handover. */
  handover: boolean;
}

/** `formatStatus` writes the hook's HTTP status as the console writes numbers. */
export function publishReason(error: string, formatStatus: (status: number) => string): ReasonText {
  const known = KNOWN.find((k) => k === error);
  if (known)
    return {
      key: `dashboard.publish.reasons.${known}`,
      options: {},
      handover: known === 'hook_refused' || known === 'hook_not_found',
    };
  const http = /^hook_http_(\d{3})$/.exec(error);
  if (http)
    return {
      key: 'dashboard.publish.reasons.hook_http',
      options: { status: formatStatus(Number(http[1])) },
      handover: false,
    };
  return { key: 'dashboard.publish.reason', options: { error }, handover: false };
}
