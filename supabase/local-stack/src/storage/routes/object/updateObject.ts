// PUT /object/{bucket}/{name}: storage-js update(), an upsert. Upstream: routes/object/updateObject.ts.
import type { Route } from '../../router.js';
import { upload } from './createObject.js';

export const updateObject: Route[] = [
  { method: 'PUT', path: '/object/:bucket/*', operation: 'storage.object.upload_update', guard: 'jwt', handler: (r) => upload(r, true) },
];
