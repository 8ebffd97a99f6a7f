import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { LocalLink } from '../../components/LocalLink';
import { useTranslation } from '../../lib/i18n';

/** A home block: heading, a "view all" link to its page, and its content. */
export function HomeSection({
  id,
  title,
  to,
  children,
}: {
  id: string;
  title: string;
  to: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="lazy-render container-page py-14" aria-labelledby={id}>
      <div className="mb-8 flex items-end justify-between gap-4">
        <div>
          <div className="eyebrow-bar mb-3 h-1 w-12 rounded-full" aria-hidden="true" />
          <h2 id={id} className="section-title">
            {title}
          </h2>
        </div>
        <LocalLink to={to} className="link inline-flex shrink-0 items-center gap-1">
          {t('common.viewAll')}
          <span className="sr-only">: {title}</span>
          <Icon name="arrow" className="size-4 rtl:-scale-x-100" />
        </LocalLink>
      </div>
      {children}
    </section>
  );
}
