import type { ComponentProps, ReactNode } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  NotFound,
  Notification,
  type CoreAdminUIProps,
} from 'react-admin';
import { CssBaseline } from '@mui/material';

type ConsoleAdminProps = Omit<ComponentProps<typeof AdminContext>, 'children'> &
  Pick<CoreAdminUIProps, 'dashboard' | 'layout' | 'loginPage' | 'title'> & { children: ReactNode };

/**
 * react-admin's <Admin>, composed from its documented parts (AdminContext, then the UI) with
 * every page named here. <Admin> and its AdminUI import react-admin's default sign-in form and
 * English i18n provider even when both are replaced, which put a form library and a second
 * i18n library into the console's first download; this composition leaves them out.
 */
export const ConsoleAdmin = ({ children, dashboard, layout, loginPage, title, ...context }: ConsoleAdminProps) => (
  <AdminContext {...context}>
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        disableTelemetry
        dashboard={dashboard}
        layout={layout}
        loginPage={loginPage}
        title={title}
        accessDenied={AccessDenied}
        authCallbackPage={AuthCallback}
        authenticationError={AuthenticationError}
        // As react-admin's own AdminUI passes it (NotFound's `title` is typed narrower).
        catchAll={NotFound as CoreAdminUIProps['catchAll']}
        error={ErrorPage}
        loading={LoadingPage}
      >
        {children}
      </CoreAdminUI>
      <Notification />
    </CssBaseline>
  </AdminContext>
);
