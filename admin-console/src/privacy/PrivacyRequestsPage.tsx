import { useState, type FormEvent, type ReactNode } from 'react';
import { Authenticated, Confirm, Title } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import Download from '@mui/icons-material/Download';
import DeleteForever from '@mui/icons-material/DeleteForever';
import { formatDate, formatDateTime } from '@union/shared/format';
import { localize } from '@union/shared/localized';
import { supabase } from '../providers/supabase';
import { errorMessageKey } from '../providers/errors';
import { useLanguage } from '../common/useLanguage';
import { auditTableLabel } from '../registry';
import {
  PERSON_SECTIONS,
  exportFileName,
  isEmpty,
  personCsv,
  personJson,
  sectionCounts,
  type PersonData,
} from './personData';
import { erasedCounts, personDataFrom } from './answer';
import { msg, useNotifyT, useT, type MessageKey } from '../i18n/keys';
import type { Enum } from '../types';
import type { Resources } from '@union/shared/i18n/admin/types';
import { joinParts } from '../common/joinParts';

type Row = Record<string, unknown>;

/** Hands the browser a file to save (the copy the person asked for). */
function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** Columns whose text runs long (names, messages, titles) wrap; dates and labels stay on one line. */
const WRAPPING = new Set(['about', 'name', 'message']);

/** A small table: one column per [label key, cell]. */
// One table for the rows of every section (./answer.ts gives them from person_data's typed answer),
// read as plain records: its enum columns are cast to the schema's enums to build their keys.
const RecordsTable = ({
  rows,
  columns,
  testId,
}: {
  rows: Row[];
  columns: [keyof Resources['privacyRequests']['columns'], (r: Row) => ReactNode][];
  testId: string;
}) => {
  const translate = useT();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map(([label]) => (
              <TableCell key={label}>{translate(`privacyRequests.columns.${label}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={str(row.id) || i}>
              {columns.map(([label, cell]) => (
                <TableCell
                  key={label}
                  dir="auto"
                  sx={
                    WRAPPING.has(label)
                      ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
                      : { whiteSpace: 'nowrap' }
                  }
                >
                  {cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** What is stored about the person, section by section, with the export and erase actions. */
const PersonReport = ({ data, onErase }: { data: PersonData; onErase: () => void }) => {
  const translate = useT();
  const lang = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const counts = sectionCounts(data);
  const who = joinParts(translate, [data.studentNumber, data.email]);
  const tableLabel = (t: unknown) => translate(auditTableLabel(str(t)), { smart_count: 2 });

  return (
    <Box data-testid="person-report">
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {/* U+2068…U+2069 isolate the number or address inside an Arabic sentence. */}
        {translate('privacyRequests.results', { who: `\u2068${who}\u2069` })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
        {PERSON_SECTIONS.map((s) => (
          <Chip
            key={s}
            label={translate('privacyRequests.count', {
              section: translate(`privacyRequests.sections.${s}`),
              n: counts[s],
            })}
          />
        ))}
      </Stack>
      {isEmpty(data) ? (
        <Alert severity="info" role="status">
          {translate('privacyRequests.nothing')}
        </Alert>
      ) : (
        <>
          {data.submissions.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {translate('privacyRequests.sections.submissions')}
              </Typography>
              <RecordsTable
                testId="person-submissions"
                rows={data.submissions}
                columns={[
                  ['date', (r) => formatDate(str(r.created_at), lang)],
                  ['type', (r) => translate(`submissions.types.${str(r.type) as Enum<'submission_type'>}`)],
                  ['status', (r) => translate(`submissions.statuses.${str(r.status) as Enum<'submission_status'>}`)],
                  ['about', (r) => localize(r.event_title ?? r.book_title, lang)],
                  ['name', (r) => str(r.name)],
                  ['message', (r) => str(r.message)],
                ]}
              />
            </>
          )}
          {data.students.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {translate('privacyRequests.sections.students')}
              </Typography>
              <RecordsTable
                testId="person-students"
                rows={data.students}
                columns={[
                  ['date', (r) => formatDate(str(r.created_at), lang)],
                  ['name', (r) => str(r.name)],
                  ['status', (r) => translate(r.enabled ? 'students.enabled' : 'students.disabled')],
                ]}
              />
            </>
          )}
          {data.staff.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('errors.staff_account')}
            </Alert>
          )}
          {data.audit.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {translate('privacyRequests.sections.audit')}
              </Typography>
              <RecordsTable
                testId="person-audit"
                rows={data.audit}
                columns={[
                  ['date', (r) => formatDateTime(str(r.at), lang)],
                  ['table', (r) => tableLabel(r.table_name)],
                  ['action', (r) => translate(`audit.actions.${str(r.action)}` as MessageKey)],
                ]}
              />
            </>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 3 }}>
            <Button
              variant="outlined"
              startIcon={<Download />}
              onClick={() => download(personJson(data), exportFileName(data, 'json', new Date()), 'application/json')}
            >
              {translate('privacyRequests.downloadJson')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Download />}
              onClick={() =>
                download(personCsv(data), exportFileName(data, 'csv', new Date()), 'text/csv;charset=utf-8')
              }
            >
              {translate('privacyRequests.downloadCsv')}
            </Button>
            <Button
              variant="contained"
              color="error"
              startIcon={<DeleteForever />}
              disabled={data.staff.length > 0}
              onClick={() => setConfirming(true)}
            >
              {translate('privacyRequests.erase')}
            </Button>
          </Stack>
        </>
      )}
      <Confirm
        isOpen={confirming}
        title={msg('privacyRequests.eraseTitle')}
        content={msg('privacyRequests.eraseConfirm')}
        confirm="privacyRequests.erase"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          onErase();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

/**
 * Requests from a person (KVKK art. 11, GDPR art. 15 and 17): a superadmin finds what is stored
 * about someone by student number or email, downloads it for them, and erases it. The database
 * does the finding and the erasing (public.person_data, public.erase_person) and refuses anyone
 * but a superadmin.
 */
export const PrivacyRequestsPage = () => {
  const translate = useT();
  const notify = useNotifyT();
  const [studentNumber, setStudentNumber] = useState('');
  const [email, setEmail] = useState('');
  const [data, setData] = useState<PersonData | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [erased, setErased] = useState<Record<string, number> | null>(null);
  const [busy, setBusy] = useState(false);
  const person = { student_number: studentNumber.trim() || undefined, email: email.trim() || undefined };

  const lookUp = async () => {
    setBusy(true);
    const { data: found, error: failure } = await supabase.rpc('person_data', person);
    setBusy(false);
    setError(failure ? (errorMessageKey(failure) ?? 'errors.generic') : null);
    setData(failure ? null : personDataFrom(found));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErased(null);
    if (!person.student_number && !person.email) {
      setError('errors.person_required');
      setData(null);
      return;
    }
    void lookUp();
  };

  const erase = async () => {
    setBusy(true);
    const { data: counts, error: failure } = await supabase.rpc('erase_person', person);
    setBusy(false);
    if (failure) {
      notify(errorMessageKey(failure) ?? 'errors.generic', { type: 'error' });
      return;
    }
    setErased(erasedCounts(counts));
    await lookUp();
  };

  return (
    <Authenticated>
      <Box sx={{ mt: 2, maxWidth: 1000 }}>
        <Title title={translate('privacyRequests.title')} />
        <Card>
          <CardContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('privacyRequests.intro')}
            </Typography>
            <Box
              component="form"
              onSubmit={submit}
              noValidate
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
              }}
            >
              <TextField
                label={translate('privacyRequests.studentNumber')}
                value={studentNumber}
                onChange={(e) => setStudentNumber(e.target.value)}
                slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', autoComplete: 'off' } }}
              />
              <TextField
                label={translate('privacyRequests.email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off' } }}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<Search />}
                disabled={busy}
                sx={{ justifySelf: 'start' }}
              >
                {translate('privacyRequests.lookUp')}
              </Button>
            </Box>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {translate(error)}
              </Alert>
            )}
            {erased && (
              <Alert severity="success" role="status" sx={{ mt: 2 }}>
                {translate('privacyRequests.erased', erased)}
              </Alert>
            )}
            {data && <PersonReport data={data} onErase={() => void erase()} />}
          </CardContent>
        </Card>
      </Box>
    </Authenticated>
  );
};
