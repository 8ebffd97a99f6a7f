import { ContentCreate } from '../common/ContentForms';
import { useNextSortOrder } from '../common/useNextSortOrder';
import { BoardMemberInputs } from './BoardMemberInputs';

export const BoardMemberCreate = () => {
  const next = useNextSortOrder('board_members');
  if (next === undefined) return null;
  return (
    <ContentCreate defaultValues={{ sort_order: next, gender: 'male' }}>
      <BoardMemberInputs />
    </ContentCreate>
  );
};
