import { useState } from 'react';
import {
  Authenticated,
  BooleanInput,
  Form,
  NumberInput,
  SaveButton,
  TextInput,
  Title,
  email,
  maxValue,
  minValue,
  useGetIdentity,
  useGetList,
  usePermissions,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { isSuperadmin } from '../providers/permissions';
import { useConsolePath } from '../common/useConsolePath';
import { Alert, Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { SETTING_KEYS, type SettingKey } from '@union/shared/constants';
import { normalizeMapLocation, osmLinkUrl, parseMapLocation } from '@union/shared/map';
import { supabase } from '../providers/supabase';
import { auth } from '../providers/auth';
import { errorMessageKey } from '../providers/errors';
import { ConflictDialog, useMergedNotice } from '../common/ConflictDialog';
import { mergeChanges } from '../providers/merge';
import { recoveryRedirectUrl } from '../providers/authProvider';
import { nonNegativeInteger, optionalHttpsUrl } from '../common/validators';
import {
  MONTHS_RANGE,
  SETTING_KINDS,
  coordinatesError,
  settingChanges,
  toFormValues,
  type SettingValues,
} from './settingsForm';
import { msg, useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';

/**
 * "latitude, longitude" as copied from a map app, with a link to check the place on
 * OpenStreetMap once the value reads as one (as it will be saved: normalized).
 */
const CoordinatesInput = ({ source, label }: { source: SettingKey; label: string }) => {
  const translate = useT();
  const value: unknown = useWatch({ name: source });
  const place = parseMapLocation(normalizeMapLocation(typeof value === 'string' ? value : ''));
  return (
    <Box>
      <TextInput
        source={source}
        label={label}
        validate={coordinatesError}
        helperText={msg('settings.mapLocationHelp')}
        placeholder="40.2262, 28.8724"
        slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', spellCheck: false } }}
      />
      {place && (
        <Link
          href={osmLinkUrl(place)}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          {translate('settings.mapLocationCheck')}
          <OpenInNewIcon fontSize="inherit" aria-hidden />
        </Link>
      )}
    </Box>
  );
};

type SettingRow = { key: string; value: unknown; version: number };
/** A save refused as stale: what the person entered, the rows it was read from, the rows now. */
type Conflict = { values: Record<string, unknown>; base: SettingRow[]; latest: SettingRow[] };

const SettingsForm = () => {
  const translate = useT();
  const notify = useNotifyT();
  const notifyMerged = useMergedNotice();
  const { permissions } = usePermissions();
  const {
    data = [],
    isPending,
    refetch,
  } = useGetList<Rec<'settings'>>('settings', { pagination: { page: 1, perPage: 100 } });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  if (isPending) return null;
  // How long personal data is kept is the union's decision: superadmins only (the database's policy).
  const mayChangeRetention = isSuperadmin(permissions);
  const rows = data.map((r) => ({ key: String(r.key), value: r.value, version: r.version }));

  /**
   * Writes the keys whose value differs from `base` (the rows the form was read from), each
   * naming the version it was read at. Someone else's save first: merged setting by setting
   * (providers/merge.ts) with what the form started from (`origin`). Other settings only: mine
   * are written onto the latest rows (twice more at most) and the notice names theirs; the same
   * setting: the form is kept and the conflict shown, to choose per setting.
   */
  const write = async (
    values: Record<string, unknown>,
    base: SettingRow[],
    origin = { values, base },
    attempt = 0,
  ): Promise<void> => {
    const { updates, inserts } = settingChanges(base, values as SettingValues);
    const versions = new Map(base.map((r) => [r.key, r.version]));
    for (const u of updates) {
      const { data: saved, error } = await supabase
        .from('settings')
        .update({ value: u.value, version: versions.get(u.key) })
        .eq('key', u.key)
        .select('key');
      if (error && errorMessageKey(error) === 'errors.stale_record') {
        const { data: now } = await supabase.from('settings').select('key,value,version');
        const latest = (now ?? []).map((r) => ({ ...r, key: String(r.key) }));
        const merge = mergeChanges(toFormValues(origin.base), toFormValues(latest), origin.values);
        if (merge.clashes.length === 0 && attempt < 2) return write(merge.record, latest, origin, attempt + 1);
        return setConflict({ values: origin.values, base: origin.base, latest });
      }
      if (error) return notify(errorMessageKey(error) ?? 'common.saveError', { type: 'error' });
      // A row the policies do not let this person change is not an error to PostgREST: no row.
      if (saved.length === 0) return notify('errors.not_allowed', { type: 'error' });
    }
    if (inserts.length > 0) {
      const { error } = await supabase.from('settings').insert(inserts);
      if (error) return notify(errorMessageKey(error) ?? 'common.saveError', { type: 'error' });
    }
    setConflict(null);
    const theirs = attempt > 0 ? mergeChanges(toFormValues(origin.base), toFormValues(base), origin.values).theirs : [];
    if (theirs.length > 0) notifyMerged(theirs.map((k) => translate(`settings.keys.${k as SettingKey}`)));
    else notify('settings.saved', { type: 'success' });
    await refetch();
  };

  return (
    // Remounted with the rows' versions: loading the latest after a conflict refills the form.
    <Form
      key={rows.map((r) => `${r.key}:${r.version}`).join()}
      defaultValues={toFormValues(rows)}
      onSubmit={(values: Record<string, unknown>) => write(values, rows)}
      noValidate
    >
      {conflict && (
        // Compared as the form holds them (each setting a field): saving writes mine and the
        // chosen values onto the latest rows, keeping the other person's other settings.
        <ConflictDialog
          previous={toFormValues(conflict.base)}
          current={toFormValues(conflict.latest)}
          mine={conflict.values}
          label={(key) => translate(`settings.keys.${key as SettingKey}`)}
          onKeepEditing={() => setConflict(null)}
          onLoadLatest={() => {
            setConflict(null);
            void refetch();
          }}
          onSaveMerged={(merge) => void write(merge.record, conflict.latest)}
        />
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {SETTING_KEYS.map((key) => {
          const kind = SETTING_KINDS[key];
          const label = translate(`settings.keys.${key}`);
          if (kind === 'boolean')
            return <BooleanInput key={key} source={key} label={label} sx={{ gridColumn: '1 / -1' }} />;
          if (kind === 'coordinates') return <CoordinatesInput key={key} source={key} label={label} />;
          if (kind === 'months')
            return (
              <NumberInput
                key={key}
                source={key}
                label={label}
                min={MONTHS_RANGE.min}
                max={MONTHS_RANGE.max}
                step={1}
                readOnly={!mayChangeRetention}
                helperText={mayChangeRetention ? 'settings.retentionHelp' : 'settings.retentionSuperadmins'}
                validate={[nonNegativeInteger, minValue(MONTHS_RANGE.min), maxValue(MONTHS_RANGE.max)]}
              />
            );
          return (
            <TextInput
              key={key}
              source={key}
              label={label}
              type={kind === 'multiline' ? undefined : kind === 'phone' ? 'tel' : kind}
              multiline={kind === 'multiline'}
              validate={kind === 'url' ? optionalHttpsUrl : kind === 'email' ? email('auth.emailInvalid') : undefined}
              slotProps={kind === 'multiline' ? undefined : { htmlInput: { dir: 'ltr' } }}
            />
          );
        })}
      </Box>
      <SaveButton alwaysEnable={false} />
    </Form>
  );
};

const PasswordReset = () => {
  const translate = useT();
  const { identity } = useGetIdentity();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const emailAddress = identity?.email ? String(identity.email) : '';
  const send = async () => {
    setState('sending');
    const { error } = await auth.resetPasswordForEmail(emailAddress, { redirectTo: recoveryRedirectUrl() });
    setState(error ? 'error' : 'sent');
  };
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('settings.passwordTitle')}
        </Typography>
        <Typography variant="body2" sx={{ my: 1 }}>
          {translate('settings.passwordHelp', { email: emailAddress })}
        </Typography>
        {state === 'sent' && (
          <Alert severity="success" role="status">
            {translate('settings.resetSent')}
          </Alert>
        )}
        {state === 'error' && <Alert severity="error">{translate('errors.generic')}</Alert>}
        <Button variant="outlined" onClick={send} disabled={!emailAddress || state === 'sending'} sx={{ mt: 1 }}>
          {translate('settings.sendReset')}
        </Button>
      </CardContent>
    </Card>
  );
};

/** Superadmins add staff from here too (docs/decisions.md, "The console"). */
const AddUser = () => {
  const translate = useT();
  const path = useConsolePath();
  const { permissions } = usePermissions();
  if (!isSuperadmin(permissions)) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Button variant="outlined" startIcon={<PersonAdd />} component={RouterLink} to={path('/staff/create')}>
          {translate('users.add')}
        </Button>
      </CardContent>
    </Card>
  );
};

export const SettingsPage = () => {
  const translate = useT();
  return (
    <Authenticated>
      <Box sx={{ mt: 2, maxWidth: 1000 }}>
        <Title title={translate('settings.title')} />
        <Card>
          <CardContent>
            <SettingsForm />
          </CardContent>
        </Card>
        <PasswordReset />
        <AddUser />
      </Box>
    </Authenticated>
  );
};
