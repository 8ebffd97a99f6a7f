import { ContentCreate } from '../common/ContentForms';
import { NewsInputs } from './NewsInputs';

// A new item starts as a draft with every language empty (a draft may be saved unfinished).
const empty = { ar: '', en: '', tr: '' };

export const NewsCreate = () => (
  <ContentCreate defaultValues={{ status: 'draft', pinned: false, body: empty, publish_at: null }}>
    <NewsInputs />
  </ContentCreate>
);
