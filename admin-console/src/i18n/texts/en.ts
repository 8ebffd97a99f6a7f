import englishMessages from 'ra-language-english';
import { raSupabaseEnglishMessages } from 'ra-supabase-language-english';
import { en } from '@union/shared/i18n/admin/en';

import { raTiptap } from '../ra-tiptap';

// react-admin's and ra-supabase's texts, then the console's own (which win where they overlap).
export default {
  ...englishMessages,
  // The rich-text editor's texts beside react-admin's own (ra-tiptap.ts).
  ra: { ...englishMessages.ra, tiptap: raTiptap.en },
  ...raSupabaseEnglishMessages,
  ...en,
};
