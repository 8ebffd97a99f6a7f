import { createContext, useContext } from 'react';

// Content photos served from the site itself. At build (and at every publish) the prerender
// copies each stored photo a page shows into the site, resized to a few widths and encoded as
// AVIF and WebP under content-hashed names (prerender/images.ts, cached for a year by
// `_headers`). The pages carry, in their snapshot, what was copied; a photo not among them
// (content newer than the build, or a page rendered in the browser) comes from Storage as before.

/** A stored photo as copied into the site: its size and the srcsets of each encoding. */
export interface SiteImage {
  width: number;
  height: number;
  /** `srcset` of the AVIF files (w descriptors). */
  avif: string;
  /** `srcset` of the WebP files (w descriptors), for browsers without AVIF. */
  webp: string;
  /** The WebP file of a middle width, for `src`. */
  src: string;
}

/** Copied photos by their storage path. */
export type SiteImages = Record<string, SiteImage>;

export interface SiteImagesValue {
  images: SiteImages;
  /** Prerender: records each storage path a page shows (to copy it before the final render). */
  used?: (path: string) => void;
}

export const SiteImagesContext = createContext<SiteImagesValue>({ images: {} });

/** The copy of the stored photo at `path` in the site, or null when it must come from Storage. */
export function useSiteImage(path: string | null): SiteImage | null {
  const { images, used } = useContext(SiteImagesContext);
  if (!path) return null;
  used?.(path);
  return Object.hasOwn(images, path) ? images[path]! : null;
}
