import type { Translate } from '../i18n/keys';

/**
 * Joins the parts of one line (figures, a type and a date, …) with the language's list separator
 * (`common.listSeparator`): « · » in English and Turkish, «، » in Arabic, where a middle dot
 * beside Arabic-Indic digits reads as a zero («١ · ٣» looks like «١٠٣»). Empty parts are left out.
 */
export const joinParts = (translate: Translate, parts: readonly (string | null | undefined | false)[]): string =>
  parts
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(translate('common.listSeparator'));
