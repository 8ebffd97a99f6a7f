import { useEffect } from 'react';
import { SUCCESS_PANEL_HIDE_MS } from '@union/shared/constants';

/** Contact and feedback success panels give the form back after 5 s (docs/decisions.md, "Forms"). */
export function useAutoHide(active: boolean, hide: () => void): void {
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(hide, SUCCESS_PANEL_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [active, hide]);
}
