// The yearly handover, as a page the outgoing and the new board go through together: who holds
// the superadmin role now (live), which accounts and keys exist and where they are kept, the
// steps, and where the backups are. docs/operations.md ("Handover", "Backups") is the long form;
// this page repeats its checklist in the staff's language.
import { Authenticated, Title, useCreatePath, useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Key from '@mui/icons-material/Key';
import { formatDay, formatNumber } from '@union/shared/format';
import { DATE_LOCALES, type Language } from '@union/shared/constants';
import { useT } from '../i18n/keys';
import { useLanguage } from '../common/useLanguage';
import { BACKUP_RETENTION_DAYS } from './backups';
import type { Resources } from '@union/shared/i18n/admin/types';
import type { Rec } from '../types';
import { CREDENTIAL_KEYS, holderLine } from '../credentials/expiry';
import { joinParts } from '../common/joinParts';

type AccountKey = keyof Resources['handover']['accounts'];
type StepKey = keyof Resources['handover']['steps'];

/** In the order of docs/operations.md's table. */
const ACCOUNTS: readonly AccountKey[] = [
  'supabase',
  'github',
  'domain',
  'mail',
  'dbPassword',
  'backupKey',
  'superadmins',
];
const STEPS: readonly StepKey[] = ['backup', 'superadmin', 'accounts', 'keys', 'check'];

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Card component="section" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Superadmins = () => {
  const translate = useT();
  const createPath = useCreatePath();
  const { data, isPending } = useGetList<{ id: string; email: string }>('staff', {
    filter: { role: 'superadmin' },
    sort: { field: 'email', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  return (
    <Section title={translate('handover.superadmins')}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {translate('handover.superadminsHelp')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="handover-superadmins">
        {isPending ? null : data?.length ? (
          // Addresses are left to right inside Arabic text.
          data.map((s) => <Chip key={s.id} label={s.email} dir="ltr" />)
        ) : (
          <Typography variant="body2">{translate('handover.noSuperadmins')}</Typography>
        )}
      </Stack>
      <Button
        component={Link}
        to={createPath({ resource: 'staff', type: 'list' })}
        variant="outlined"
        startIcon={<ManageAccounts />}
      >
        {translate('handover.openStaff')}
      </Button>
    </Section>
  );
};

/**
 * The tokens that belong to a person (a list of its own: the accounts above belong to the union's
 * address), with their holder and expiry as the tokens list records them.
 */
const Tokens = () => {
  const translate = useT();
  const lang = useLanguage();
  const createPath = useCreatePath();
  const { data } = useGetList<Rec<'credentials'>>('credentials', {
    pagination: { page: 1, perPage: CREDENTIAL_KEYS.length },
  });
  return (
    <Section title={translate('handover.tokensTitle')}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {translate('handover.tokensHelp')}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="handover-tokens-replace">
        {translate('handover.tokensReplace')}
      </Alert>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, mb: 2, p: 0, listStyle: 'none' }} data-testid="handover-tokens">
        {CREDENTIAL_KEYS.map((key) => {
          const row = data?.find((r) => r.key === key);
          return (
            <Box component="li" key={key}>
              <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
                {translate(`credentials.names.${key}`)}
              </Typography>
              <Typography variant="body2">{translate(`credentials.uses.${key}`)}</Typography>
              {row && (
                <Typography variant="body2" color="text.secondary">
                  {joinParts(translate, [
                    holderLine(translate, row.holder),
                    row.expires_on &&
                      `${translate('resources.credentials.fields.expires_on')} ${formatDay(row.expires_on, lang)}`,
                  ])}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      <Button
        component={Link}
        to={createPath({ resource: 'credentials', type: 'list' })}
        variant="outlined"
        startIcon={<Key />}
      >
        {translate('handover.openTokens')}
      </Button>
    </Section>
  );
};

/** CSS counter styles of the digits a locale writes numbers in (ICU's numbering systems). */
const COUNTER_STYLES: Record<string, string> = { arab: 'arabic-indic', latn: 'decimal' };

/** The steps' numbers in the digits of every other number on the page («١. ٢. ٣.» in Arabic). */
const counterStyle = (lang: Language): string =>
  COUNTER_STYLES[new Intl.NumberFormat(DATE_LOCALES[lang]).resolvedOptions().numberingSystem] ?? 'decimal';

export const HandoverPage = () => {
  const translate = useT();
  const lang = useLanguage();
  const days = formatNumber(BACKUP_RETENTION_DAYS, lang);
  return (
    <Authenticated>
      <Box sx={{ mt: 2, maxWidth: 900 }}>
        <Title title={translate('handover.title')} />
        <Typography variant="body1" sx={{ mb: 2 }}>
          {translate('handover.intro')}
        </Typography>
        <Superadmins />
        <Section title={translate('handover.accountsTitle')}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('handover.accountsHelp')}
          </Typography>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            {ACCOUNTS.map((a) => (
              <Box key={a}>
                <Typography component="dt" variant="subtitle2" sx={{ fontWeight: 600 }}>
                  {translate(`handover.accounts.${a}.name`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {translate(`handover.accounts.${a}.controls`)}
                </Typography>
                <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                  {translate('handover.keptWhere', { where: translate(`handover.accounts.${a}.keptWhere`) })}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Section>
        <Tokens />
        <Section title={translate('handover.stepsTitle')}>
          <Box
            component="ol"
            sx={{ m: 0, ps: 3, listStyleType: counterStyle(lang), '& li': { mb: 1 } }}
            data-testid="handover-steps"
          >
            {STEPS.map((s) => (
              <Typography component="li" variant="body2" key={s}>
                {translate(`handover.steps.${s}`, { days })}
              </Typography>
            ))}
          </Box>
        </Section>
        <Section title={translate('handover.backupsTitle')}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('handover.backupsWhere', { days })}
          </Typography>
          <Typography variant="body2">{translate('handover.backupsRestore')}</Typography>
        </Section>
      </Box>
    </Authenticated>
  );
};
