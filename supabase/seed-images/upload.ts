// Seed hook: uploads the demo images to the object paths that supabase/seed.sql references.
// The local stack runs it after the seed SQL (see supabase/local-stack/src/migrate.ts);
// against a hosted project run it by hand with the project's URL and service role key.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));

export const BUCKET = 'images';

/** object path in the `images` bucket → demo file in this folder */
export const SEED_IMAGES: Record<string, string> = {
  'events/welcome-evening.png': 'event-gathering.png',
  'events/tatreez-workshop.png': 'event-workshop.png',
  'events/heritage-night.png': 'event-culture.png',
  'events/turkish-conversation-club.png': 'event-gathering.png',
  'events/career-day.png': 'event-workshop.png',
  'events/olive-harvest.png': 'event-outdoor.png',
  'events/football-tournament.png': 'event-outdoor.png',
  'events/study-marathon.png': 'event-culture.png',
  'board-members/president.png': 'member-1.png',
  'board-members/vice-president.png': 'member-2.png',
  'board-members/pr-head.png': 'member-3.png',
  'board-members/turkish-relations.png': 'member-2.png',
  'books/men-in-the-sun.png': 'book-1.png',
  'books/returning-to-haifa.png': 'book-2.png',
  'books/i-saw-ramallah.png': 'book-1.png',
  'books/out-of-place.png': 'book-2.png',
  'achievements/charity-campaign.png': 'achievement-1.png',
  'achievements/cultural-festival-award.png': 'achievement-2.png',
  'achievements/scholarships.png': 'achievement-1.png',
  'achievements/football-cup.png': 'achievement-2.png',
  'achievements/heritage-exhibition.png': 'achievement-1.png',
};

export default async function uploadSeedImages({ apiUrl, serviceRoleKey }: { apiUrl: string; serviceRoleKey: string }): Promise<void> {
  const supabase = createClient(apiUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  for (const [objectPath, file] of Object.entries(SEED_IMAGES)) {
    const body = fs.readFileSync(path.join(here, file));
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(objectPath, body, { contentType: 'image/png', upsert: true, cacheControl: '3600' });
    if (error) throw new Error(`seed image ${objectPath}: ${error.message}`);
  }
}
