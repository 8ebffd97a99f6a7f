// GET/HEAD /object/sign/{bucket}/{name}?token=: a download-scoped signed token, no key needed.
// Upstream: routes/object/getSignedObject.ts.
import { serveObject } from '../../object.js';
import type { Handler } from '../../router.js';

export const getSignedObject: Handler = (r) => serveObject(r, 'signed');
