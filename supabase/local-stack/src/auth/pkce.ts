// PKCE (GoTrue's api/pkce.go, models/flow_state.go): a client with flowType 'pkce' sends a code
// challenge with its request; GoTrue keeps it in auth.flow_state with an auth code, the email
// link comes back to the app with ?code=<auth code>, and POST /token?grant_type=pkce
// {auth_code, code_verifier} turns the code into a session once, within 5 minutes.
import crypto from 'node:crypto';
import type http from 'node:http';
import { tx, type AuthContext, type Db } from './context.js';
import { ApiError, badRequest, validationFailed } from './errors.js';
import { str, type Json } from './request.js';
import { newSession } from './sessions.js';
import { loadUser } from './store.js';

/** Stored email tokens of the PKCE flow carry this prefix (GoTrue's addFlowPrefixToToken). */
export const PKCE_PREFIX = 'pkce_';
const CHALLENGE_RE = /^[a-zA-Z._~0-9-]+$/;

/** GoTrue's validatePKCEParams: both or neither; returns the method when PKCE is asked for. */
export function pkceParams(body: Json): { challenge: string; method: 's256' | 'plain' } | null {
  const challenge = str(body, 'code_challenge') ?? '';
  const method = str(body, 'code_challenge_method') ?? '';
  if ((challenge === '') !== (method === ''))
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return null;
  if (challenge.length < 43 || challenge.length > 128)
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  if (!CHALLENGE_RE.test(challenge))
    throw validationFailed(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw validationFailed(`unsupported code_challenge method "${method}"`);
  return { challenge, method: m };
}

/** A flow state for the user (GoTrue's generateFlowState); the auth code is made now. */
export async function createFlowState(
  db: Db,
  userId: string,
  authMethod: string,
  p: { challenge: string; method: string },
) {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       provider_access_token, provider_refresh_token, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, '', '', now(), now(), $6)`,
    [crypto.randomUUID(), userId, crypto.randomUUID(), p.method, p.challenge, authMethod],
  );
}

/** The auth code of the user's latest flow state for this method (GoTrue's issueAuthCode). */
export async function issueAuthCode(db: Db, userId: string, authMethod: string): Promise<string> {
  const r = await db.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
      order by created_at desc limit 1 for update`,
    [userId, authMethod],
  );
  const flow = r.rows[0];
  if (!flow)
    throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
  await db.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flow.id]);
  return flow.auth_code;
}

function challengeMatches(challenge: string, method: string, verifier: string): boolean {
  const expected = method === 's256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(challenge);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** POST /token?grant_type=pkce (GoTrue's PKCE grant): a session, and the flow state is gone. */
export async function exchangeAuthCode(ctx: AuthContext, req: http.IncomingMessage, body: Json) {
  const authCode = str(body, 'auth_code') ?? '';
  const verifier = str(body, 'code_verifier') ?? '';
  if (authCode === '' || verifier === '')
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  return tx(ctx, async (db) => {
    const r = await db.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      created_at: Date;
    }>(
      `select id, user_id, code_challenge, code_challenge_method, authentication_method, created_at
         from auth.flow_state where auth_code = $1 for update`,
      [authCode],
    );
    const flow = r.rows[0];
    if (!flow || !flow.user_id)
      throw new ApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (flow.created_at.getTime() + ctx.flowStateExpiry * 1000 < Date.now()) {
      throw new ApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const u = await loadUser(db, flow.user_id);
    if (!u || u.deleted_at) throw new ApiError(404, 'user_not_found', 'User not found');
    if (!challengeMatches(flow.code_challenge, flow.code_challenge_method, verifier)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const session = await newSession(ctx, db, u, flow.authentication_method, req);
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    return session;
  });
}
