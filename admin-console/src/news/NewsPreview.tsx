import { useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router-dom';
import { Loading, Title, useGetOne } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { LANGUAGES, type Language } from '@union/shared/constants';
import { formatDate } from '@union/shared/format';
import { localize } from '@union/shared/localized';
import { sanitizeRichText } from '@union/shared/richText';
import { publicImageUrl } from '@union/shared/storage';
import { useConsolePath } from '../common/useConsolePath';
import { useLanguage } from '../common/useLanguage';
import { useT } from '../i18n/keys';
import { config } from '../providers/supabase';
import type { Rec } from '../types';
import { NewsStateChip } from './NewsStateChip';

const ORDER: Language[] = ['ar', 'en', 'tr'];

/**
 * A saved item, draft or not, as the public page shows it (public-site/src/features/news/
 * NewsItemPage.tsx): title, date, summary, cover, the body through the same sanitiser, in each
 * language and its direction. Row-level security lets only staff read a draft.
 */
export const NewsPreview = () => {
  const { id = '' } = useParams();
  const translate = useT();
  const path = useConsolePath();
  const consoleLang = useLanguage();
  // The item in the console's language first; the tabs switch to the others.
  const [lang, setLang] = useState<Language>(consoleLang);
  const { data: item, isPending, error } = useGetOne<Rec<'news'>>('news', { id });
  if (isPending) return <Loading />;
  if (error || !item) return <Alert severity="error">{translate('errors.not_found')}</Alert>;
  const title = localize(item.title, lang);
  const body = ((item.body ?? {}) as Record<string, unknown>)[lang];
  const cover = publicImageUrl(config, item.cover_path);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', my: 2 }} data-testid="news-preview">
      <Title title={translate('news.previewTitle', { title: localize(item.title, consoleLang) })} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button component={RouterLink} to={path(`/news/${item.id}`)} startIcon={<ArrowBack />}>
          {translate('news.backToEdit')}
        </Button>
        <NewsStateChip record={item} />
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('news.previewNote')}
      </Alert>
      <Tabs value={lang} onChange={(_e, v: Language) => setLang(v)} sx={{ mb: 2 }}>
        {ORDER.filter((l) => LANGUAGES.includes(l)).map((l) => (
          <Tab key={l} value={l} label={translate(`common.languages.${l}`)} />
        ))}
      </Tabs>
      <Card variant="outlined">
        <CardContent
          component="article"
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
          lang={lang}
          sx={{
            p: { xs: 2, sm: 4 },
            // The public page's .rich-text rules (public-site/src/styles.css).
            '& .rich-text > * + *': { mt: 2 },
            '& .rich-text h2': { fontSize: '1.5rem', fontWeight: 700, mt: 4 },
            '& .rich-text h3, & .rich-text h4': { fontSize: '1.25rem', fontWeight: 700, mt: 3 },
            '& .rich-text ul': { listStyle: 'disc', paddingInlineStart: 3 },
            '& .rich-text ol': { listStyle: lang === 'ar' ? 'arabic-indic' : 'decimal', paddingInlineStart: 3 },
            '& .rich-text a': { color: 'primary.main', textDecoration: 'underline' },
            '& .rich-text blockquote': {
              borderInlineStart: '4px solid',
              borderInlineStartColor: 'secondary.main',
              paddingInlineStart: 2,
              fontStyle: 'italic',
              mx: 0,
            },
          }}
        >
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {item.publish_at && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('news.publishedOn')} {formatDate(item.publish_at, lang)}
            </Typography>
          )}
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>
            {localize(item.summary, lang)}
          </Typography>
          {cover && (
            <Box
              component="img"
              src={cover}
              alt={localize(item.cover_alt, lang)}
              sx={{ mt: 3, width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 2 }}
            />
          )}
          {typeof body === 'string' && body.trim() ? (
            <Box
              className="rich-text"
              data-testid="news-preview-body"
              sx={{ mt: 4, fontSize: '1.125rem', lineHeight: 1.7 }}
              dangerouslySetInnerHTML={{ __html: sanitizeRichText(body) }}
            />
          ) : (
            <Typography sx={{ mt: 4 }} color="text.secondary">
              {translate('news.noText')}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
