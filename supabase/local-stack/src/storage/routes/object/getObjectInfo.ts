// HEAD of an object and GET /object/info/…, as upstream's routes/object/getObjectInfo.ts names
// them: the authenticated ones keep Storage's legacy names without the "storage." prefix.
import { sendInfo, serveObject } from '../../object.js';
import type { Route } from '../../router.js';

export const getObjectInfo: Route[] = [
  {
    method: 'HEAD',
    path: '/object/public/:bucket/*',
    operation: 'storage.object.info_public',
    guard: 'none',
    handler: (r) => serveObject(r, 'public'),
  },
  {
    method: 'GET',
    path: '/object/info/public/:bucket/*',
    operation: 'storage.object.info_public',
    guard: 'none',
    handler: (r) => sendInfo(r, 'public'),
  },
  {
    method: 'HEAD',
    path: '/object/authenticated/:bucket/*',
    operation: 'object.head_authenticated_info',
    guard: 'jwt',
    handler: (r) => serveObject(r, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/object/info/authenticated/:bucket/*',
    operation: 'object.get_authenticated_info',
    guard: 'jwt',
    handler: (r) => sendInfo(r, 'authenticated'),
  },
  {
    method: 'GET',
    path: '/object/info/:bucket/*',
    operation: 'object.get_authenticated_info',
    guard: 'jwt',
    handler: (r) => sendInfo(r, 'auto'),
  },
  {
    method: 'HEAD',
    path: '/object/:bucket/*',
    operation: 'object.head_authenticated_info',
    guard: 'jwt',
    handler: (r) => serveObject(r, 'auto'),
  },
];
