import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import { TopToolbar } from 'react-admin';
import { useConsolePath } from '../common/useConsolePath';
import { ContentEdit } from '../common/ContentForms';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';
import { NewsInputs } from './NewsInputs';

/** Opens the saved item as visitors will see it (a draft or scheduled item too: staff only). */
export const PreviewButton = () => {
  const record = useRecordContext<Rec<'news'>>();
  const translate = useT();
  const path = useConsolePath();
  if (!record) return null;
  return (
    <Button
      size="small"
      component={RouterLink}
      to={path(`/news/${record.id}/preview`)}
      startIcon={<Visibility />}
      onClick={(e) => e.stopPropagation()}
    >
      {translate('news.preview')}
    </Button>
  );
};

export const NewsEdit = () => (
  <ContentEdit
    actions={
      <TopToolbar>
        <PreviewButton />
      </TopToolbar>
    }
  >
    <NewsInputs />
  </ContentEdit>
);
