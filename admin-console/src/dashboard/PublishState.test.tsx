// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { en } from '@union/shared/i18n/admin/en';
import { ar } from '@union/shared/i18n/admin/ar';
import { formatDateTime } from '@union/shared/format';
import { renderInConsole, user } from '../test/render';
import { PublishState } from './PublishState';

// The publishing state as public.publish_status answers it, and the calls of publish_now.
const server = vi.hoisted(() => ({
  status: {} as Record<string, unknown>,
  publishNow: [] as number[],
}));
vi.mock('../providers/supabase', () => ({
  supabase: {
    rpc: (name: string) => {
      if (name === 'publish_now') server.publishNow.push(Date.now());
      const answer = Promise.resolve(
        name === 'publish_status' ? { data: [server.status], error: null } : { data: null, error: null },
      );
      return Object.assign(answer, {
        single: () => answer.then(({ data }) => ({ data: (data as unknown[] | null)?.[0] ?? null, error: null })),
      });
    },
  },
}));

const texts = en.dashboard.publish;
const PUBLISHED_AT = '2026-11-30T09:15:00Z';
const status = (state: string, more: Record<string, unknown> = {}) => ({
  state,
  last_published_at: PUBLISHED_AT,
  last_error: null,
  last_failed_at: null,
  waiting_since: null,
  waiting_changes: 0,
  building_since: null,
  ...more,
});

const chip = async () => screen.findByTestId('publish-state-chip');

// The first test draws react-admin for the first time: more than the default 5 s on a busy 2-core machine.
describe('the public site’s publishing state', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.publishNow = [];
  });

  it('says the site is up to date, and when it was last published', async () => {
    server.status = status('up_to_date');
    await renderInConsole(<PublishState />);
    expect(await chip()).toHaveProperty('textContent', texts.states.up_to_date);
    expect(screen.getByTestId('publish-last').textContent).toBe(
      texts.lastPublished.replace('{{date}}', formatDateTime(PUBLISHED_AT, 'en')),
    );
    expect(screen.queryByTestId('publish-error')).toBeNull();
  });

  it('says changes are waiting, and since when', async () => {
    server.status = status('waiting', { waiting_since: '2026-12-01T08:00:00Z', waiting_changes: 3 });
    await renderInConsole(<PublishState />);
    expect((await chip()).textContent).toBe(texts.states.waiting);
    expect(screen.getByTestId('publish-last').textContent).toContain(
      texts.waitingSince.replace('{{date}}', formatDateTime('2026-12-01T08:00:00Z', 'en')),
    );
  });

  it('says a build is under way, and does not offer to publish again meanwhile', async () => {
    server.status = status('publishing', { building_since: '2026-12-01T08:05:00Z' });
    await renderInConsole(<PublishState />, { role: 'superadmin' });
    expect((await chip()).textContent).toBe(texts.states.publishing);
    expect(screen.getByRole('button', { name: texts.publishNow })).toHaveProperty('disabled', true);
  });

  it('says publishing failed, with the reason in words, and points a superadmin to Handover', async () => {
    server.status = status('failed', { last_error: 'hook_refused', last_failed_at: '2026-12-01T08:10:00Z' });
    await renderInConsole(<PublishState />, { role: 'superadmin' });
    expect((await chip()).textContent).toBe(texts.states.failed);
    const alert = screen.getByTestId('publish-error');
    expect(alert.textContent).toContain(texts.reasons.hook_refused);
    expect(within(alert).getByRole('link', { name: texts.openHandover }).getAttribute('href')).toBe('/handover');
  });

  it('never says when it was published if it never was', async () => {
    server.status = status('waiting', { last_published_at: null });
    await renderInConsole(<PublishState />);
    expect((await screen.findByTestId('publish-last')).textContent).toBe(texts.neverPublished);
  });

  it('lets a superadmin publish now, and says it was asked for', async () => {
    server.status = status('waiting', { waiting_since: '2026-12-01T08:00:00Z' });
    await renderInConsole(<PublishState />, { role: 'superadmin' });
    await chip();
    const button = await screen.findByRole('button', { name: texts.publishNow });
    expect(button).toHaveProperty('disabled', false);
    await user.click(button);
    await waitFor(() => expect(server.publishNow).toHaveLength(1));
    expect(await screen.findByText(texts.requested)).toBeTruthy();
  });

  it('offers an editor neither "publish now" nor Handover', async () => {
    server.status = status('failed', { last_error: 'hook_refused' });
    await renderInConsole(<PublishState />, { role: 'editor' });
    await chip();
    expect(screen.getByTestId('publish-error').textContent).toContain(texts.reasons.hook_refused);
    expect(screen.queryByRole('button', { name: texts.publishNow })).toBeNull();
    expect(screen.queryByRole('link', { name: texts.openHandover })).toBeNull();
  });

  it('is written in Arabic, right to left, in the Arabic console', async () => {
    server.status = status('failed', { last_error: 'no_report' });
    await renderInConsole(<PublishState />, { lang: 'ar', role: 'superadmin' });
    expect((await chip()).textContent).toBe(ar.dashboard.publish.states.failed);
    expect(screen.getByRole('button', { name: ar.dashboard.publish.publishNow })).toBeTruthy();
    expect(screen.getByTestId('publish-error').textContent).toContain(ar.dashboard.publish.reasons.no_report);
    // Styled through the right-to-left cache (layout/theme.ts), which mirrors margins and positions.
    expect(screen.getByTestId('publish-state').className).toMatch(/\bmuirtl-/);
  });
});
