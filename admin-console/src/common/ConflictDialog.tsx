import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { changedFields } from './conflict';
import { arrow, fieldValue } from './fieldValue';
import { useLanguage } from './useLanguage';
import { useT } from '../i18n/keys';

export interface ConflictDialogProps {
  /** The record as the form read it, and as it is now (null: it could not be read again). */
  previous: Record<string, unknown> | undefined;
  current: Record<string, unknown> | null;
  /** The label of a field (a resource's field name, a setting's name, a language). */
  label: (field: string) => string;
  busy?: boolean;
  onKeepEditing: () => void;
  onLoadLatest: () => void;
  /** Saves the form over the other change; absent when the record is gone. */
  onOverwrite?: () => void;
}

/**
 * Someone else saved the record first: the form is kept, the dialog says so in the reader's
 * language, lists what they changed, and offers to load the latest or to save over it on purpose.
 */
export const ConflictDialog = ({
  previous,
  current,
  label,
  busy,
  onKeepEditing,
  onLoadLatest,
  onOverwrite,
}: ConflictDialogProps) => {
  const translate = useT();
  const language = useLanguage();
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
            <Box component="ul" sx={{ m: 0, ps: 2.5 }} data-testid="conflict-changes">
              {changes.map((c) => (
                <li key={c.field}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {label(c.field)}
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
        {onOverwrite && current && (
          <Button onClick={onOverwrite} disabled={busy} variant="contained" color="warning">
            {translate('conflict.overwrite')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
