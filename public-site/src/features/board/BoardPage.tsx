import { useTranslation } from '../../lib/i18n';
import { PageHeader } from '../../components/PageHeader';
import { take } from '../../lib/prefetch';
import { useAsync } from '../../lib/useAsync';
import { usePageMeta } from '../../lib/usePageMeta';
import { BoardMemberGrid } from './BoardMemberGrid';
import { listBoardMembers } from './api';

export default function BoardPage() {
  const { t } = useTranslation();
  usePageMeta(t('meta.titles.board'), t('meta.descriptions.board'));
  const state = useAsync(() => take('board', () => listBoardMembers()), []);
  return (
    <>
      <PageHeader title={t('board.title')} subtitle={t('board.subtitle')} />
      <div className="container-page py-12">
        {/* Cards use h3 (as on the home page); this keeps the outline h1 → h2 → h3. */}
        <h2 className="sr-only">{t('board.title')}</h2>
        <BoardMemberGrid state={state} empty={t('board.empty')} />
      </div>
    </>
  );
}
