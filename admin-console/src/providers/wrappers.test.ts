import { describe, expect, it, vi } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { withConventions, withStaffFunction } from './wrappers';
import { errorMessageKey } from './errors';
import { isPublicPath, isStaff, isSuperadmin, toPermissions } from './permissions';
import { collect } from '../registry';

const COMPUTED = collect((r) => r.computed && [...r.computed]);

const list = { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

describe('withConventions', () => {
  it('selects the registry’s computed fields (the events’ is_past and places_left) for their resource only', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    const p = withConventions({ getList } as unknown as DataProvider, COMPUTED);
    await p.getList('events', list);
    await p.getList('books', list);
    expect((getList.mock.calls[0] as any)[1].meta).toEqual({ columns: ['*', 'is_past', 'places_left'] });
    expect((getList.mock.calls[1] as any)[1].meta).toBeUndefined();
  });

  it('never sends computed or server-set columns', async () => {
    const update = vi.fn(async (_r: string, p: any) => ({ data: p.data }));
    const create = vi.fn(async (_r: string, p: any) => ({ data: { id: 1, ...p.data } }));
    const p = withConventions({ update, create } as unknown as DataProvider, COMPUTED);
    await p.update('events', {
      id: 1,
      data: { title: 1, is_past: true, places_left: 3, created_at: 'x', updated_at: 'y' },
      previousData: { id: 1 },
    });
    await p.create('books', { data: { title: 1, created_at: 'x' } });
    expect((update.mock.calls[0] as any)[1].data).toEqual({ title: 1 });
    expect((create.mock.calls[0] as any)[1].data).toEqual({ title: 1 });
  });

  it('turns a database refusal into a translatable errors.<key> message', async () => {
    const refusal = new HttpError('not_pending', 400, { code: 'P0001', message: 'not_pending' });
    const p = withConventions(
      { update: vi.fn(async () => Promise.reject(refusal)) } as unknown as DataProvider,
      COMPUTED,
    );
    await expect(
      p.update('submissions', { id: 1, data: { status: 'approved' }, previousData: { id: 1 } }),
    ).rejects.toMatchObject({
      message: 'errors.not_pending',
      status: 400,
    });
  });

  it('passes unknown errors through unchanged', async () => {
    const odd = new Error('something else');
    const p = withConventions({ delete: vi.fn(async () => Promise.reject(odd)) } as unknown as DataProvider, COMPUTED);
    await expect(p.delete('events', { id: 1 })).rejects.toBe(odd);
  });
});

describe('errorMessageKey', () => {
  it('maps database, PostgREST and function errors', () => {
    expect(errorMessageKey({ code: 'P0001', message: 'own_account' })).toBe('errors.own_account');
    expect(errorMessageKey({ code: '42501', message: 'new row violates row-level security policy' })).toBe(
      'errors.not_allowed',
    );
    expect(errorMessageKey({ code: '23505', message: 'duplicate key' })).toBe('errors.duplicate');
    expect(errorMessageKey({ error: 'email_exists', message: 'exists' })).toBe('errors.email_exists');
    expect(errorMessageKey({ error: 'weak_password' })).toBe('errors.weak_password');
    expect(errorMessageKey(new HttpError('x', 400, { code: 'P0001', message: 'not_allowed' }))).toBe(
      'errors.not_allowed',
    );
    expect(errorMessageKey({ message: 'whatever' })).toBeNull();
  });

  it('names the rule of a refused date, translation key and image name', () => {
    const date = 'new row for relation "news" violates check constraint "news_publish_at_in_range"';
    expect(errorMessageKey({ code: '23514', message: date })).toBe('errors.date_out_of_range');
    // Another check of the same table stays the general message.
    const other = 'new row for relation "news" violates check constraint "news_title_check"';
    expect(errorMessageKey({ code: '23514', message: other })).toBe('errors.invalid_input');
    const key = 'insert or update on table "translations" violates foreign key constraint "translations_key_fkey"';
    expect(errorMessageKey({ code: '23503', message: key })).toBe('errors.unknown_translation_key');
    // Storage's answer through storage-js: the key as the message, no code.
    expect(errorMessageKey({ name: 'StorageApiError', message: 'invalid_image_name', statusCode: '403' })).toBe(
      'errors.invalid_image_name',
    );
  });
});

describe('withStaffFunction', () => {
  it('creates and deletes staff through the admin-users function, other resources through the base', async () => {
    const invoke = vi.fn(async (body: Record<string, unknown>) =>
      body.action === 'create' ? { user_id: 'u-2' } : { ok: true },
    );
    const create = vi.fn(async () => ({ data: { id: 9 } }));
    const p = withStaffFunction({ create, delete: vi.fn() } as unknown as DataProvider, { invoke });
    const created = await p.create('staff', { data: { email: 'e@x.org', password: 'Secret123', role: 'editor' } });
    expect(invoke).toHaveBeenCalledWith({ action: 'create', email: 'e@x.org', password: 'Secret123', role: 'editor' });
    expect(created.data).toMatchObject({ id: 'u-2', user_id: 'u-2', role: 'editor' });
    await p.delete('staff', { id: 'u-2', previousData: { id: 'u-2' } });
    expect(invoke).toHaveBeenLastCalledWith({ action: 'delete', user_id: 'u-2' });
    await p.create('events', { data: {} });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('propagates the function refusal', async () => {
    const p = withStaffFunction({} as DataProvider, {
      invoke: vi.fn(async () => Promise.reject(new HttpError('errors.own_account', 403))),
    });
    await expect(p.delete('staff', { id: 'me' })).rejects.toMatchObject({ message: 'errors.own_account' });
  });
});

describe('permissions', () => {
  it('maps a staff row to the role, anything else to no access', () => {
    expect(toPermissions({ role: 'editor' })).toEqual({ role: 'editor' });
    expect(toPermissions({ role: 'superadmin' })).toEqual({ role: 'superadmin' });
    expect(toPermissions(null)).toEqual({ role: null });
    expect(toPermissions({ role: 'admin' })).toEqual({ role: null });
    expect(isStaff({ role: 'editor' })).toBe(true);
    expect(isStaff({ role: null })).toBe(false);
    expect(isSuperadmin({ role: 'editor' })).toBe(false);
    expect(isSuperadmin({ role: 'superadmin' })).toBe(true);
    expect(isSuperadmin(undefined)).toBe(false);
  });

  it('knows the pages reachable without a session under /admin', () => {
    expect(isPublicPath('/admin/set-password')).toBe(true);
    expect(isPublicPath('/admin/forgot-password')).toBe(true);
    expect(isPublicPath('/admin/events')).toBe(false);
    expect(isPublicPath('/admin/')).toBe(false);
  });
});
