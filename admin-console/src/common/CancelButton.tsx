import { Button, LinkBase, useCreatePath, useResourceContext } from 'react-admin';
import Close from '@mui/icons-material/Close';
import { msg } from '../i18n/keys';

/** Back to the resource's list without saving: every create and edit page has a way out besides the browser's back. */
export const CancelButton = () => {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!resource) return null;
  return (
    <Button
      component={LinkBase}
      to={createPath({ resource, type: 'list' })}
      label={msg('common.cancel')}
      size="medium"
      data-testid="cancel"
    >
      <Close />
    </Button>
  );
};
