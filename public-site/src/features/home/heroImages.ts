// The hero's background slides (public/hero/, drawn by scripts/generate-images.ts): each at full
// width and at a phone width, so a phone downloads a quarter of the bytes.
export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 900;
export const HERO_SMALL_WIDTH = 800;

export const HERO_SLIDES = [1, 2, 3].map((n) => ({
  src: `/hero/hero-${n}.webp`,
  srcSet: `/hero/hero-${n}-${HERO_SMALL_WIDTH}.webp ${HERO_SMALL_WIDTH}w, /hero/hero-${n}.webp ${HERO_WIDTH}w`,
}));
