import { useBasename } from 'react-admin';

/**
 * A console path for plain react-router links: the console is mounted at /admin/* in a
 * browser router without a basename, so absolute paths need react-admin's basename.
 */
export const useConsolePath = () => {
  const basename = useBasename();
  return (path: string) => `${basename}${path.startsWith('/') ? path : `/${path}`}`;
};
