import englishMessages from 'ra-language-english';
import { raSupabaseEnglishMessages } from 'ra-supabase-language-english';
import { en } from '@union/shared/i18n/admin/en';

// react-admin's and ra-supabase's texts, then the console's own (which win where they overlap).
export default { ...englishMessages, ...raSupabaseEnglishMessages, ...en };
