import { useInput, useResourceContext, ValidationError, type Validator } from 'react-admin';
import { Box, FormLabel, TextField } from '@mui/material';
import { LANGUAGES, type Language } from '@union/shared/constants';
import { isLocalizedComplete, type LocalizedText } from '@union/shared/localized';
import { useT, type MessageKey } from '../i18n/keys';

const ORDER: Language[] = ['ar', 'en', 'tr'];

/** All three languages are required (the database checks the same). */
const requireAllLanguages: Validator = (value: unknown) =>
  isLocalizedComplete(value) ? undefined : 'common.allLanguagesRequired';

/**
 * One localized jsonb column `{en, ar, tr}`: three fields side by side (stacked on phones),
 * each typed in its own direction, all required unless `validate` says otherwise (a news draft
 * may be unfinished: its validator asks for all three only when publishing).
 */
export const LocalizedTextInput = ({
  source,
  multiline = false,
  label,
  validate,
}: {
  source: string;
  multiline?: boolean;
  label?: string;
  validate?: Validator;
}) => {
  const translate = useT();
  const resource = useResourceContext();
  const { field, fieldState, isRequired, formState } = useInput<LocalizedText | null>({
    source,
    validate: validate ?? requireAllLanguages,
    defaultValue: { ar: '', en: '', tr: '' },
  });
  const value = (field.value ?? {}) as Partial<LocalizedText>;
  const showError = (fieldState.isTouched || formState.isSubmitted) && !!fieldState.error;
  // useInput hands a validator's message over serialised ("@@react-admin@@…"): react-admin's own
  // ValidationError reads and translates it, as ImageUploadInput does.
  const errorText = fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : ' ';
  // The key react-admin itself derives for an input's label; `_` shows the column if it is missing.
  const title = label ?? translate(`resources.${resource}.fields.${source}` as MessageKey, { _: source });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }} data-testid={`localized-${source}`}>
      <FormLabel component="legend" required={isRequired} error={showError} sx={{ mb: 1 }}>
        {title}
      </FormLabel>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {ORDER.filter((l) => LANGUAGES.includes(l)).map((lang) => {
          const empty = !(value[lang] ?? '').trim();
          return (
            <TextField
              key={lang}
              name={`${source}.${lang}`}
              label={`${title} (${translate(`common.languages.${lang}`)})`}
              value={value[lang] ?? ''}
              onChange={(e) => field.onChange({ ar: '', en: '', tr: '', ...value, [lang]: e.target.value })}
              onBlur={field.onBlur}
              multiline={multiline}
              minRows={multiline ? 3 : undefined}
              required={!validate}
              error={showError && empty}
              helperText={showError && empty ? errorText : ' '}
              slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang } }}
              fullWidth
            />
          );
        })}
      </Box>
    </Box>
  );
};
