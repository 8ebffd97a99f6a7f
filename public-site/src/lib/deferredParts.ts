// The chunks of the deferred parts (lib/deferred.tsx), by name: for these imports the build adds
// no `modulepreload` links for the chunk's own imports (vite.config.ts). Vite's helper adds them
// all in the task that starts the import, and on a slow phone each link costs about 10 ms of
// setting up its request: the home page's sections made one task of over 100 ms of them. A part
// is below the first screen, so its imports may arrive after its chunk, as the browser finds
// them. deferredParts.test.ts checks this list against the code.

/** The file names (without the extension) of the modules `deferred()` loads. */
export const DEFERRED_PARTS: readonly string[] = ['HomeSections', 'Footer'];

/** Whether an output chunk (`assets/HomeSections-<hash>.js`) is a deferred part's. */
export const isDeferredPartChunk = (file: string): boolean =>
  DEFERRED_PARTS.some((name) => new RegExp(`(^|/)${name}-[\\w-]+\\.js$`).test(file));
