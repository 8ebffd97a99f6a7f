import type { RestClient } from '@union/shared/supabase';
import { yieldToBrowser } from './tasks';

// The PostgREST client (lib/restClient.ts) is its own chunk, loaded on first use: a prerendered
// page carries its data, so neither the first paint nor hydration waits for it; the refresh
// after hydration, a form or a client-side navigation loads it.
let client: Promise<RestClient> | undefined;

/** The PostgREST client, as the anonymous visitor. */
export const restClient = (): Promise<RestClient> => {
  client ??= import('./restClient').then(
    (m) => m.rest,
    (error: unknown) => {
      // Not kept: the next read (a retry) loads the chunk again, instead of failing until a reload.
      client = undefined;
      throw error;
    },
  );
  // Each caller goes on in a task of its own. After hydration a page refreshes all its blocks at
  // once: run together as the client arrived (building each request, fetch() starting it), they
  // made one task of about 100 ms on a slow phone, holding off a tap.
  return client.then(async (rest) => {
    await yieldToBrowser();
    return rest;
  });
};

/**
 * Runs the PostgREST request `build` makes and unwraps its response: its error becomes a
 * rejection (the query's error state).
 */
export async function rows<T>(build: (rest: RestClient) => PromiseLike<{ data: unknown; error: unknown }>): Promise<T> {
  const { data, error } = await build(await restClient());
  if (error) throw error;
  return (data ?? ([] as unknown)) as T;
}
