import type { ComponentType, ReactNode } from 'react';

// What a resource folder's index.ts exports, in a module of its own: resourcePages.ts imports
// those folders, so the type read from there would close an import circle.

/** A resource's pages, as its folder's index.ts exports them (each loaded on demand). */
export interface Pages {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  /** Routes of its own under the resource's path (react-admin's <Resource> children). */
  children?: ReactNode;
}
