// GET/HEAD /object/sign/{bucket}/{name}?token=: a download-scoped signed token, no key needed.
// Upstream: routes/object/getSignedObject.ts.
import { serveObject } from '../../object.js';
import type { Route } from '../../router.js';

export const getSignedObject: Route[] = (['GET', 'HEAD'] as const).map((method) => ({
  method,
  path: '/object/sign/:bucket/*',
  operation: 'storage.object.get_signed',
  guard: 'none' as const,
  handler: (r) => serveObject(r, 'signed'),
}));
