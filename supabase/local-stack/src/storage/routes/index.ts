// The route table: every endpoint with its method, path, Storage operation name and guard,
// declared once. Routes are tried in order and the first match wins, so the object paths under
// a fixed segment (public, authenticated, info, sign, upload, list, copy, move) come before
// /object/{bucket}/{name}. Operation names are upstream Storage's (src/http/routes/operations.ts);
// `jwt` routes get the caller checked before the handler runs, `none` routes check a public
// bucket or a signed token themselves.
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
import { getAuthenticatedObject, getObject } from './object/getObject.js';
import {
  getAuthenticatedObjectInfo,
  getObjectInfo,
  getPublicObjectInfo,
  headAuthenticatedObject,
  headObject,
  headPublicObject,
} from './object/getObjectInfo.js';
import { getPublicObject } from './object/getPublicObject.js';
import { getSignedObject } from './object/getSignedObject.js';
import { getSignedURL } from './object/getSignedURL.js';
import { getSignedURLs } from './object/getSignedURLs.js';
import { getSignedUploadURL } from './object/getSignedUploadURL.js';
import { listObjects } from './object/listObjects.js';
import { moveObject } from './object/moveObject.js';
import { updateObject } from './object/updateObject.js';
import { uploadSignedObject } from './object/uploadSignedObject.js';

/** Liveness, whatever the method; no database work, so no operation name. */
const health: Route[] = (['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const).flatMap((method) =>
  ['/status', '/health'].map((path) => ({
    method,
    path,
    operation: '',
    guard: 'none' as const,
    handler: async ({ res }) => send(res, 200, ''),
  })),
);

export const routes: Route[] = [
  ...health,
  {
    method: 'GET',
    path: '/object/public/:bucket/*',
    operation: 'storage.object.get_public',
    guard: 'none',
    handler: getPublicObject,
  },
  {
    method: 'HEAD',
    path: '/object/public/:bucket/*',
    operation: 'storage.object.info_public',
    guard: 'none',
    handler: headPublicObject,
  },
  {
    method: 'GET',
    path: '/object/authenticated/:bucket/*',
    operation: 'storage.object.get_authenticated',
    guard: 'jwt',
    handler: getAuthenticatedObject,
  },
  {
    method: 'HEAD',
    path: '/object/authenticated/:bucket/*',
    operation: 'object.head_authenticated_info',
    guard: 'jwt',
    handler: headAuthenticatedObject,
  },
  {
    method: 'GET',
    path: '/object/info/public/:bucket/*',
    operation: 'storage.object.info_public',
    guard: 'none',
    handler: getPublicObjectInfo,
  },
  {
    method: 'GET',
    path: '/object/info/authenticated/:bucket/*',
    operation: 'object.get_authenticated_info',
    guard: 'jwt',
    handler: getAuthenticatedObjectInfo,
  },
  {
    method: 'GET',
    path: '/object/info/:bucket/*',
    operation: 'object.get_authenticated_info',
    guard: 'jwt',
    handler: getObjectInfo,
  },
  {
    method: 'POST',
    path: '/object/sign/:bucket',
    operation: 'storage.object.sign_many',
    guard: 'jwt',
    handler: getSignedURLs,
  },
  {
    method: 'POST',
    path: '/object/sign/:bucket/*',
    operation: 'storage.object.sign',
    guard: 'jwt',
    handler: getSignedURL,
  },
  {
    method: 'GET',
    path: '/object/sign/:bucket/*',
    operation: 'storage.object.get_signed',
    guard: 'none',
    handler: getSignedObject,
  },
  {
    method: 'HEAD',
    path: '/object/sign/:bucket/*',
    operation: 'storage.object.get_signed',
    guard: 'none',
    handler: getSignedObject,
  },
  {
    method: 'POST',
    path: '/object/upload/sign/:bucket/*',
    operation: 'storage.object.sign_upload_url',
    guard: 'jwt',
    handler: getSignedUploadURL,
  },
  {
    method: 'PUT',
    path: '/object/upload/sign/:bucket/*',
    operation: 'storage.object.upload_signed',
    guard: 'none',
    handler: uploadSignedObject,
  },
  {
    method: 'POST',
    path: '/object/list/:bucket',
    operation: 'storage.object.list',
    guard: 'jwt',
    handler: listObjects,
  },
  { method: 'POST', path: '/object/copy', operation: 'storage.object.copy', guard: 'jwt', handler: copyObject },
  { method: 'POST', path: '/object/move', operation: 'storage.object.move', guard: 'jwt', handler: moveObject },
  {
    method: 'DELETE',
    path: '/object/:bucket',
    operation: 'storage.object.delete_many',
    guard: 'jwt',
    handler: deleteObjects,
  },
  {
    method: 'POST',
    path: '/object/:bucket/*',
    operation: 'storage.object.upload',
    guard: 'jwt',
    handler: createObject,
  },
  {
    method: 'PUT',
    path: '/object/:bucket/*',
    operation: 'storage.object.upload_update',
    guard: 'jwt',
    handler: updateObject,
  },
  {
    method: 'GET',
    path: '/object/:bucket/*',
    operation: 'storage.object.get_authenticated',
    guard: 'jwt',
    handler: getObject,
  },
  {
    method: 'HEAD',
    path: '/object/:bucket/*',
    operation: 'object.head_authenticated_info',
    guard: 'jwt',
    handler: headObject,
  },
  {
    method: 'DELETE',
    path: '/object/:bucket/*',
    operation: 'storage.object.delete',
    guard: 'jwt',
    handler: deleteObject,
  },

  { method: 'GET', path: '/bucket', operation: 'storage.bucket.list', guard: 'jwt', handler: getAllBuckets },
  { method: 'POST', path: '/bucket', operation: 'storage.bucket.create', guard: 'jwt', handler: createBucket },
  { method: 'POST', path: '/bucket/:id/empty', operation: 'storage.bucket.empty', guard: 'jwt', handler: emptyBucket },
  { method: 'GET', path: '/bucket/:id', operation: 'storage.bucket.get', guard: 'jwt', handler: getBucket },
  { method: 'PUT', path: '/bucket/:id', operation: 'storage.bucket.update', guard: 'jwt', handler: updateBucket },
  { method: 'DELETE', path: '/bucket/:id', operation: 'storage.bucket.delete', guard: 'jwt', handler: deleteBucket },
];
