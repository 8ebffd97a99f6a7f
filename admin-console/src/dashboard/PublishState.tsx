import { useCallback, useEffect, useState } from 'react';
import { usePermissions } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, Typography, type ChipProps } from '@mui/material';
import Publish from '@mui/icons-material/Publish';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatNumber } from '@union/shared/format';
import type { Database } from '@union/shared/database.types';
import { useLanguage } from '../common/useLanguage';
import { supabase } from '../providers/supabase';
import { isSuperadmin } from '../providers/permissions';
import { useNotifyT, useT } from '../i18n/keys';
import { useConsolePath } from '../common/useConsolePath';
import { publishReason } from './publishReason';

// The public site's publishing (docs/operations.md, "Publishing"): whether the prerendered site
// shows what was saved, when it was last published, why a build failed; superadmins may publish
// at once. Read again every few seconds, so "publishing" turns into "up to date" by itself.

type Status = Database['public']['Functions']['publish_status']['Returns'][number];
const STATES = ['up_to_date', 'waiting', 'publishing', 'failed'] as const;
type State = (typeof STATES)[number];
const COLOR: Record<State, ChipProps['color']> = {
  up_to_date: 'success',
  waiting: 'info',
  publishing: 'info',
  failed: 'error',
};
export const PUBLISH_STATE_REFRESH_MS = 5000;

export const PublishState = () => {
  const translate = useT();
  const notify = useNotifyT();
  const lang = useLanguage();
  const path = useConsolePath();
  const { permissions } = usePermissions();
  const [status, setStatus] = useState<Status | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);

  const load = useCallback(async () => {
    const { data, error } = await supabase.rpc('publish_status').single();
    setFailed(Boolean(error));
    if (!error) setStatus(data);
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), PUBLISH_STATE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const publishNow = async () => {
    setAsking(true);
    const { error } = await supabase.rpc('publish_now');
    setAsking(false);
    if (error)
      notify(error.message === 'not_allowed' ? 'errors.not_allowed' : 'dashboard.publish.error', { type: 'error' });
    else notify('dashboard.publish.requested', { type: 'info' });
    await load();
  };

  const state = STATES.find((s) => s === status?.state);
  const reason =
    state === 'failed' && status?.last_error ? publishReason(status.last_error, (n) => formatNumber(n, lang)) : null;
  return (
    <Card sx={{ mb: 2 }} data-testid="publish-state">
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {translate('dashboard.publish.title')}
            </Typography>
            {state && (
              <Chip
                size="small"
                color={COLOR[state]}
                label={translate(`dashboard.publish.states.${state}`)}
                data-testid="publish-state-chip"
                data-state={state}
              />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('dashboard.publish.explanation')}
          </Typography>
          {status && (
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="publish-last">
              {status.last_published_at
                ? translate('dashboard.publish.lastPublished', {
                    date: formatDateTime(status.last_published_at, lang),
                  })
                : translate('dashboard.publish.neverPublished')}
              {state === 'waiting' && status.waiting_since && (
                <Box component="span" sx={{ display: 'block' }}>
                  {translate('dashboard.publish.waitingSince', { date: formatDateTime(status.waiting_since, lang) })}
                </Box>
              )}
            </Typography>
          )}
          {reason && (
            <Alert
              severity="error"
              sx={{ mt: 1 }}
              data-testid="publish-error"
              action={
                // Only superadmins open Handover (and may renew the token).
                reason.handover && isSuperadmin(permissions) ? (
                  <Button component={RouterLink} to={path('/handover')} color="inherit" size="small">
                    {translate('dashboard.publish.openHandover')}
                  </Button>
                ) : undefined
              }
            >
              {translate(reason.key, reason.options)}
            </Alert>
          )}
          {failed && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('dashboard.publish.error')}
            </Alert>
          )}
        </Box>
        {isSuperadmin(permissions) && (
          <Button
            variant="outlined"
            startIcon={<Publish />}
            onClick={() => void publishNow()}
            disabled={asking || state === 'publishing'}
          >
            {translate('dashboard.publish.publishNow')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
