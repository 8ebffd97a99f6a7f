// The route table: every endpoint with its method, path, Storage operation name and guard, in
// the order they are tried (the first match wins, so the specific object paths come before
// /object/{bucket}/{name}). Operation names are upstream Storage's (src/http/routes/operations.ts).
import type { Route } from '../router.js';
import { send } from '../router.js';
import { createBucket } from './bucket/createBucket.js';
import { deleteBucket } from './bucket/deleteBucket.js';
import { emptyBucket } from './bucket/emptyBucket.js';
import { getAllBuckets } from './bucket/getAllBuckets.js';
import { getBucket } from './bucket/getBucket.js';
import { updateBucket } from './bucket/updateBucket.js';
import { copyObject } from './object/copyObject.js';
import { createObject } from './object/createObject.js';
import { deleteObject } from './object/deleteObject.js';
import { deleteObjects } from './object/deleteObjects.js';
import { getObject } from './object/getObject.js';
import { getObjectInfo } from './object/getObjectInfo.js';
import { getPublicObject } from './object/getPublicObject.js';
import { getSignedObject } from './object/getSignedObject.js';
import { getSignedURL } from './object/getSignedURL.js';
import { getSignedURLs } from './object/getSignedURLs.js';
import { getSignedUploadURL } from './object/getSignedUploadURL.js';
import { listObjects } from './object/listObjects.js';
import { moveObject } from './object/moveObject.js';
import { updateObject } from './object/updateObject.js';
import { uploadSignedObject } from './object/uploadSignedObject.js';

/** Liveness, whatever the method (the stack's own checks use it). */
const health: Route[] = (['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const).flatMap((method) =>
  ['/status', '/health'].map((path) => ({
    method,
    path,
    operation: '', // no database work: no operation name
    guard: 'none' as const,
    handler: async ({ res }) => send(res, 200, ''),
  })),
);

const byPrecedence = (routes: Route[], first: (r: Route) => boolean) => [...routes.filter(first), ...routes.filter((r) => !first(r))];

/** Object routes under a fixed first segment (public, authenticated, info, sign, upload, list…) come first. */
const objectRoutes = byPrecedence(
  [
    ...getObjectInfo,
    ...getPublicObject,
    ...getObject,
    ...getSignedURLs,
    ...getSignedURL,
    ...getSignedObject,
    ...getSignedUploadURL,
    ...uploadSignedObject,
    ...listObjects,
    ...copyObject,
    ...moveObject,
    ...deleteObjects,
    ...createObject,
    ...updateObject,
    ...deleteObject,
  ],
  (r) => !r.path.startsWith('/object/:bucket'),
);

export const routes: Route[] = [
  ...health,
  ...objectRoutes,
  ...getAllBuckets,
  ...createBucket,
  ...emptyBucket,
  ...getBucket,
  ...updateBucket,
  ...deleteBucket,
];
