import { ar } from '@union/shared/i18n/admin/ar';
import { raArabic, raSupabaseArabic } from '../ra-ar';

// react-admin's and ra-supabase's texts, then the console's own (which win where they overlap).
export default { ...raArabic, ...raSupabaseArabic, ...ar };
