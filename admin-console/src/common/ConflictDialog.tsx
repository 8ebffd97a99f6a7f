import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { isLanguage, type Language } from '@union/shared/constants';
import { changedFields, type FieldChange } from './conflict';
import { arrow, fieldValue } from './fieldValue';
import { useLanguage } from './useLanguage';
import { useIsSmall } from './useIsSmall';
import { allChosen, mergeChanges, valueAt, type Clash, type Merge, type Side } from '../providers/merge';
import { useNotifyT, useT, type Translate } from '../i18n/keys';
import { joinParts } from './joinParts';

/** The notice after a save that kept another person's changes to other fields: names those fields. */
export function useMergedNotice(): (labels: string[]) => void {
  const notify = useNotifyT();
  const translate = useT();
  return (labels) =>
    notify('conflict.merged', {
      type: 'success',
      autoHideDuration: 10_000,
      messageArgs: { fields: joinParts(translate, labels) },
    });
}

/** The label of a merge path: a column's, or "Title (English)" for one language of a localized column. */
export function pathLabel(path: string, label: (field: string) => string, translate: Translate): string {
  const [field, language] = path.split('.') as [string, string | undefined];
  if (!language || !isLanguage(language)) return label(path);
  return translate('conflict.inLanguage', {
    field: label(field),
    language: translate(`common.languages.${language}`),
  });
}

export interface ConflictDialogProps {
  /** The record as the form read it, and as it is now (null: it could not be read again). */
  previous: Record<string, unknown> | undefined;
  current: Record<string, unknown> | null;
  /** The label of a field (a resource's field name, a setting's name, a language). */
  label: (field: string) => string;
  busy?: boolean;
  onKeepEditing: () => void;
  onLoadLatest: () => void;
  /**
   * What the refused save sent. With `onSaveMerged`, the dialog merges it field by field onto
   * `current`: where both changed a field it shows both values to choose from, and saves mine
   * together with their other changes (never the whole form over theirs).
   */
  mine?: Record<string, unknown>;
  onSaveMerged?: (merge: Merge, choices: Record<string, Side>) => void;
}

/**
 * Someone else saved the record first: the form is kept, the dialog says so in the reader's
 * language and offers to load the latest; with what I sent, it is the merge below, else (the
 * record is gone or could not be read again) it lists what they changed.
 */
export const ConflictDialog = ({
  previous,
  current,
  label,
  busy,
  onKeepEditing,
  onLoadLatest,
  mine,
  onSaveMerged,
}: ConflictDialogProps) => {
  const translate = useT();
  const [choices, setChoices] = useState<Record<string, Side>>({});
  if (mine && onSaveMerged && previous && current)
    return (
      <MergeDialog
        merge={mergeChanges(previous, current, mine, choices)}
        choices={choices}
        onChoose={(path, side) => setChoices({ ...choices, [path]: side })}
        previous={previous}
        current={current}
        label={label}
        busy={busy}
        onKeepEditing={onKeepEditing}
        onLoadLatest={onLoadLatest}
        onSave={(merge) => onSaveMerged(merge, choices)}
      />
    );
  const changes = changedFields(previous, current);
  return (
    <Dialog open onClose={onKeepEditing} maxWidth="sm" fullWidth aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{translate('conflict.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('conflict.body')}
        </Alert>
        {changes.length > 0 ? (
          <>
            <Typography variant="subtitle2" gutterBottom>
              {translate('conflict.changed')}
            </Typography>
            <ChangeList changes={changes} label={label} />
          </>
        ) : (
          <Typography variant="body2">{translate('conflict.nothingVisible')}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeepEditing} disabled={busy}>
          {translate('conflict.keepEditing')}
        </Button>
        <Button onClick={onLoadLatest} disabled={busy}>
          {translate('conflict.loadLatest')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** What the other person changed: each field, its value before, and now. */
const ChangeList = ({
  changes,
  label,
  testId = 'conflict-changes',
}: {
  changes: FieldChange[];
  label: (field: string) => string;
  testId?: string;
}) => {
  const translate = useT();
  const language = useLanguage();
  return (
    <Box component="ul" sx={{ m: 0, ps: 2.5 }} data-testid={testId}>
      {changes.map((c) => (
        <li key={c.field}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {pathLabel(c.field, label, translate)}
          </Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            <s>
              <bdi>{fieldValue(c.before, language, translate, c.now)}</bdi>
            </s>
            {arrow(language)}
            <span>
              {translate('conflict.now')}: <bdi>{fieldValue(c.now, language, translate, c.before)}</bdi>
            </span>
          </Typography>
        </li>
      ))}
    </Box>
  );
};

/** One value to choose, in the direction of its own language when it is one language's text. */
const ChoiceValue = ({ path, value }: { path: string; value: unknown }) => {
  const translate = useT();
  const language = useLanguage();
  const own = path.split('.')[1];
  const lang: Language | undefined = own && isLanguage(own) ? own : undefined;
  return (
    <Typography
      variant="body2"
      component="span"
      lang={lang}
      dir={lang ? (lang === 'ar' ? 'rtl' : 'ltr') : undefined}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 4,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
        textAlign: 'start',
      }}
    >
      {fieldValue(value, language, translate)}
    </Typography>
  );
};

/** A field both changed: their value and mine, one to pick. */
const ClashChoice = ({
  clash,
  choice,
  label,
  onChoose,
}: {
  clash: Clash;
  choice: Side | undefined;
  label: string;
  onChoose: (side: Side) => void;
}) => {
  const translate = useT();
  const id = `clash-${clash.path.replace('.', '-')}`;
  const option = (side: Side) => (
    <FormControlLabel
      value={side}
      control={<Radio size="small" />}
      sx={{ alignItems: 'flex-start', m: 0, '& .MuiRadio-root': { mt: -0.5 } }}
      label={
        <Box sx={{ py: 0.25 }}>
          <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {translate(side === 'mine' ? 'conflict.mineValue' : 'conflict.theirValue')}
          </Typography>
          <ChoiceValue path={clash.path} value={side === 'mine' ? clash.mine : clash.theirs} />
        </Box>
      }
    />
  );
  return (
    <FormControl
      component="fieldset"
      data-testid={id}
      sx={{ display: 'block', mb: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 600, color: 'text.primary', px: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={choice ?? ''}
        onChange={(_e, value) => onChoose(value as Side)}
        sx={{ gap: 1 }}
      >
        {option('theirs')}
        {option('mine')}
      </RadioGroup>
    </FormControl>
  );
};

/**
 * The conflict as a merge: the fields both changed, each with both values to choose from, and
 * the other person's other changes, which are kept. Saving writes mine and the choices onto
 * their version.
 */
const MergeDialog = ({
  merge,
  choices,
  onChoose,
  previous,
  current,
  label,
  busy,
  onKeepEditing,
  onLoadLatest,
  onSave,
}: {
  merge: Merge;
  choices: Record<string, Side>;
  onChoose: (path: string, side: Side) => void;
  previous: Record<string, unknown>;
  current: Record<string, unknown>;
  label: (field: string) => string;
  busy?: boolean;
  onKeepEditing: () => void;
  onLoadLatest: () => void;
  onSave: (merge: Merge) => void;
}) => {
  const translate = useT();
  const clashing = new Set(merge.clashes.map((c) => c.path));
  const kept = merge.theirs
    .filter((p) => !clashing.has(p))
    .map((p) => ({ field: p, before: valueAt(previous, p), now: valueAt(current, p) }));
  const ready = allChosen(merge, choices);
  // On a phone the values to choose between need the whole screen.
  const small = useIsSmall();
  return (
    <Dialog open onClose={onKeepEditing} maxWidth="sm" fullWidth fullScreen={small} aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{translate('conflict.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('conflict.body')}
        </Alert>
        {merge.clashes.length > 0 && (
          <Box data-testid="conflict-clashes" sx={{ mb: 2 }}>
            <Typography variant="subtitle2" gutterBottom>
              {translate('conflict.bothChanged')}
            </Typography>
            {merge.clashes.map((c) => (
              <ClashChoice
                key={c.path}
                clash={c}
                choice={choices[c.path]}
                label={pathLabel(c.path, label, translate)}
                onChoose={(side) => onChoose(c.path, side)}
              />
            ))}
          </Box>
        )}
        {kept.length > 0 && (
          <>
            <Typography variant="subtitle2" gutterBottom>
              {translate('conflict.theirsKept')}
            </Typography>
            <ChangeList changes={kept} label={label} testId="conflict-kept" />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {!ready && (
          <Typography variant="caption" sx={{ color: 'text.secondary', flexBasis: '100%', textAlign: 'end' }}>
            {translate('conflict.chooseEach')}
          </Typography>
        )}
        <Button onClick={onKeepEditing} disabled={busy}>
          {translate('conflict.keepEditing')}
        </Button>
        <Button onClick={onLoadLatest} disabled={busy}>
          {translate('conflict.loadLatest')}
        </Button>
        <Button onClick={() => onSave(merge)} disabled={busy || !ready} variant="contained">
          {translate('conflict.saveChoices')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
