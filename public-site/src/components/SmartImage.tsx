import { useEffect, useRef, useState, type ReactNode } from 'react';
import { imageSources } from '@union/shared/storage';
import { config } from '../lib/config';
import { FIRST_SCREEN_IMAGE } from '../lib/firstScreen';
import { useSiteImage } from '../lib/siteImages';

/**
 * The CSS width of a page's content on a phone (`container-page`: 1 rem of padding each side),
 * for `sizes`: a phone picks the width it shows, not the screen's (a 412 px phone at 1.75x
 * takes the 720 px copy instead of the 1080 px one).
 */
export const PHONE_CONTENT_WIDTH = 'calc(100vw - 2rem)';

/** A photo in a grid of cards (three columns on large screens, two on tablets, one on phones). */
export const CARD_IMAGE_SIZES = `(min-width: 1024px) 352px, (min-width: 768px) 50vw, ${PHONE_CONTENT_WIDTH}`;

/**
 * A stored image (a path in the images bucket) with fixed intrinsic size (no layout shift), lazy
 * by default, on a soft background while it loads, and a fallback when there is none or it fails
 * to load. A photo the build copied into the site (lib/siteImages.tsx) is served from there in
 * several widths as AVIF and WebP; any other comes from Storage, where photos uploaded by the
 * console come in two sizes. `sizes` (the CSS width it is shown at) lets a phone take a small
 * one. The image is in the prerendered HTML, so it may have loaded (or failed) before React
 * took over: the failure is checked again once mounted.
 */
export function SmartImage({
  path,
  sizes,
  alt,
  width,
  height,
  className = '',
  eager = false,
  fallback,
}: {
  path: string | null;
  /** The width it is shown at, as in the `sizes` attribute (CARD_IMAGE_SIZES, say). */
  sizes: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const copied = useSiteImage(path);
  const image = imageSources(config, path);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [path]);
  if (!image || failed) return <>{fallback}</>;
  if (copied)
    return (
      <picture className="contents">
        <source type="image/avif" srcSet={copied.avif} sizes={sizes} />
        <img
          ref={ref}
          src={copied.src}
          srcSet={copied.webp}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          {...(eager ? FIRST_SCREEN_IMAGE : {})}
          decoding={eager ? undefined : 'async'}
          onError={() => setFailed(true)}
          className={`${className} bg-gray-200 dark:bg-gray-700`}
        />
      </picture>
    );
  return (
    <img
      ref={ref}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={`${className} bg-gray-200 dark:bg-gray-700`}
    />
  );
}

/** A tinted box with an icon, where a record has no photo. */
export function ImagePlaceholder({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`flex items-center justify-center bg-gradient-to-br from-brand/15 to-accent/10 text-brand dark:from-brand/25 dark:to-accent/15 dark:text-brand-soft ${className}`}
    >
      {children}
    </div>
  );
}
