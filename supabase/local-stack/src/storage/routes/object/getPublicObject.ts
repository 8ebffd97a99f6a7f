// GET /object/public/{bucket}/{name}: public buckets only, no RLS. Upstream: routes/object/getPublicObject.ts.
import { serveObject } from '../../object.js';
import type { Handler } from '../../router.js';

export const getPublicObject: Handler = (r) => serveObject(r, 'public');
