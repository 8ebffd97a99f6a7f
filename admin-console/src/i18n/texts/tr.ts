import { tr } from '@union/shared/i18n/admin/tr';
import { raSupabaseTurkish, raTurkish } from '../ra-tr';

// react-admin's and ra-supabase's texts, then the console's own (which win where they overlap).
export default { ...raTurkish, ...raSupabaseTurkish, ...tr };
