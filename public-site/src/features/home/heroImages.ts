// The hero's background slides (public/hero/, drawn by scripts/generate-images.ts): each at full
// width and at a phone width, so a phone downloads a quarter of the bytes; as AVIF, and as webp
// for browsers without AVIF.
export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 900;
export const HERO_SMALL_WIDTH = 800;
/** sharp's AVIF quality for the slides: the hero lies under a dark veil, which hides its losses. */
export const HERO_AVIF_QUALITY = 30;

/** Slide `n` at both widths in one format. */
const srcSet = (n: number, format: 'webp' | 'avif') =>
  `/hero/hero-${n}-${HERO_SMALL_WIDTH}.${format} ${HERO_SMALL_WIDTH}w, /hero/hero-${n}.${format} ${HERO_WIDTH}w`;

export const HERO_SLIDES = [1, 2, 3].map((n) => ({
  src: `/hero/hero-${n}.webp`,
  srcSet: srcSet(n, 'webp'),
  avifSrcSet: srcSet(n, 'avif'),
}));
