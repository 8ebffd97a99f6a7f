import { lazy, type ComponentType } from 'react';

/**
 * A page loaded when first opened: its code (and what only it imports) stays out of the
 * console's first download. `pick` names the export, so pages keep their named exports.
 */
export const lazyPage = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType =>
  lazy(() => load().then((module) => ({ default: pick(module) })));
