import { BooleanInput, DateTimeInput, RadioButtonGroupInput } from 'react-admin';
import { Box, Typography } from '@mui/material';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { sanitizeRichText } from '@union/shared/richText';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { ImageUploadInput } from '../common/ImageUploadInput';
import { useT } from '../i18n/keys';
import { altWhenPublished, bodyWhenPublished, completeWhenPublished } from './newsState';

const ORDER = ['ar', 'en', 'tr'] as const;

/**
 * Only what a news body may hold (shared/src/richText.ts keeps nothing else): levels, bold,
 * italic, underline, strike, lists, links, quote. react-admin's default editor adds images,
 * colours and alignment, which the sanitiser would drop.
 */
const toolbar = (
  <RichTextInputToolbar>
    <LevelSelect />
    <FormatButtons />
    <ListButtons />
    <LinkButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

// Of the default editor's extensions, tiptap's starter kit alone (paragraphs, headings, lists,
// links, quote, emphasis): no images, colours, highlight or alignment.
const EXTENSIONS = (DefaultEditorOptions.extensions ?? []).filter((e) => e.name === 'starterKit');

/** An editor per language, typed in that language's direction. */
const bodyOptions = (lang: (typeof ORDER)[number]) => ({
  ...DefaultEditorOptions,
  extensions: EXTENSIONS,
  editorProps: { attributes: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang } },
});

export const NewsInputs = () => {
  const translate = useT();
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('news.unfinishedHelp')}
      </Typography>
      <LocalizedTextInput source="title" validate={completeWhenPublished} />
      <LocalizedTextInput source="summary" multiline validate={completeWhenPublished} />
      <Box
        component="fieldset"
        sx={{
          border: 0,
          p: 0,
          m: 0,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {ORDER.map((lang) => (
          <RichTextInput
            key={lang}
            source={`body.${lang}`}
            label={`${translate('resources.news.fields.body')} (${translate(`common.languages.${lang}`)})`}
            toolbar={toolbar}
            editorOptions={bodyOptions(lang)}
            validate={bodyWhenPublished}
            // The editor parses what it is given into a live document: a stored <img onerror>
            // would run there (the console's security policy blocks it, but the editor should
            // never see it). It gets the body through the same allow-list as the public pages.
            format={(html: unknown) => (typeof html === 'string' ? sanitizeRichText(html) : '')}
            defaultValue=""
            fullWidth
          />
        ))}
      </Box>
      <ImageUploadInput source="cover_path" label={translate('resources.news.fields.cover_path')} />
      <LocalizedTextInput source="cover_alt" validate={altWhenPublished} />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate('news.publishing')}
      </Typography>
      <RadioButtonGroupInput
        source="status"
        choices={[
          { id: 'draft', name: translate('news.statusChoices.draft') },
          { id: 'published', name: translate('news.statusChoices.published') },
        ]}
        translateChoice={false}
      />
      <DateTimeInput
        source="publish_at"
        helperText={translate('news.publishAtHelp')}
        parse={(v: string) => (v ? new Date(v).toISOString() : null)}
      />
      <BooleanInput source="pinned" />
    </Box>
  );
};
