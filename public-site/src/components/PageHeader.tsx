import type { ReactNode } from 'react';

/** The title band at the top of every inner page. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="border-b border-gray-200 bg-gradient-to-b from-olive-50 to-white dark:border-gray-800 dark:from-gray-900 dark:to-ink">
      <div className="container-page py-10 sm:py-14">
        <div className="eyebrow-bar mb-4 h-1 w-16 rounded-full" aria-hidden="true" />
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-3 max-w-2xl text-lg text-gray-700 dark:text-gray-300">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
