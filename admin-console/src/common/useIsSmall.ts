import { useMediaQuery, type Theme } from '@mui/material';

/**
 * A phone-sized screen (below MUI's `sm`, 600 px): lists show a `SimpleList` instead of a
 * table there, as in react-admin's demo, so that no page scrolls sideways.
 */
export const useIsSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
