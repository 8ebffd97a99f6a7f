// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { en } from '@union/shared/i18n/admin/en';
import { ar } from '@union/shared/i18n/admin/ar';
import { formatDateTime } from '@union/shared/format';
import { renderInConsole, user } from '../test/render';
import { RecordHistoryButton } from './RecordHistory';

// public.record_history's answer for the record, and what public.restore_version was asked.
const server = vi.hoisted(() => ({
  entries: [] as object[],
  restores: [] as { entry_id: number; version: number }[],
  restoreError: null as { code: string; message: string } | null,
}));
vi.mock('../providers/supabase', () => ({
  supabase: {
    rpc: (name: string, args: Record<string, unknown>) => {
      if (name === 'record_history') return Promise.resolve({ data: server.entries, error: null });
      if (name === 'restore_version') {
        server.restores.push(args as { entry_id: number; version: number });
        return Promise.resolve({ data: null, error: server.restoreError });
      }
      throw new Error(`unexpected rpc ${name}`);
    },
  },
}));

const entry = (
  id: number,
  action: string,
  at: string,
  actor: string | null,
  before: object | null,
  after: object | null,
) => ({
  id,
  action,
  at,
  actor_email: actor,
  actor_id: actor && `user-${id}`,
  before,
  after,
  anonymised_at: null,
  row_id: 'e1',
  table_name: 'events',
});

const T1 = '2026-11-20T10:00:00Z';
const T2 = '2026-11-25T12:30:00Z';
const T3 = '2026-12-01T08:45:00Z';
const created = { id: 'e1', location: 'Hall A', capacity: 40, version: 1 };
const HISTORY = [
  // Newest first: the current version, a change by the system, the insert.
  entry(
    3,
    'UPDATE',
    T3,
    'lina@example.org',
    { ...created, capacity: 60, version: 2 },
    { ...created, capacity: 60, location: 'Hall B', version: 3 },
  ),
  entry(2, 'UPDATE', T2, null, created, { ...created, capacity: 60, version: 2 }),
  entry(1, 'INSERT', T1, 'omar@example.org', null, created),
];

// A retitling in English and Turkish, the Arabic title kept.
const retitled = entry(
  4,
  'UPDATE',
  T3,
  'lina@example.org',
  { ...created, title: { ar: 'ندوة', en: 'Seminar', tr: 'Seminer' }, version: 3 },
  { ...created, title: { ar: 'ندوة', en: 'Open seminar', tr: 'Açık seminer' }, version: 4 },
);

const openHistory = async (lang: 'en' | 'ar' = 'en') => {
  await renderInConsole(
    <ResourceContextProvider value="events">
      <RecordContextProvider value={{ id: 'e1', version: 3 }}>
        <RecordHistoryButton />
      </RecordContextProvider>
    </ResourceContextProvider>,
    { lang },
  );
  await user.click(screen.getByText((lang === 'en' ? en : ar).history.button).closest('button')!);
  const dialog = await dialogTitled((lang === 'en' ? en : ar).history.title);
  await waitFor(() => expect(versions(dialog).length).toBeGreaterThan(0));
  return dialog;
};

// Found by its title's text: a role query computes every element's style in jsdom, many times over while it waits.
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

/** The history's versions: the list's own items (each holds a list of its field changes). */
const versions = (dialog: HTMLElement) =>
  Array.from(within(dialog).getByTestId('history').children).filter((el) => el.tagName === 'LI') as HTMLElement[];

// The first test draws react-admin for the first time: more than the default 5 s on a busy 2-core machine.
describe('the record history dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.entries = HISTORY;
    server.restores = [];
    server.restoreError = null;
  });

  it('lists every version, newest first, with its time and author joined by the list separator', async () => {
    const dialog = await openHistory();
    const items = versions(dialog);
    expect(items).toHaveLength(3);
    // Each version is one list item (an item directly inside another is invalid and read twice).
    expect(dialog.querySelector('li > li')).toBeNull();
    const sep = en.common.listSeparator;
    expect(items[0]!.textContent).toContain(`${formatDateTime(T3, 'en')}${sep}lina@example.org`);
    expect(items[1]!.textContent).toContain(`${formatDateTime(T2, 'en')}${sep}${en.history.unknownActor}`);
    expect(items[2]!.textContent).toContain(`${formatDateTime(T1, 'en')}${sep}omar@example.org`);
    expect(within(items[0]!).getByText(en.audit.actions.UPDATE)).toBeTruthy();
    expect(within(items[2]!).getByText(en.audit.actions.INSERT)).toBeTruthy();
    expect(within(items[0]!).getByText(en.history.current)).toBeTruthy();
  });

  it('shows each version’s changes field by field, labelled as the form labels them', async () => {
    const [latest, second] = versions(await openHistory());
    expect(latest!.textContent).toContain(`${en.resources.events.fields.location}: Hall A → Hall B`);
    // Bookkeeping (version) is not a change anyone made.
    expect(latest!.textContent).not.toContain('version:');
    expect(second!.textContent).toContain(`${en.resources.events.fields.capacity}: 40 → 60`);
  });

  it('shows a localized field one line per changed language, the language in its label', async () => {
    server.entries = [retitled, ...HISTORY];
    const [latest] = versions(await openHistory());
    const lines = within(latest!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    const title = en.resources.events.fields.title;
    expect(lines).toEqual([
      `${title} (${en.common.languages.en}): Seminar → Open seminar`,
      `${title} (${en.common.languages.tr}): Seminer → Açık seminer`,
    ]);
  });

  it('offers to restore every earlier version, but not the current one or a deletion', async () => {
    server.entries = [...HISTORY.slice(0, 2), entry(9, 'DELETE', T1, 'omar@example.org', created, null)];
    const items = versions(await openHistory());
    const restoreIn = (item: HTMLElement) => within(item).queryByRole('button', { name: en.history.restore });
    expect(restoreIn(items[0]!)).toBeNull();
    expect(restoreIn(items[1]!)).not.toBeNull();
    expect(restoreIn(items[2]!)).toBeNull();
  });

  it('restores a version after confirming, naming the version the page shows', async () => {
    const items = versions(await openHistory());
    await user.click(within(items[2]!).getByRole('button', { name: en.history.restore }));
    const confirm = await dialogTitled(en.history.confirmTitle);
    expect(server.restores).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: en.history.restore }));
    await waitFor(() => expect(server.restores).toEqual([{ entry_id: 1, version: 3 }]));
    expect(await screen.findByText(en.history.restored)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(en.history.title)).toBeNull());
  });

  it('says in words when the database refuses the restore, and stays open', async () => {
    server.restoreError = { code: '42501', message: 'not_allowed' };
    const items = versions(await openHistory());
    await user.click(within(items[1]!).getByRole('button', { name: en.history.restore }));
    const confirm = await dialogTitled(en.history.confirmTitle);
    await user.click(within(confirm).getByRole('button', { name: en.history.restore }));
    expect(await screen.findByText(en.errors.not_allowed)).toBeTruthy();
    expect(await dialogTitled(en.history.title)).toBeTruthy();
  });

  it('says so when nothing was recorded', async () => {
    server.entries = [];
    await renderInConsole(
      <ResourceContextProvider value="events">
        <RecordContextProvider value={{ id: 'e1', version: 1 }}>
          <RecordHistoryButton />
        </RecordContextProvider>
      </ResourceContextProvider>,
    );
    await user.click(screen.getByText(en.history.button).closest('button')!);
    expect(await screen.findByText(en.history.empty)).toBeTruthy();
  });

  it('is written in Arabic in the Arabic console: its separator, digits and arrow', async () => {
    const [latest, second] = versions(await openHistory('ar'));
    expect(latest!.textContent).toContain(`${formatDateTime(T3, 'ar')}${ar.common.listSeparator}lina@example.org`);
    expect(second!.textContent).toContain(
      `${formatDateTime(T2, 'ar')}${ar.common.listSeparator}${ar.history.unknownActor}`,
    );
    expect(second!.textContent).toContain(`${ar.resources.events.fields.capacity}: ٤٠ ← ٦٠`);
    expect(within(latest!).getByText(ar.audit.actions.UPDATE)).toBeTruthy();
  });

  it('labels a language in Arabic, the arrow pointing the Arabic way, each Latin text isolated in its own direction', async () => {
    server.entries = [retitled, ...HISTORY];
    const [latest] = versions(await openHistory('ar'));
    const lines = within(latest!).getAllByRole('listitem');
    const title = ar.resources.events.fields.title;
    expect(lines.map((li) => li.textContent)).toEqual([
      `${title} (${ar.common.languages.en}): Seminar ← Open seminar`,
      `${title} (${ar.common.languages.tr}): Seminer ← Açık seminer`,
    ]);
    const texts = Array.from(lines[0]!.querySelectorAll('bdi')).map((b) => [b.textContent, b.lang, b.dir]);
    expect(texts).toEqual([
      ['Seminar', 'en', 'ltr'],
      ['Open seminar', 'en', 'ltr'],
    ]);
  });
});
