import { PageHeader } from '../../components/PageHeader';
import { useQuery } from '../../lib/data';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { BoardMemberGrid } from './BoardMemberGrid';
import { boardQuery } from './api';

export default function BoardPage() {
  const { t } = useTranslation();
  usePageHead({ title: t('meta.titles.board'), description: t('meta.descriptions.board') });
  const state = useQuery(boardQuery());
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
