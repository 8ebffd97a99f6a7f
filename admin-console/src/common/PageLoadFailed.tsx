import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * In a page's place when its code could not arrive (offline), instead of react-admin's "Something
 * went wrong": the menu and the top bar stay, and "Try again" loads the address afresh (React
 * remembers a failed load until the console is loaded again). After a release the console reloads
 * by itself (main.tsx).
 */
export function PageLoadFailed() {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => window.location.reload()}>
          {translate('common.retry')}
        </Button>
      }
    >
      {translate('common.pageLoadError')}
    </Alert>
  );
}
