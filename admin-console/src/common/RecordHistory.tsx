import { useCallback, useEffect, useState } from 'react';
import { Button, Confirm, useRecordContext, useRefresh, useResourceContext } from 'react-admin';
import HistoryIcon from '@mui/icons-material/History';
import {
  Box,
  Button as MuiButton,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { LANGUAGES, isLanguage, isRtl } from '@union/shared/constants';
import type { Tables } from '@union/shared/database.types';
import { formatDateTime } from '@union/shared/format';
import { changedFields, type FieldChange } from '../audit_log/diff';
import { valueAt } from '../providers/merge';
import { pathLabel } from './ConflictDialog';
import { arrow, fieldValue } from './fieldValue';
import { useLanguage } from './useLanguage';
import { supabase } from '../providers/supabase';
import { errorMessageKey } from '../providers/errors';
import { useNotifyT, useT, type MessageKey } from '../i18n/keys';

type Entry = Tables<'audit_log'>;
/** What every save changes by itself: not a change anyone made. */
const BOOKKEEPING = new Set(['version', 'updated_at', 'created_at', 'id', 'key']);

type Row = Record<string, unknown>;
const isLocalized = (v: unknown): v is Row =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).every(isLanguage);
const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A field's change as the lines the history shows: a localized field one line per language whose
 * text changed (path `title.en`, labelled "Title (English)" as the conflict dialog labels it), any
 * other field one line.
 */
function changeLines(c: FieldChange): FieldChange[] {
  const present = [c.before, c.after].filter((v) => !blank(v));
  if (present.length === 0 || !present.every(isLocalized)) return [c];
  const [before, after] = [{ [c.field]: c.before }, { [c.field]: c.after }];
  return LANGUAGES.map((l) => `${c.field}.${l}`)
    .map((path) => ({ field: path, before: valueAt(before, path), after: valueAt(after, path) }))
    .filter((line) => !(blank(line.before) && blank(line.after)) && line.before !== line.after);
}

/**
 * The "History" of the record whose page this is: its audit entries (public.record_history),
 * newest first, field by field in the reader's language, each earlier version restorable
 * (public.restore_version, which decides who may and records the restore itself).
 */
export const RecordHistoryButton = () => {
  const translate = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={translate('history.button')} onClick={() => setOpen(true)}>
        <HistoryIcon />
      </Button>
      {open && <HistoryDialog onClose={() => setOpen(false)} />}
    </>
  );
};

const HistoryDialog = ({ onClose }: { onClose: () => void }) => {
  const record = useRecordContext<{ id: string; version?: number }>();
  const resource = useResourceContext() ?? '';
  const translate = useT();
  const notify = useNotifyT();
  const refresh = useRefresh();
  const language = useLanguage();
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [restoring, setRestoring] = useState<Entry | null>(null);

  const load = useCallback(async () => {
    if (!record) return;
    const { data, error } = await supabase.rpc('record_history', { table_name: resource, row_id: String(record.id) });
    if (error) notify(errorMessageKey(error) ?? 'errors.generic', { type: 'error' });
    setEntries(data ?? []);
  }, [record, resource, notify]);
  useEffect(() => {
    void load();
  }, [load]);

  const restore = async () => {
    const entry = restoring;
    setRestoring(null);
    if (!entry || !record) return;
    const { error } = await supabase.rpc('restore_version', { entry_id: entry.id, version: record.version ?? 0 });
    if (error) {
      notify(errorMessageKey(error) ?? 'common.updateError', { type: 'error' });
      refresh();
      return;
    }
    notify('history.restored', { type: 'success' });
    refresh();
    onClose();
  };

  const label = (field: string) => translate(`resources.${resource}.fields.${field}` as MessageKey, { _: field });
  const when = (at: string) => formatDateTime(at, language);

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="history-title">
      <DialogTitle id="history-title" sx={{ pe: 6 }}>
        {translate('history.title')}
        <IconButton
          onClick={onClose}
          aria-label={translate('ra.action.close')}
          sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {entries?.length === 0 && <Typography>{translate('history.empty')}</Typography>}
        <List disablePadding data-testid="history">
          {(entries ?? []).map((entry, index) => {
            const changes = changedFields(entry.before, entry.after)
              .filter((c) => !BOOKKEEPING.has(c.field))
              .flatMap(changeLines);
            const restorable =
              index > 0 && entry.after !== null && ['INSERT', 'UPDATE', 'RESTORE'].includes(entry.action);
            return (
              <Box component="li" key={entry.id} sx={{ listStyle: 'none' }}>
                {index > 0 && <Divider />}
                {/* The Box is the list's item: a second <li> inside it would be invalid. */}
                <ListItem component="div" disableGutters sx={{ display: 'block', py: 1.5 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Chip size="small" label={translate(`audit.actions.${entry.action}` as MessageKey)} />
                    <Typography variant="body2" component="span">
                      {when(entry.at)}
                      {translate('common.listSeparator')}
                      <bdi>{entry.actor_email ?? translate('history.unknownActor')}</bdi>
                    </Typography>
                    {index === 0 && (
                      <Chip size="small" color="success" variant="outlined" label={translate('history.current')} />
                    )}
                    {restorable && (
                      <MuiButton size="small" sx={{ marginInlineStart: 'auto' }} onClick={() => setRestoring(entry)}>
                        {translate('history.restore')}
                      </MuiButton>
                    )}
                  </Box>
                  {entry.action === 'UPDATE' && changes.length === 0 && (
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                      {translate('history.noFieldChanges')}
                    </Typography>
                  )}
                  <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5 }}>
                    {changes.map((c) => (
                      <ChangeLine key={c.field} change={c} action={entry.action} label={label} />
                    ))}
                  </Box>
                </ListItem>
              </Box>
            );
          })}
        </List>
      </DialogContent>
      <Confirm
        isOpen={restoring !== null}
        title={translate('history.confirmTitle')}
        content={translate('history.confirm')}
        confirm="history.restore"
        onConfirm={restore}
        onClose={() => setRestoring(null)}
      />
    </Dialog>
  );
};

/** One line of a version: "Title (English): before → after" (an insert, delete or restore: the one value). */
const ChangeLine = ({
  change: c,
  action,
  label,
}: {
  change: FieldChange;
  action: string;
  label: (field: string) => string;
}) => {
  const translate = useT();
  const language = useLanguage();
  // One language's text keeps its own direction (a Latin title inside an Arabic line).
  const own = c.field.split('.')[1];
  const lang = isLanguage(own) ? own : undefined;
  // "(empty)" is the reader's word, not a text of that language.
  const shown = (value: unknown) =>
    blank(value) || !lang ? (
      <bdi>{fieldValue(value, language, translate)}</bdi>
    ) : (
      <bdi lang={lang} dir={isRtl(lang) ? 'rtl' : 'ltr'}>
        {fieldValue(value, language, translate)}
      </bdi>
    );
  return (
    <li>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {pathLabel(c.field, label, translate)}
      </Typography>
      {': '}
      {action === 'UPDATE' && (
        <>
          <Typography variant="body2" component="s" sx={{ color: 'text.secondary' }}>
            {shown(c.before)}
          </Typography>
          {arrow(language)}
        </>
      )}
      <Typography variant="body2" component="span">
        {shown(action === 'DELETE' ? c.before : c.after)}
      </Typography>
    </li>
  );
};
