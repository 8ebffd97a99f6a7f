import { useTranslation } from '../../lib/i18n';
import { localize } from '@union/shared/localized';
import { Icon } from '../../components/Icon';
import { ImagePlaceholder, SmartImage } from '../../components/SmartImage';
import type { BookRow } from '../../lib/types';
import { isolate } from '../../lib/bidi';
import { intentTo, onDemand } from '../../components/onDemand';

// Opens only after a click, so never in the prerendered page: its code loads on demand.
const LoanForm = onDemand(() => import('./LoanForm').then((m) => m.LoanForm), '__UNION_ON_DEMAND__LoanForm');

export function BookCard({ book, open, onToggle }: { book: BookRow; open: boolean; onToggle: () => void }) {
  const { t, lang } = useTranslation();
  const title = localize(book.title, lang);
  const panelId = `loan-${book.id}`;
  return (
    <article className="card flex flex-col" data-testid="book-card" data-book-id={book.id}>
      <div className="flex gap-4 p-5">
        <SmartImage
          path={book.cover_path}
          sizes="96px"
          alt={t('library.coverAlt', { title })}
          width={96}
          height={144}
          className="h-36 w-24 shrink-0 rounded-md object-cover shadow"
          fallback={
            <ImagePlaceholder className="h-36 w-24 shrink-0 rounded-md">
              <Icon name="book" className="size-10" />
            </ImagePlaceholder>
          }
        />
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-bold">{title}</h3>
          <p className="mt-1 text-sm font-medium text-brand dark:text-brand-soft">
            {t('library.by', { author: isolate(localize(book.author, lang)) })}
          </p>
          <p className="mt-2 line-clamp-4 text-sm text-gray-700 dark:text-gray-300">
            {localize(book.description, lang)}
          </p>
        </div>
      </div>
      <div className="mt-auto grid gap-4 border-t border-gray-200 p-5 dark:border-gray-700">
        {book.available ? (
          <>
            <button
              type="button"
              className={`btn w-full ${open ? 'btn-secondary' : 'btn-primary'}`}
              aria-expanded={open}
              aria-controls={panelId}
              {...intentTo(LoanForm)}
              onClick={onToggle}
            >
              {open ? t('library.hideForm') : t('library.borrow')}
            </button>
            <div id={panelId} hidden={!open}>
              {open && <LoanForm bookId={book.id} title={title} />}
            </div>
          </>
        ) : (
          <button type="button" className="btn btn-primary w-full" disabled data-testid="book-unavailable">
            {t('library.unavailable')}
          </button>
        )}
      </div>
    </article>
  );
}
