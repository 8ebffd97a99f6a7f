import { Button, LinkBase, useCanAccess, useCreatePath, useGetResourceLabel, useResourceContext } from 'react-admin';
import Add from '@mui/icons-material/Add';
import { useT } from '../i18n/keys';

/**
 * The "add" button of a list's toolbar, the same on every screen. react-admin's CreateButton
 * turns into a floating round button below 900 px, fixed over the list, where it covers
 * whatever row scrolls under it (a status chip, a date): staff review lists on phones.
 */
export const AddButton = ({ label }: { label?: string }) => {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const translate = useT();
  const getResourceLabel = useGetResourceLabel();
  const { canAccess, isPending } = useCanAccess({ action: 'create', resource });
  if (!resource || !canAccess || isPending) return null;
  return (
    <Button
      component={LinkBase}
      to={createPath({ resource, type: 'create' })}
      label={label ?? translate('ra.action.create', { name: getResourceLabel(resource, 1) })}
    >
      <Add />
    </Button>
  );
};
