// HEAD of an object and GET /object/info/…, as upstream's routes/object/getObjectInfo.ts names
// them: the authenticated ones keep Storage's legacy names without the "storage." prefix.
import { sendInfo, serveObject } from '../../object.js';
import type { Handler } from '../../router.js';

export const headPublicObject: Handler = (r) => serveObject(r, 'public');

export const getPublicObjectInfo: Handler = (r) => sendInfo(r, 'public');

export const headAuthenticatedObject: Handler = (r) => serveObject(r, 'authenticated');

export const getAuthenticatedObjectInfo: Handler = (r) => sendInfo(r, 'authenticated');

export const getObjectInfo: Handler = (r) => sendInfo(r, 'auto');

export const headObject: Handler = (r) => serveObject(r, 'auto');
