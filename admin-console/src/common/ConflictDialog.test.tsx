// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NumberInput, ResourceContextProvider, TextInput, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { en } from '@union/shared/i18n/admin/en';
import { ar } from '@union/shared/i18n/admin/ar';
import enTexts from '../i18n/texts/en';
import arTexts from '../i18n/texts/ar';
import { renderInConsole, user } from '../test/render';
import { withVersions } from '../providers/versions';
import { ContentEdit } from './ContentForms';
import { ConflictDialog } from './ConflictDialog';

// react-admin logs every rejection of the data provider outside production: the stale refusals
// are these tests' subject, anything else is still shown.
const logError = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  if (!(args[0] instanceof HttpError && args[0].status === 409)) logError(...args);
});

// The edit page's History button reads the audit log through the client: not part of these tests.
vi.mock('../providers/supabase', () => ({ supabase: {} }));

type Row = { id: string; version: number; title: Record<string, string>; location: string; capacity: number };
const first = (): Row => ({
  id: 'e1',
  version: 1,
  title: { ar: 'ندوة', en: 'Old title', tr: 'Seminer' },
  location: 'Hall A',
  capacity: 40,
});

/**
 * The events table in memory, with the database's row-version rule: an update naming another
 * version than the row's is refused as stale (as public.* triggers refuse it), else it bumps it.
 */
function eventsTable() {
  const rows: Record<string, Row> = { e1: first() };
  const writes: Record<string, unknown>[] = [];
  const base = {
    getOne: async (_resource: string, { id }: { id: string }) => ({ data: structuredClone(rows[id]!) }),
    update: async (_resource: string, { id, data }: { id: string; data: Record<string, unknown> }) => {
      const row = rows[id]!;
      if (data.version !== row.version) throw new HttpError('errors.stale_record', 409);
      writes.push(data);
      rows[id] = { ...row, ...(data as Partial<Row>), version: row.version + 1 };
      return { data: structuredClone(rows[id]!) };
    },
  } as unknown as DataProvider;
  /** Another staff member's save, between my opening the form and saving it. */
  const theirSave = (change: Partial<Row>) => {
    rows.e1 = { ...rows.e1!, ...change, version: rows.e1!.version + 1 };
  };
  // The console's own version wrapper, which merges or refuses with the conflict (providers/versions.ts).
  return { rows, writes, theirSave, dataProvider: withVersions(base) };
}

let table: ReturnType<typeof eventsTable>;

const openEdit = async (lang: 'en' | 'ar' = 'en') => {
  const result = await renderInConsole(
    <ResourceContextProvider value="events">
      <Routes>
        <Route
          path="/events/:id"
          element={
            <ContentEdit>
              <TextInput source="title.en" />
              <TextInput source="location" />
              <NumberInput source="capacity" />
            </ContentEdit>
          }
        />
        <Route path="/events" element={<p>the events list</p>} />
      </Routes>
    </ResourceContextProvider>,
    { lang, dataProvider: table.dataProvider, path: '/events/e1' },
  );
  await waitFor(() => expect(input('location').value).toBe('Hall A'));
  return result;
};

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
// One change event per value: typing key by key re-renders the whole form for each key.
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

/** I change the location and the capacity; meanwhile they change the location and the English title. */
const saveAfterTheirs = async () => {
  type('location', 'Hall B');
  type('capacity', '55');
  table.theirSave({ location: 'Hall C', title: { ...first().title, en: 'New title' } });
  await user.click(screen.getByText('Save').closest('button')!);
};

// Found by its title's text: a role query computes every element's accessible name, many times over while it waits.
const conflictDialog = async (title = en.conflict.title) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

// A whole edit page's load, save and refusal in jsdom: more than the default 5 s on a busy 2-core machine.
describe('the conflict dialog of an edit form', { timeout: 20_000 }, () => {
  beforeEach(() => {
    table = eventsTable();
  });

  it('shows the field both changed with both values, and their other changes as kept', async () => {
    await openEdit();
    await saveAfterTheirs();
    const dialog = await conflictDialog();
    const clash = within(dialog).getByTestId('clash-location');
    expect(within(clash).getByText(en.resources.events.fields.location)).toBeTruthy();
    const theirs = within(clash).getByRole('radio', { name: `${en.conflict.theirValue} Hall C` });
    const mine = within(clash).getByRole('radio', { name: `${en.conflict.mineValue} Hall B` });
    expect([theirs, mine].map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    // Their English title is listed as kept, under its label and language; my capacity clashes with nothing.
    const kept = within(dialog).getByTestId('conflict-kept');
    expect(kept.textContent).toBe(
      `${en.resources.events.fields.title} (${en.common.languages.en})Old title → ${en.conflict.now}: New title`,
    );
    expect(within(dialog).queryByTestId('clash-capacity')).toBeNull();
    // Nothing is saved over theirs unseen: saving waits for a choice.
    expect(within(dialog).getByText(en.conflict.chooseEach)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: en.conflict.saveChoices })).toHaveProperty('disabled', true);
    expect(table.writes).toEqual([]);
  });

  it('saves my value where I chose mine, with my other changes and theirs', async () => {
    await openEdit();
    await saveAfterTheirs();
    const dialog = await conflictDialog();
    await user.click(within(dialog).getByRole('radio', { name: `${en.conflict.mineValue} Hall B` }));
    await user.click(within(dialog).getByRole('button', { name: en.conflict.saveChoices }));
    await screen.findByText('the events list');
    expect(table.rows.e1).toMatchObject({ location: 'Hall B', capacity: 55, title: { en: 'New title' }, version: 3 });
    expect(await screen.findByText(en.conflict.savedChoices)).toBeTruthy();
  });

  it('keeps their value where I chose theirs, still saving my other changes', async () => {
    await openEdit();
    await saveAfterTheirs();
    const dialog = await conflictDialog();
    await user.click(within(dialog).getByRole('radio', { name: `${en.conflict.theirValue} Hall C` }));
    await user.click(within(dialog).getByRole('button', { name: en.conflict.saveChoices }));
    await screen.findByText('the events list');
    expect(table.rows.e1).toMatchObject({ location: 'Hall C', capacity: 55, title: { en: 'New title' }, version: 3 });
  });

  it('"keep editing" closes it and leaves my unsaved values in the form', async () => {
    await openEdit();
    await saveAfterTheirs();
    const dialog = await conflictDialog();
    await user.click(within(dialog).getByRole('button', { name: en.conflict.keepEditing }));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(input('location').value).toBe('Hall B');
    expect(input('capacity').value).toBe('55');
    expect(input('title.en').value).toBe('Old title');
    expect(table.rows.e1).toMatchObject({ location: 'Hall C', version: 2 });
    expect(screen.queryByText('the events list')).toBeNull();
  });

  it('"load the latest" replaces my values with theirs', async () => {
    await openEdit();
    await saveAfterTheirs();
    const dialog = await conflictDialog();
    await user.click(within(dialog).getByRole('button', { name: en.conflict.loadLatest }));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    await waitFor(() => expect(input('location').value).toBe('Hall C'));
    expect(input('title.en').value).toBe('New title');
    expect(input('capacity').value).toBe('40');
  });

  it('is written in Arabic in the Arabic console, each language’s text in its own direction', async () => {
    await openEdit('ar');
    type('title.en', 'My title');
    table.theirSave({ title: { ...first().title, en: 'Their title', ar: 'ندوة جديدة' } });
    fireEvent.click(screen.getByText(arTexts.ra.action.save).closest('button')!);
    const dialog = await conflictDialog(ar.conflict.title);
    const clash = within(dialog).getByTestId('clash-title-en');
    expect(within(clash).getByText(`${ar.resources.events.fields.title} (${ar.common.languages.en})`)).toBeTruthy();
    expect(within(clash).getByText('Their title').getAttribute('dir')).toBe('ltr');
    expect(within(dialog).getByTestId('conflict-kept').textContent).toContain(
      `${ar.resources.events.fields.title} (${ar.common.languages.ar})`,
    );
    expect(within(dialog).getByRole('button', { name: ar.conflict.saveChoices })).toBeTruthy();
  });
});

describe('the conflict dialog without my changes to merge', { timeout: 20_000 }, () => {
  it('lists what the other person changed, field by field, before and now', async () => {
    const previous = { id: 'e1', version: 1, location: 'Hall A', capacity: 40, registration_open: true };
    const current = { ...previous, version: 2, location: 'Hall C', registration_open: false };
    const onKeepEditing = vi.fn();
    await renderInConsole(
      <ConflictDialog
        previous={previous}
        current={current}
        label={(f) => `label of ${f}`}
        onKeepEditing={onKeepEditing}
        onLoadLatest={() => {}}
      />,
    );
    const items = within(await screen.findByTestId('conflict-changes')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `label of locationHall A → ${en.conflict.now}: Hall C`,
      `label of registration_open${enTexts.ra.boolean.true} → ${en.conflict.now}: ${enTexts.ra.boolean.false}`,
    ]);
    expect(screen.queryByRole('button', { name: en.conflict.saveChoices })).toBeNull();
    await user.click(screen.getByRole('button', { name: en.conflict.keepEditing }));
    expect(onKeepEditing).toHaveBeenCalledOnce();
  });
});
