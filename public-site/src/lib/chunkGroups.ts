import { resolve } from 'node:path';

// Small modules that many pages share, built into a few chunks instead of one chunk each
// (vite.config.ts). Left to itself, the bundler gave every module shared by a different set of
// pages a chunk of its own: the events page listed 16 files of its own, some under 100 bytes.
// Each file is one more request and one more `modulepreload` link for the loader to add before
// hydration (start-scripts.ts), and a link costs a slow phone about 10 ms of main thread. A page
// that does not use a module of its group loads it all the same: the groups hold only what most
// content pages need, a few KB.
//
// Only modules outside the home page's first scripts (entry-client.tsx and what it imports
// statically): a module of both would leave the entry's chunk for the group's, which the home
// page would then load too. chunkGroups.test.ts checks both. Read by the build only (Node).

/** Chunk name → the modules it holds, as paths from public-site/. */
export const CHUNK_GROUPS: Readonly<Record<string, readonly string[]>> = {
  // What almost every content page shows: images, icons, the page header, states, on-demand parts.
  kit: [
    'src/components/DataState.tsx',
    'src/components/Icon.tsx',
    'src/components/PageHeader.tsx',
    'src/components/SmartImage.tsx',
    'src/components/onDemand.tsx',
    'src/lib/bidi.ts',
    'src/lib/onDemandChunks.ts',
    '../shared/src/constants.ts',
    '../shared/src/database.types.ts',
    '../shared/src/errors.ts',
    '../shared/src/storage.ts',
  ],
  // An event's card and its actions: the events pages, an event's page and the home page's sections.
  events: [
    'src/features/events/EventActions.tsx',
    'src/features/events/EventCard.tsx',
    'src/features/events/EventSeats.tsx',
    'src/features/events/seats.ts',
    '../shared/src/ics.ts',
  ],
};

/** The group of a module (its absolute path), given public-site's own absolute path; or null. */
export function chunkGroupOf(id: string, root: string): string | null {
  for (const [name, modules] of Object.entries(CHUNK_GROUPS))
    if (modules.some((module) => resolve(root, module) === id)) return name;
  return null;
}
