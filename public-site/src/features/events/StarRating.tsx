import { useId } from 'react';
import { useTranslation, type TextKey } from '../../lib/i18n';
import { RATING_MAX } from '@union/shared/constants';
import { Icon } from '../../components/Icon';

/**
 * 1–5 stars as real radio buttons: arrow keys move and select, Tab enters and leaves the group,
 * screen readers announce "3 out of 5". The stars are the labels; the inputs are visually hidden.
 */
export function StarRating({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: TextKey;
}) {
  const { t } = useTranslation();
  const id = useId();
  const stars = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">
        {t('evaluation.rating')}
        <span className="text-red-700 dark:text-red-300" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      {/* Stars run in the reading direction: from the right in Arabic. */}
      <div className="flex gap-1">
        {stars.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-amber-500"
          >
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={t('evaluation.star', { count: n })}
              aria-invalid={error && n === 1 ? true : undefined}
            />
            <Icon
              name="star"
              filled={n <= value}
              className={`size-8 ${n <= value ? 'text-amber-500' : 'text-gray-400 dark:text-gray-500'}`}
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
