import { useState, type ReactNode } from 'react';

/**
 * An image with fixed intrinsic size (no layout shift), lazy by default, a soft placeholder
 * while loading, and a fallback when there is no image or it fails to load.
 */
export function SmartImage({
  src,
  alt,
  width,
  height,
  className = '',
  eager = false,
  fallback,
}: {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  fallback: ReactNode;
}) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onLoad={() => setLoaded(true)}
      onError={() => setFailed(true)}
      className={`${className} bg-gray-200 transition-opacity duration-300 dark:bg-gray-700 ${loaded ? 'opacity-100' : 'animate-pulse opacity-60'}`}
    />
  );
}

/** A tinted box with an icon, where a record has no photo. */
export function ImagePlaceholder({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`flex items-center justify-center bg-gradient-to-br from-brand/15 to-accent/10 text-brand dark:from-brand/25 dark:to-accent/15 dark:text-brand-soft ${className}`}>
      {children}
    </div>
  );
}
