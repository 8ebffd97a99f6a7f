import { beforeEach, describe, expect, it, vi } from 'vitest';

// The console's auth client, replaced: what matters is when rememberLanguage writes.
const auth = vi.hoisted(() => ({ getSession: vi.fn(), updateUser: vi.fn() }));
vi.mock('./auth', () => ({ auth }));
const { rememberLanguage } = await import('./userLanguage');

const signedIn = (metadata: Record<string, unknown>) =>
  auth.getSession.mockResolvedValue({ data: { session: { user: { user_metadata: metadata } } } });

describe('rememberLanguage', () => {
  beforeEach(() => {
    auth.getSession.mockReset();
    auth.updateUser.mockReset().mockResolvedValue({ data: {}, error: null });
  });

  it("saves a new language in the signed-in account's user_metadata", async () => {
    signedIn({ language: 'ar' });
    await rememberLanguage('tr');
    expect(auth.updateUser).toHaveBeenCalledWith({ data: { language: 'tr' } });
  });

  it('writes nothing when the account already has it, when signed out, or for an unknown language', async () => {
    signedIn({ language: 'en' });
    await rememberLanguage('en');
    await rememberLanguage('fr');
    await rememberLanguage(undefined);
    auth.getSession.mockResolvedValue({ data: { session: null } });
    await rememberLanguage('tr');
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('never throws: the mail falls back to all three languages', async () => {
    signedIn({});
    auth.updateUser.mockRejectedValue(new Error('offline'));
    await expect(rememberLanguage('ar')).resolves.toBeUndefined();
  });
});
