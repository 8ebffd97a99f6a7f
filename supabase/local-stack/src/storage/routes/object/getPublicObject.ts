// GET /object/public/{bucket}/{name}: public buckets only, no RLS. Upstream: routes/object/getPublicObject.ts.
import { serveObject } from '../../object.js';
import type { Route } from '../../router.js';

export const getPublicObject: Route[] = [
  { method: 'GET', path: '/object/public/:bucket/*', operation: 'storage.object.get_public', guard: 'none', handler: (r) => serveObject(r, 'public') },
];
