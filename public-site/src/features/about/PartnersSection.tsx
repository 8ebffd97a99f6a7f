import { localize } from '@union/shared/localized';
import { ErrorBox } from '../../components/DataState';
import { Icon } from '../../components/Icon';
import { ImagePlaceholder, SmartImage } from '../../components/SmartImage';
import { Spinner } from '../../components/Spinner';
import { useQuery } from '../../lib/data';
import { useTranslation } from '../../lib/i18n';
import type { PartnerRow } from '../../lib/types';
import { partnersQuery } from './api';

function PartnerCard({ partner }: { partner: PartnerRow }) {
  const { t, lang } = useTranslation();
  const name = localize(partner.name, lang);
  return (
    <li className="card flex items-start gap-4 p-5" data-testid="partner">
      {/* The name beside it says who it is: the logo is decoration. Always on white: a logo with a
          transparent background is drawn for a light one and would vanish on dark mode's grey. */}
      <SmartImage
        path={partner.logo_path}
        sizes="80px"
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-xl bg-white! object-contain ring-1 ring-gray-200 dark:ring-gray-700"
        fallback={
          <ImagePlaceholder className="size-20 shrink-0 rounded-xl">
            <Icon name="users" className="size-8" />
          </ImagePlaceholder>
        }
      />
      <div className="flex min-w-0 flex-col gap-1 break-words">
        <h3 className="text-lg font-bold">
          {partner.website_url ? (
            <a href={partner.website_url} target="_blank" rel="noopener noreferrer" className="link font-bold">
              {name}
              <span className="sr-only"> {t('common.opensNewTab')}</span>
            </a>
          ) : (
            name
          )}
        </h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">{localize(partner.description, lang)}</p>
      </div>
    </li>
  );
}

/** The organisations the union works with; nothing at all while there are none. */
export function PartnersSection() {
  const { t } = useTranslation();
  const state = useQuery(partnersQuery);
  if (state.status === 'success' && state.data.length === 0) return null;
  return (
    <section className="container-page py-10" aria-labelledby="partners">
      <h2 id="partners" className="section-title">
        {t('about.partnersTitle')}
      </h2>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('about.partnersText')}</p>
      {state.status === 'loading' && <Spinner className="py-12" />}
      {state.status === 'error' && <ErrorBox error={state.error} onRetry={state.reload} />}
      {state.status === 'success' && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {state.data.map((p) => (
            <PartnerCard key={p.id} partner={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
