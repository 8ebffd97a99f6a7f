// PUT /object/{bucket}/{name}: storage-js update(), an upsert. Upstream: routes/object/updateObject.ts.
import type { Handler } from '../../router.js';
import { upload } from './createObject.js';

export const updateObject: Handler = (r) => upload(r, true);
