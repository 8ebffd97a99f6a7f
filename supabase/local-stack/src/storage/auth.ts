// Bearer-token checks as Supabase Storage does them (src/http/plugins/jwt.ts): an HS256 JWT signed
// with the project's secret; a missing or bad token is refused with 403 "AccessDenied" and the
// message jsonwebtoken would give. Only routes that allow it (public objects, signed URLs) run
// without one.
import http from 'node:http';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from './errors.js';
import type { Caller } from './db.js';

export type SignedScope = 'download' | 'upload';

export class Tokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async verify(token: string): Promise<Record<string, unknown>> {
    if (!token) throw new Error('jwt must be provided');
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload as Record<string, unknown>;
    } catch (e) {
      throw new Error(jwtMessage(e));
    }
  }

  async caller(req: http.IncomingMessage): Promise<Caller> {
    const header = req.headers.authorization ?? '';
    const jwt = header.replace(/^Bearer\s+/i, '').trim();
    try {
      const claims = await this.verify(jwt);
      const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
      const sub = typeof claims.sub === 'string' ? claims.sub : '';
      return { role, jwt, claims, sub };
    } catch (e) {
      throw errors.accessDenied((e as Error).message);
    }
  }

  /** A signed download URL's token (scope "download"), as Storage's signObjectUrl makes it. */
  signDownload(url: string, expiresInSeconds: number): Promise<string> {
    return this.sign({ url, scope: 'download' }, expiresInSeconds);
  }

  /** A signed upload URL's token (scope "upload"): who made it and whether it may overwrite. */
  signUpload(url: string, owner: string | undefined, upsert: boolean, expiresInSeconds: number): Promise<string> {
    return this.sign({ owner, url, upsert, scope: 'upload' }, expiresInSeconds);
  }

  /**
   * Storage's verifyObjectSignature: signature and expiry, then the scope (a download token
   * cannot upload and an upload token cannot download; tokens from before scopes existed count
   * as upload tokens when they carry `upsert`), then the object it was made for.
   */
  async verifySigned(token: string | null, url: string, scope: SignedScope): Promise<Record<string, unknown>> {
    if (!token) throw errors.invalidRequest('Missing token');
    let payload: Record<string, unknown>;
    try {
      payload = await this.verify(token);
    } catch (e) {
      throw errors.invalidJwt((e as Error).message);
    }
    const legacy = payload.scope === undefined;
    const scoped =
      scope === 'upload'
        ? payload.scope === 'upload' || (legacy && 'upsert' in payload)
        : payload.scope === 'download' || (legacy && !('upsert' in payload));
    if (!scoped) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
    if (payload.url !== url) throw errors.invalidSignature();
    return payload;
  }

  private sign(payload: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(this.key);
  }
}

/** jsonwebtoken's wording, which is what the real server answers with. */
function jwtMessage(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return 'invalid algorithm';
  if (e instanceof joseErrors.JWTClaimValidationFailed) return `jwt ${e.claim} invalid`;
  return 'jwt malformed';
}
