// A content publish tells the publish queue how it went (docs/operations.md, "Publishing"):
// `report_publish` marks the build live, or failed with the reason (its changes then wait for the
// next build), and the console's dashboard shows it. Only the service role may call it.

/** A build's id as the queue gives it (private.publish_builds.id). */
export const BUILD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reports build `buildId` live (no `error`) or failed; returns the state the queue recorded. */
export async function reportPublish(
  apiUrl: string,
  serviceRoleKey: string,
  buildId: string,
  error?: string,
): Promise<string> {
  const res = await fetch(`${apiUrl}/rest/v1/rpc/report_publish`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
    },
    // The queue keeps 2000 characters of a reason; the first lines say what failed.
    body: JSON.stringify({ build_id: buildId, error: error === undefined ? null : error.slice(0, 2000) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`report_publish answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as string;
}
