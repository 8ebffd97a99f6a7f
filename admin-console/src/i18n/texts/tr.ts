import { tr } from '@union/shared/i18n/admin/tr';
import { raSupabaseTurkish, raTurkish } from '../ra-tr';

import { raTiptap } from '../ra-tiptap';

// react-admin's and ra-supabase's texts, then the console's own (which win where they overlap).
export default {
  ...raTurkish,
  // The rich-text editor's texts beside react-admin's own (ra-tiptap.ts).
  ra: { ...raTurkish.ra, tiptap: raTiptap.tr },
  ...raSupabaseTurkish,
  ...tr,
};
