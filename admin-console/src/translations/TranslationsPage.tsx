import { useMemo, useState } from 'react';
import { Confirm, Title, useGetList } from 'react-admin';
import {
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import { LANGUAGES, type Language } from '@union/shared/constants';
import { matchesSearch } from '@union/shared/search';
import { en as publicEn } from '@union/shared/i18n/public/en';
import { ar as publicAr } from '@union/shared/i18n/public/ar';
import { tr as publicTr } from '@union/shared/i18n/public/tr';
import { supabase } from '../providers/supabase';
import { errorMessageKey } from '../providers/errors';
import { ConflictDialog, useMergedNotice } from '../common/ConflictDialog';
import { mergeChanges } from '../providers/merge';
import { useLanguage } from '../common/useLanguage';
import { useIsSmall } from '../common/useIsSmall';
import { buildRows, pluralNumbers, toOverride, type TranslationRow } from './keys';
import { useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';

const BUILT_IN = { en: publicEn, ar: publicAr, tr: publicTr };

const EditDialog = ({ row, onClose, onSaved }: { row: TranslationRow; onClose: () => void; onSaved: () => void }) => {
  const translate = useT();
  const notify = useNotifyT();
  const notifyMerged = useMergedNotice();
  const [values, setValues] = useState<Record<Language, string>>({
    en: row.override.en ?? '',
    ar: row.override.ar ?? '',
    tr: row.override.tr ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // The stored override this dialog started from (its version is named by the save), and, after a
  // save refused because someone else saved first, the override as it is now.
  const [base, setBase] = useState({ override: row.override as Record<string, unknown>, version: row.version });
  const [latest, setLatest] = useState<{ override: Record<string, unknown>; version: number | null } | null>(null);

  const readLatest = async () => {
    const { data } = await supabase.from('translations').select('en,ar,tr,version').eq('key', row.key).maybeSingle();
    const { version = null, ...override } = data ?? { en: null, ar: null, tr: null };
    return { override, version };
  };

  /**
   * Saves the override naming the version it was read at (`from`). Someone else's save first:
   * merged language by language with what the dialog started from; other languages only: mine
   * are written onto theirs (twice more at most) and the notice names their languages; the same
   * language: the conflict is shown, to choose per language.
   */
  const save = async (
    from = base,
    override: Record<Language, string | null> = toOverride(values),
    origin = { from, override },
    attempt = 0,
  ): Promise<void> => {
    setBusy(true);
    const { error } =
      from.version !== null || (await exists(row.key))
        ? await supabase
            .from('translations')
            .update({ ...override, version: from.version ?? undefined })
            .eq('key', row.key)
        : await supabase.from('translations').insert({ key: row.key, ...override });
    setBusy(false);
    // Someone else saved (or first added) this override meanwhile: keep the texts, show the conflict.
    const key = error && errorMessageKey(error);
    if (key === 'errors.stale_record' || key === 'errors.duplicate') {
      const now = await readLatest();
      const merge = mergeChanges(origin.from.override, now.override, origin.override);
      if (merge.clashes.length === 0 && attempt < 2)
        return save(now, merge.record as Record<Language, string | null>, origin, attempt + 1);
      return setLatest(now);
    }
    if (error) return notify(errorMessageKey(error) ?? 'common.saveError', { type: 'error' });
    const theirs = attempt > 0 ? mergeChanges(origin.from.override, from.override, origin.override).theirs : [];
    if (theirs.length > 0) notifyMerged(theirs.map((l) => translate(`common.languages.${l as Language}`)));
    else notify('translations.saved', { type: 'success' });
    onSaved();
  };

  const remove = async () => {
    setConfirmRemove(false);
    setBusy(true);
    const { error } = await supabase.from('translations').delete().eq('key', row.key);
    setBusy(false);
    if (error) return notify(errorMessageKey(error) ?? 'common.deleteError', { type: 'error' });
    notify('translations.removed', { type: 'success' });
    onSaved();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('translations.editTitle', { key: row.key })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('translations.overrideHelp')}
        </Typography>
        {row.plural && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('translations.pluralHelp')}
          </Typography>
        )}
        {(['ar', 'en', 'tr'] as Language[])
          .filter((lang) => row.languages.includes(lang))
          .map((lang) => (
            <TextField
              key={lang}
              name={`override-${lang}`}
              label={translate(`common.languages.${lang}`)}
              value={values[lang]}
              onChange={(e) => setValues({ ...values, [lang]: e.target.value })}
              placeholder={row.builtIn[lang]}
              helperText={
                <>
                  {`${translate('translations.builtIn')}: ${row.builtIn[lang]}`}
                  {row.plural && (
                    <Box component="span" data-testid={`plural-hint-${lang}`} sx={{ display: 'block' }}>
                      {translate('translations.pluralHint', {
                        numbers: pluralNumbers(lang, row.plural, translate('common.listSeparator')),
                      })}
                    </Box>
                  )}
                </>
              }
              slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang } }}
              multiline
              fullWidth
              sx={{ mb: 2 }}
            />
          ))}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" disabled={busy || !row.overridden} onClick={() => setConfirmRemove(true)}>
          {translate('translations.removeOverride')}
        </Button>
        <Box>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void save()}>
            {translate('common.save')}
          </Button>
        </Box>
      </DialogActions>
      {latest && (
        <ConflictDialog
          previous={base.override}
          current={latest.override}
          label={(l) => translate(`common.languages.${l as Language}`)}
          busy={busy}
          onKeepEditing={() => setLatest(null)}
          onLoadLatest={() => {
            const now = latest.override as Record<Language, string | null>;
            setValues({ en: now.en ?? '', ar: now.ar ?? '', tr: now.tr ?? '' });
            setBase(latest);
            setLatest(null);
          }}
          // Each language is a field of its own: saving keeps the other person's other languages.
          mine={toOverride(values)}
          onSaveMerged={(merge) => {
            const next = merge.record as Record<Language, string | null>;
            setValues({ en: next.en ?? '', ar: next.ar ?? '', tr: next.tr ?? '' });
            setBase(latest);
            setLatest(null);
            void save(latest, { en: next.en ?? null, ar: next.ar ?? null, tr: next.tr ?? null });
          }}
        />
      )}
      <Confirm
        isOpen={confirmRemove}
        title={translate('translations.removeOverride')}
        content={translate('translations.confirmRemove', { key: row.key })}
        confirm="translations.removeOverride"
        onConfirm={remove}
        onClose={() => setConfirmRemove(false)}
      />
    </Dialog>
  );
};

const Override = ({ row, lang }: { row: TranslationRow; lang: Language }) => {
  const translate = useT();
  if (!row.overridden) return null;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Chip size="small" color="info" label={translate('translations.overridden')} sx={{ mx: 0.5 }} />
      {row.override[lang] ?? ''}
    </Box>
  );
};

async function exists(key: string): Promise<boolean> {
  const { data } = await supabase.from('translations').select('key').eq('key', key).maybeSingle();
  return !!data;
}

/**
 * Every text of the public site with its built-in value per language and the current
 * override (`translations` table); an override is edited per key and language, or removed.
 */
export const TranslationsPage = () => {
  const translate = useT();
  const lang = useLanguage();
  const isSmall = useIsSmall();
  const {
    data = [],
    refetch,
    isPending,
  } = useGetList<Rec<'translations'>>('translations', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'key', order: 'ASC' },
  });
  const [query, setQuery] = useState('');
  const [onlyOverridden, setOnlyOverridden] = useState(false);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [editing, setEditing] = useState<TranslationRow | null>(null);

  const rows = useMemo(
    () =>
      buildRows(
        BUILT_IN,
        data.map((d) => ({ key: String(d.key), en: d.en, ar: d.ar, tr: d.tr, version: d.version })),
      ),
    [data],
  );
  const shown = rows.filter(
    (r) =>
      (!onlyOverridden || r.overridden) &&
      matchesSearch([r.key, ...LANGUAGES.map((l) => r.builtIn[l]), ...LANGUAGES.map((l) => r.override[l])], query),
  );
  const pageRows = shown.slice(page * perPage, page * perPage + perPage);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('translations.title')} />
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('translations.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <TextField
          size="small"
          name="q"
          label={translate('common.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={onlyOverridden}
              onChange={(e) => {
                setOnlyOverridden(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={translate('translations.onlyOverridden')}
        />
        <Typography variant="caption">
          {translate('translations.count', { shown: shown.length, total: rows.length })}
        </Typography>
      </Box>
      <Card>
        <Table size="small" data-testid="translations-table">
          <TableHead>
            <TableRow>
              {!isSmall && <TableCell>{translate('translations.key')}</TableCell>}
              <TableCell>{translate('translations.builtIn')}</TableCell>
              {!isSmall && <TableCell>{translate('translations.override')}</TableCell>}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {!isPending &&
              pageRows.map((r) => (
                <TableRow key={r.key} hover data-key={r.key}>
                  {/* On a phone the key and the override go in the text's cell, so the table fits. */}
                  {!isSmall && <TableCell sx={{ fontFamily: 'monospace', direction: 'ltr' }}>{r.key}</TableCell>}
                  <TableCell dir="auto" sx={{ wordBreak: 'break-word' }}>
                    {isSmall && (
                      <Typography
                        variant="caption"
                        component="div"
                        sx={{ fontFamily: 'monospace', direction: 'ltr', textAlign: 'start', wordBreak: 'break-all' }}
                      >
                        {r.key}
                      </Typography>
                    )}
                    {r.builtIn[lang]}
                    {isSmall && <Override row={r} lang={lang} />}
                  </TableCell>
                  {!isSmall && (
                    <TableCell dir="auto">
                      <Override row={r} lang={lang} />
                    </TableCell>
                  )}
                  <TableCell>
                    <Tooltip title={translate('translations.edit')}>
                      <IconButton
                        aria-label={`${translate('translations.edit')} ${r.key}`}
                        onClick={() => setEditing(r)}
                      >
                        <Edit />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={shown.length}
          page={page}
          rowsPerPage={perPage}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[25, 50, 100]}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
          }
        />
      </Card>
      {editing && (
        <EditDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
    </Box>
  );
};
