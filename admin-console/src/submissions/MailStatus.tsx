import { useEffect } from 'react';
import { useGetList, useRecordContext } from 'react-admin';
import { Chip, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { useT } from '../i18n/keys';
import type { Enum, Rec } from '../types';

const COLORS = { queued: 'warning', sent: 'success', failed: 'error' } as const satisfies Record<
  Enum<'mail_state'>,
  string
>;

type Mail = Rec<'mail_outbox'>;

/**
 * The mails about a registration and how each one went (public.mail_outbox, docs/mail.md): sent,
 * waiting for its next attempt after an error, or given up. Staff read the queue; nobody writes it.
 */
export const MailStatus = (_props: { label?: string }) => {
  const record = useRecordContext<Rec<'submissions'>>();
  const translate = useT();
  const lang = useLanguage();
  const { data, isPending, refetch } = useGetList<Mail>(
    'mail_outbox',
    {
      filter: { submission_id: record?.id },
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 50 },
    },
    { enabled: Boolean(record?.id) },
  );
  // Approving or rejecting queues a mail in the same transaction: show it as soon as the status changes.
  const status = record?.status;
  useEffect(() => {
    if (status) void refetch();
  }, [status, refetch]);
  if (!record || isPending) return null;
  if (!data?.length) return <Typography variant="body2">{translate('submissions.mail.none')}</Typography>;
  return (
    <Stack spacing={1} data-testid="mail-status">
      {data.map((m) => (
        <Stack key={m.id} direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="body2">{translate(`submissions.mail.kinds.${m.kind}`)}</Typography>
          <Chip
            size="small"
            color={COLORS[m.state] ?? 'default'}
            label={translate(`submissions.mail.states.${m.state}`)}
            data-state={m.state}
          />
          <Typography variant="body2" color="text.secondary">
            {m.state === 'sent' && m.sent_at
              ? formatDateTime(m.sent_at, lang)
              : m.state === 'queued' && m.attempts > 0
                ? translate('submissions.mail.retry', {
                    attempts: m.attempts,
                    date: formatDateTime(m.next_attempt_at, lang),
                  })
                : ''}
          </Typography>
          {m.state !== 'sent' && m.last_error && (
            <Typography variant="body2" color="text.secondary" component="bdi">
              {translate('submissions.mail.lastError', { error: m.last_error })}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
};
