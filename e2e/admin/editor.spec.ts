import { MAX_IMAGE_BYTES } from '@union/shared/constants';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import {
  confirmDialog,
  expectResizedPhoto,
  marker,
  phonePhoto,
  PHOTO,
  signIn,
  useLanguage,
  type Lang,
} from './helpers';

// An editor's day: content in three languages with a photo, reviewing submissions, a
// translation override that reaches the public site, a setting. Editors never delete.

test.describe('editor', () => {
  // The machine is shared; a journey with uploads can take a while.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
  });

  test('creates an event with a photo in three languages, edits it, and cannot delete it', async ({
    page,
    service,
  }) => {
    const title = marker('E2E event');
    await page.goto(`${urls.admin}events/create`);
    for (const [field, value] of [
      ['title', title],
      ['description', 'A test description'],
      ['location', 'Main hall'],
    ] as const) {
      await page.locator(`[name="${field}.ar"]`).fill(`${value} (ar)`);
      await page.locator(`[name="${field}.en"]`).fill(value);
      await page.locator(`[name="${field}.tr"]`).fill(`${value} (tr)`);
    }
    await page.locator('input[name="starts_at"]').fill('2030-05-01T18:30');
    // Saving without a photo is refused by the form.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A photo is required')).toBeVisible();
    // A file that is not an image is refused by the form, naming the accepted types.
    await page
      .locator('input[type="file"][name="photo_path"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('image-photo_path').locator('.MuiFormHelperText-root.Mui-error')).toHaveText(
      'JPEG, PNG, WebP or GIF, at most 5 MB',
    );
    // A phone's photo over the 5 MB limit is accepted: the console reduces it before the upload.
    const photo = await phonePhoto(page);
    expect(photo.buffer.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    await page.locator('input[type="file"][name="photo_path"]').setInputFiles(photo);
    await expect(page.getByTestId('image-photo_path').locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(page.getByTestId('image-photo_path').locator('.Mui-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);

    const { data: created } = await service.from('events').select('*').eq('title->>en', title).single();
    expect(created).toBeTruthy();
    expect(created!.title).toEqual({ ar: `${title} (ar)`, en: title, tr: `${title} (tr)` });
    // Stored as a WebP main image of at most 1600 px (4032x3024 → 1600x1200) and its small variant.
    expect(created!.photo_path).toMatch(/^events\/IMG_2041-\d+-1600x1200\.webp$/);
    const createdObjects = await expectResizedPhoto(page, created!.photo_path);
    expect(createdObjects).toHaveLength(2);

    // Edit: a new English title and a new photo; the old main image and its small variant are removed.
    await page.goto(`${urls.admin}events/${created!.id}`);
    await expect(page.locator('[name="title.en"]')).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.locator('[name="title.en"]').fill(`${title} edited`);
    await page.locator('input[type="file"][name="photo_path"]').setInputFiles(PHOTO);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    const { data: edited } = await service.from('events').select('*').eq('id', created!.id).single();
    expect((edited!.title as { en: string }).en).toBe(`${title} edited`);
    expect(edited!.photo_path).toMatch(/^events\/event-workshop-1600x900-\d+-1600x900\.webp$/);
    await expectResizedPhoto(page, edited!.photo_path);
    for (const path of createdObjects)
      expect((await fetch(`${urls.api}/storage/v1/object/public/images/${path}`)).status, path).not.toBe(200);

    // The list shows the status badge; no delete anywhere for an editor.
    await expect(
      page.getByRole('row', { name: new RegExp(`${title} edited`) }).getByText('Registration open'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test('approves and rejects pending submissions, with a confirmation', async ({ page, service }) => {
    const tag = marker('Reviewer');
    const { data: rows, error } = await service
      .from('submissions')
      .insert([
        { type: 'contact', name: `${tag} A`, email: 'a@example.com', message: 'hello' },
        { type: 'contact', name: `${tag} B`, email: 'b@example.com', message: 'hello' },
      ])
      .select('id,name');
    expect(error).toBeNull();
    await page.goto(`${urls.admin}submissions`);
    await page.getByPlaceholder('Name, email, student number or message').fill(tag);
    await expect(page.getByRole('row')).toHaveCount(3); // header + 2

    const rowA = page.getByRole('row', { name: new RegExp(`${tag} A`) });
    await rowA.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog')).toContainText('Approved');
    await confirmDialog(page, 'Approve');
    await expect(rowA.getByText('Approved')).toBeVisible();
    await expect(rowA.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const rowB = page.getByRole('row', { name: new RegExp(`${tag} B`) });
    await rowB.getByRole('button', { name: 'Reject' }).click();
    await confirmDialog(page, 'Reject');
    await expect(rowB.getByText('Rejected')).toBeVisible();

    const { data: after } = await service
      .from('submissions')
      .select('name,status')
      .in(
        'id',
        rows!.map((r) => r.id),
      )
      .order('name');
    expect(after!.map((r) => r.status)).toEqual(['approved', 'rejected']);

    // CSV export of the filtered list.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    // Written by the console's CSV writer: a byte-order mark for Excel, titles beside the ids.
    expect(text.startsWith('\uFEFFcreated_at,type,status,name,email')).toBe(true);
    // A waitlisted registration's place in the queue travels with it.
    expect(text.split('\n')[0]).toContain('event_id,event_title,waitlist_position,book_id,book_title');
    expect(text).toContain(`${tag} A`);

    // Filters: by status.
    await page.goto(
      `${urls.admin}submissions?filter=${encodeURIComponent(JSON.stringify({ status: 'rejected', q: tag }))}`,
    );
    await expect(page.getByRole('row')).toHaveCount(2);
  });

  test('marks an approved book loan returned, which makes the book available again', async ({ page, service }) => {
    const title = marker('E2E book');
    const { data: book } = await service
      .from('books')
      .insert({
        title: { en: title, ar: `${title} ar`, tr: `${title} tr` },
        author: { en: 'A', ar: 'A', tr: 'A' },
        description: { en: 'D', ar: 'D', tr: 'D' },
      })
      .select()
      .single();
    const name = marker('Borrower');
    const { data: loan, error } = await service
      .from('submissions')
      .insert({
        type: 'book_loan',
        name,
        student_number: '2021010003',
        book_id: book!.id,
        pickup_location: 'campus',
        loan_date: new Date().toISOString().slice(0, 10),
      })
      .select()
      .single();
    expect(error).toBeNull();

    await page.goto(`${urls.admin}submissions/${loan!.id}/show`);
    await expect(page.getByRole('button', { name: 'Mark returned' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmDialog(page, 'Approve');
    await expect(page.getByText('Status updated')).toBeVisible();
    await expect
      .poll(async () => (await service.from('books').select('available').eq('id', book!.id).single()).data?.available)
      .toBe(false);

    await page.getByRole('button', { name: 'Mark returned' }).click();
    await expect(page.getByRole('dialog')).toContainText('available again');
    await confirmDialog(page, 'Mark returned');
    await expect(page.getByText('The book is marked returned')).toBeVisible();
    await expect(page.getByText(/^Returned on .*\d{4}$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark returned' })).toHaveCount(0);
    const { data: after } = await service.from('submissions').select('returned_at').eq('id', loan!.id).single();
    expect(after!.returned_at).not.toBeNull();
    expect((await service.from('books').select('available').eq('id', book!.id).single()).data?.available).toBe(true);
  });

  test('edits a translation that then shows on the public site, and removes it', async ({ page, browser }) => {
    const text = marker('About');
    await page.goto(`${urls.admin}translations`);
    await page.getByLabel('Search').fill('nav.about');
    await page.getByRole('button', { name: 'Edit texts nav.about' }).click();
    await page.locator('[name="override-en"]').fill(text);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Translation saved')).toBeVisible();
    await expect(page.locator('tr[data-key="nav.about"]')).toContainText('Overridden');

    const visitor = await browser.newPage();
    await visitor.goto(`${urls.public}/?lng=en`);
    await expect(visitor.getByText(text).first()).toBeVisible({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Edit texts nav.about' }).click();
    await page.getByRole('button', { name: 'Remove override' }).click();
    await confirmDialog(page, 'Remove override');
    await expect(page.getByText('Override removed')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText('About').first()).toBeVisible();
    await expect(visitor.getByText(text)).toHaveCount(0);
    await visitor.close();
  });

  test('changes a setting', async ({ page, service }) => {
    const { data: before } = await service.from('settings').select('value').eq('key', 'footerPhone').single();
    const phone = `+90 555 ${Date.now() % 1000000}`;
    await page.goto(`${urls.admin}settings`);
    await page.getByLabel('Phone (footer and contact page)').fill(phone);
    await page.getByLabel('LinkedIn link').fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must be a full https:// address')).toBeVisible();
    await page.getByLabel('LinkedIn link').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    const { data: after } = await service.from('settings').select('value').eq('key', 'footerPhone').single();
    expect(after!.value).toBe(phone);
    await service.from('settings').update({ value: before!.value }).eq('key', 'footerPhone');
  });

  test('sets the map location: checked in the form, saved in the plain form', async ({ page, service }) => {
    const { data: before } = await service.from('settings').select('value').eq('key', 'mapLocation').single();
    try {
      await page.goto(`${urls.admin}settings`);
      const input = page.getByLabel('Map location (contact page)');
      await expect(input).toHaveValue(String(before!.value));
      await expect(page.getByText('press and hold the place and copy its coordinates')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Check on the map' })).toHaveAttribute(
        'href',
        /[?&]mlat=40\.2262&mlon=28\.8724#map=17\//,
      );

      await input.fill('Görükle Campus');
      await expect(page.getByRole('link', { name: 'Check on the map' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText('Write latitude, longitude in decimal degrees with a dot for decimals, e.g. 40.2262, 28.8724'),
      ).toBeVisible();
      await input.fill('95, 28.8724');
      await expect(page.getByText('Latitude must be between -90 and 90, longitude between -180 and 180')).toBeVisible();

      // Arabic digits and the Arabic comma, as an Arabic keyboard types them, are saved in the plain form.
      await input.fill('٤١٫٠٠٨٢، ٢٨٫٩٧٨٤');
      await expect(page.getByRole('link', { name: 'Check on the map' })).toHaveAttribute(
        'href',
        'https://www.openstreetmap.org/?mlat=41.0082&mlon=28.9784#map=17/41.0082/28.9784',
      );
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();
      await expect
        .poll(
          async () => (await service.from('settings').select('value').eq('key', 'mapLocation').single()).data?.value,
        )
        .toBe('41.0082, 28.9784');
    } finally {
      await service.from('settings').update({ value: before!.value }).eq('key', 'mapLocation');
    }
  });

  test('sees the map location errors in Arabic', async ({ page }) => {
    await useLanguage(page, 'ar'); // runs after beforeEach's 'en' on every page load
    await page.goto(`${urls.admin}settings`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const input = page.getByLabel('موقع الخريطة (صفحة التواصل)');
    await input.fill('٩٥، ٢٨');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('يجب أن يكون خط العرض بين', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'تحقّق منه على الخريطة' })).toHaveCount(0);
  });

  test('does not see superadmin pages', async ({ page }) => {
    await expect(page.getByRole('menuitem', { name: 'Events' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Staff accounts' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Students' })).toHaveCount(0);
    await page.goto(`${urls.admin}students`);
    await expect(page.getByText('Only superadmins can access this page.')).toBeVisible();
  });

  test('each submission row says which event or book it is about', async ({ page, service }) => {
    const { data: rows } = await service
      .from('submissions')
      .select('name, events(title), books(title)')
      .in('type', ['event_registration', 'book_loan'])
      .order('created_at', { ascending: false })
      .limit(50);
    const registration = rows!.find((r) => r.events)!;
    const loan = rows!.find((r) => r.books)!;
    const titleOf = (t: unknown, lang: Lang) => (t as Record<Lang, string>)[lang];
    for (const [r, title] of [
      [registration, titleOf(registration.events!.title, 'en')],
      [loan, titleOf(loan.books!.title, 'en')],
    ] as const) {
      await page.goto(`${urls.admin}submissions?filter=${encodeURIComponent(JSON.stringify({ q: r.name }))}`);
      await expect(page.getByRole('row', { name: new RegExp(r.name) }).first()).toContainText(title);
    }
    await expect(page.getByRole('columnheader', { name: 'Event or book' })).toBeVisible();
  });
});
