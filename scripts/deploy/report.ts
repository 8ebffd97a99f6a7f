// A content publish tells the publish queue how it went (docs/operations.md, "Publishing"):
// `report_publish` marks the build live, or failed with the reason (its changes then wait for the
// next build), and the console's dashboard shows it. Only the service role may call it. The call
// itself is the local stack's publisher's (the local build hook reports the same way).
import { reportPublish } from '@union/local-stack';

/** A build's id as the queue gives it (private.publish_builds.id). */
export const BUILD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An error's message, whatever was thrown. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * What the dashboard shows of a failed publish: the first line of its error (already masked by
 * the caller), and where the whole log is when it ran in GitHub Actions.
 */
export function failureReason(message: string, env: NodeJS.ProcessEnv = process.env): string {
  const first =
    message
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? 'failed';
  const run =
    env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? ` (${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID})`
      : '';
  return `${first.slice(0, 500)}${run}`;
}

/**
 * Tells the queue how build `buildId` went (`failure`: null when every step passed, else the
 * reason). True only when the queue recorded the build live; a report that fails is logged and
 * counts as a failed publish (the build then ends by the queue's timeout).
 */
export async function reportOutcome(
  to: { apiUrl: string; serviceRoleKey: string },
  buildId: string,
  failure: string | null,
  log: (line: string) => void,
): Promise<boolean> {
  try {
    const state = await reportPublish(to.apiUrl, to.serviceRoleKey, buildId, failure);
    log(`Reported build ${buildId} to the publish queue: ${state}`);
    return failure === null && state === 'live';
  } catch (error) {
    log(`The report to the publish queue failed: ${messageOf(error)}`);
    return false;
  }
}
