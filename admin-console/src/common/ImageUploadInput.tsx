import { useEffect, useMemo, useRef } from 'react';
import { useInput, ValidationError, type Validator } from 'react-admin';
import { Box, Button, FormHelperText, FormLabel, IconButton, Tooltip } from '@mui/material';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Close from '@mui/icons-material/Close';
import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@union/shared/constants';
import { smallImageUrl } from '@union/shared/storage';
import { config } from '../providers/supabase';
import { isResized, PHOTO_TOO_LARGE, type ImageValue } from '../providers/images';
import { useT } from '../i18n/keys';

const requirePhoto: Validator = (value: unknown) => (value ? undefined : 'common.photoRequired');
/**
 * A picked file must be one of the image types (the help text, which names them, is the
 * message). The 5 MB limit applies to what is uploaded: a photo is reduced to at most 1600 px
 * before the upload, so a large phone photo is fine; only a file uploaded as it is (a GIF) must
 * fit already. The data provider checks the bytes it actually uploads once more.
 */
const uploadable: Validator = (value: unknown) => {
  const file = (value as { rawFile?: Blob } | null)?.rawFile;
  if (!file) return undefined;
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'common.photoHelp';
  return !isResized(file) && file.size > MAX_IMAGE_BYTES ? PHOTO_TOO_LARGE : undefined;
};

/**
 * An image column: preview of the stored image or the newly picked file, a button to pick
 * one, and (when optional) a button to clear it. The data provider uploads the file on save
 * (providers/images.ts) and removes the replaced one.
 */
export const ImageUploadInput = ({
  source,
  required = false,
  label,
  placeholder,
}: {
  source: string;
  required?: boolean;
  label: string;
  placeholder?: string;
}) => {
  const translate = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const validate = useMemo(() => (required ? [requirePhoto, uploadable] : [uploadable]), [required]);
  const { field, fieldState, formState } = useInput<ImageValue>({ source, validate });
  const value = field.value as ImageValue;

  const src = useMemo(() => {
    if (!value) return placeholder ?? null;
    if (typeof value === 'string') return smallImageUrl(config, value);
    if (value.rawFile) return URL.createObjectURL(value.rawFile);
    return value.src ?? null;
  }, [value, placeholder]);
  useEffect(
    () => () => {
      if (src?.startsWith('blob:')) URL.revokeObjectURL(src);
    },
    [src],
  );

  const showError = (fieldState.isTouched || formState.isSubmitted) && !!fieldState.error;
  return (
    <Box sx={{ mb: 2 }} data-testid={`image-${source}`}>
      <FormLabel required={required} error={showError}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 160,
            height: 120,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {src ? (
            <img src={src} alt={label} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'cover' }} />
          ) : (
            <PhotoCamera sx={{ opacity: 0.4, fontSize: 40 }} />
          )}
        </Box>
        <Button variant="outlined" component="label" startIcon={<PhotoCamera />}>
          {translate('common.dropImage')}
          <input
            ref={inputRef}
            hidden
            type="file"
            name={source}
            accept={ALLOWED_IMAGE_TYPES.join(',')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) {
                field.onChange({ rawFile: file, title: file.name });
                field.onBlur();
              }
            }}
          />
        </Button>
        {!required && value && (
          <Tooltip title={translate('ra.action.remove')}>
            <IconButton
              aria-label={translate('ra.action.remove')}
              onClick={() => {
                field.onChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              <Close />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <FormHelperText error={showError}>
        {showError && fieldState.error?.message ? (
          <ValidationError error={fieldState.error.message} />
        ) : (
          translate('common.photoHelp')
        )}
      </FormHelperText>
    </Box>
  );
};
