import { ar } from '@union/shared/i18n/admin/ar';
import { raArabic, raSupabaseArabic } from '../ra-ar';

import { raTiptap } from '../ra-tiptap';

// react-admin's and ra-supabase's texts, then the console's own (which win where they overlap).
export default {
  ...raArabic,
  // The rich-text editor's texts beside react-admin's own (ra-tiptap.ts).
  ra: { ...raArabic.ra, tiptap: raTiptap.ar },
  ...raSupabaseArabic,
  ...ar,
};
