import { lazy, type ComponentType } from 'react';
import { PageLoadFailed } from './PageLoadFailed';

/**
 * A page loaded when first opened: its code (and what only it imports) stays out of the
 * console's first download. `pick` names the export, so pages keep their named exports. Code that
 * cannot arrive shows PageLoadFailed in the page's place.
 */
export const lazyPage = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType =>
  lazy<ComponentType>(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      () => ({ default: PageLoadFailed }),
    ),
  );
