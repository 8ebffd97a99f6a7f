// GET /object/authenticated/{bucket}/{name} (RLS always) and GET /object/{bucket}/{name} (a public
// bucket's objects without a policy). Upstream: routes/object/getObject.ts.
import { serveObject } from '../../object.js';
import type { Route } from '../../router.js';

export const getObject: Route[] = [
  {
    method: 'GET',
    path: '/object/authenticated/:bucket/*',
    operation: 'storage.object.get_authenticated',
    guard: 'jwt',
    handler: (r) => serveObject(r, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/object/:bucket/*',
    operation: 'storage.object.get_authenticated',
    guard: 'jwt',
    handler: (r) => serveObject(r, 'auto'),
  },
];
