import { Link, type LinkProps } from 'react-router-dom';
import { useLang } from '../lib/i18n';
import { localizedPath } from '../lib/paths';

/** A link to a route path ('/events') in the page's language ('/en/events' on an English page). */
export function LocalLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  return <Link to={localizedPath(useLang(), to)} {...props} />;
}
