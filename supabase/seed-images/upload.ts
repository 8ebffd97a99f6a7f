// Seed hook: uploads the demo images to the object paths that supabase/seed.sql references.
// The local stack runs it after the seed SQL (see supabase/local-stack/src/migrate.ts);
// against a hosted project run it by hand with the project's URL and service role key.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { imageVariants } from '@union/shared/storage';

const here = path.dirname(fileURLToPath(import.meta.url));

export const BUCKET = 'images';

/**
 * The main image of each demo row, as supabase/seed.sql stores it, → the demo picture drawn for
 * it (scripts/seed-images-generate.ts). The names follow the console's naming for resized uploads
 * (`<folder>/<name>-<timestamp>-<W>x<H>.webp`, sizedImageNames in @union/shared/storage), so the
 * public site finds each small variant from the name, as it does for the console's uploads.
 */
export const SEED_IMAGES: Record<string, string> = {
  'events/welcome-evening-1767225600000-1600x900.webp': 'event-gathering',
  'events/tatreez-workshop-1767225600000-1600x900.webp': 'event-workshop',
  'events/heritage-night-1767225600000-1600x900.webp': 'event-culture',
  'events/turkish-conversation-club-1767225600000-1600x900.webp': 'event-gathering',
  'events/career-day-1767225600000-1600x900.webp': 'event-workshop',
  'events/olive-harvest-1767225600000-1600x900.webp': 'event-outdoor',
  'events/football-tournament-1767225600000-1600x900.webp': 'event-outdoor',
  'events/study-marathon-1767225600000-1600x900.webp': 'event-culture',
  'board-members/president-1767225600000-800x800.webp': 'member-1',
  'board-members/vice-president-1767225600000-800x800.webp': 'member-2',
  'board-members/pr-head-1767225600000-800x800.webp': 'member-3',
  'board-members/turkish-relations-1767225600000-800x800.webp': 'member-2',
  'books/men-in-the-sun-1767225600000-600x900.webp': 'book-1',
  'books/returning-to-haifa-1767225600000-600x900.webp': 'book-2',
  'books/i-saw-ramallah-1767225600000-600x900.webp': 'book-1',
  'books/out-of-place-1767225600000-600x900.webp': 'book-2',
  'achievements/charity-campaign-1767225600000-1600x900.webp': 'achievement-1',
  'achievements/cultural-festival-award-1767225600000-1600x900.webp': 'achievement-2',
  'achievements/scholarships-1767225600000-1600x900.webp': 'achievement-1',
  'achievements/football-cup-1767225600000-1600x900.webp': 'achievement-2',
  'achievements/heritage-exhibition-1767225600000-1600x900.webp': 'achievement-1',
  'news/elections-1767225600000-1600x900.webp': 'event-culture',
  'news/new-students-1767225600000-1600x900.webp': 'event-gathering',
  'partners/international-office-1767225600000-800x800.webp': 'partner-1',
  'partners/heritage-association-1767225600000-800x800.webp': 'partner-2',
  'partners/food-bank-1767225600000-800x800.webp': 'partner-3',
};

export interface SeedObject {
  /** Object path in the bucket: a main image or its small variant. */
  objectPath: string;
  variant: 'main' | 'small';
  /** The demo picture it shows. */
  picture: string;
  /** The file in this folder holding it: `<picture>-<W>x<H>.webp`. */
  file: string;
  width: number;
  height: number;
}

/** Every object the seed uploads: each main image and its small variant, with the file holding it. */
export function seedObjects(): SeedObject[] {
  return Object.entries(SEED_IMAGES).flatMap(([objectPath, picture]) => {
    const variants = imageVariants(objectPath);
    if (!variants) throw new Error(`seed image ${objectPath} does not follow the naming scheme`);
    const list = [
      { variant: 'main' as const, ...variants.main },
      ...(variants.small ? [{ variant: 'small' as const, ...variants.small }] : []),
    ];
    return list.map(({ variant, path: p, width, height }) => ({
      objectPath: p,
      variant,
      picture,
      file: `${picture}-${width}x${height}.webp`,
      width,
      height,
    }));
  });
}

export default async function uploadSeedImages({
  apiUrl,
  serviceRoleKey,
}: {
  apiUrl: string;
  serviceRoleKey: string;
}): Promise<void> {
  const supabase = createClient(apiUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  for (const { objectPath, file } of seedObjects()) {
    const body = fs.readFileSync(path.join(here, file));
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(objectPath, body, { contentType: 'image/webp', upsert: true, cacheControl: '3600' });
    if (error) throw new Error(`seed image ${objectPath}: ${error.message}`);
  }
}
