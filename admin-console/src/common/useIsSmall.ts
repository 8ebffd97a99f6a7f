import { useMediaQuery, type Theme } from '@mui/material';

/**
 * A phone or an upright tablet (below MUI's `md`, 900 px, where react-admin's side menu
 * becomes a drawer): lists show a `SimpleList` instead of a table there, as in react-admin's
 * demo, so that no page scrolls sideways.
 */
export const useIsSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
