/** The value of `elementtiming` that marks a first-screen image (src/start-scripts.ts waits for its paint). */
export const FIRST_SCREEN_MARKER = 'first-screen';

/**
 * The attributes of an image on the first screen: fetched before the others, and the app's
 * scripts start once the browser has painted it (src/start-scripts.ts). `elementtiming` is spread
 * in because React's image type does not list it.
 */
export const FIRST_SCREEN_IMAGE: { fetchPriority: 'high' } = {
  fetchPriority: 'high',
  ...{ elementtiming: FIRST_SCREEN_MARKER },
};
