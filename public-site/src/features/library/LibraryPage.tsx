import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { DataBlock, Empty } from '../../components/DataState';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { useQuery } from '../../lib/data';
import { useEditsBeforeHydration } from '../../lib/editsBeforeHydration';
import { usePageHead } from '../../lib/head';
import { useTranslation } from '../../lib/i18n';
import { booksQuery } from './api';
import { filterBooks } from './search';
import { BookCard } from './BookCard';

export default function LibraryPage() {
  const { t, lang } = useTranslation();
  usePageHead({ title: t('meta.titles.library'), description: t('meta.descriptions.library') });
  const state = useQuery(booksQuery);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [openId, setOpenId] = useState<string | null>(null);
  const searchForm = useRef<HTMLFormElement>(null);
  useEditsBeforeHydration(searchForm);
  const books = useMemo(
    () => (state.data ? filterBooks(state.data, deferred, lang) : []),
    [state.data, deferred, lang],
  );

  return (
    <>
      <PageHeader title={t('library.title')} subtitle={t('library.subtitle')}>
        <form ref={searchForm} role="search" className="mt-6 max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="book-search" className="field-label">
            {t('library.searchLabel')}
          </label>
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-gray-500"
            />
            <input
              id="book-search"
              type="search"
              className="field-input ps-10"
              placeholder={t('library.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </div>
        </form>
      </PageHeader>
      <div className="container-page py-12">
        <DataBlock state={state} empty={t('library.noBooks')}>
          {() => (
            <>
              {/* The result count is the list's heading (cards are h3) and is announced as it changes. */}
              <h2
                className="mb-6 text-sm font-normal text-gray-700 dark:text-gray-300"
                aria-live="polite"
                data-testid="book-count"
              >
                {t('library.resultCount', { count: books.length })}
              </h2>
              {books.length === 0 ? (
                <Empty>{t('library.noResults')}</Empty>
              ) : (
                <div className="grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
                  {books.map((book) => (
                    <BookCard
                      key={book.id}
                      book={book}
                      open={openId === book.id}
                      onToggle={() => setOpenId((id) => (id === book.id ? null : book.id))}
                    />
                  ))}
                </div>
              )}
            </>
          )}
        </DataBlock>
      </div>
    </>
  );
}
