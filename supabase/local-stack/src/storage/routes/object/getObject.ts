// GET /object/authenticated/{bucket}/{name} (RLS always) and GET /object/{bucket}/{name} (a public
// bucket's objects without a policy). Upstream: routes/object/getObject.ts.
import { serveObject } from '../../object.js';
import type { Handler } from '../../router.js';

export const getAuthenticatedObject: Handler = (r) => serveObject(r, 'authenticated');

export const getObject: Handler = (r) => serveObject(r, 'auto');
