import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { ApiError } from './errors.js';

export interface AccessTokenInput {
  issuer: string;
  userId: string;
  email: string;
  phone: string;
  appMetadata: unknown;
  userMetadata: unknown;
  role: string;
  sessionId: string;
  amr: { method: string; timestamp: number }[];
  isAnonymous: boolean;
  expiresIn: number;
  now?: number;
}

export interface Claims extends JWTPayload {
  role?: string;
  session_id?: string;
  email?: string;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** GoTrue's access token (HS256, claims as GenerateAccessToken). */
export async function signAccessToken(
  key: Uint8Array,
  t: AccessTokenInput,
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = t.now ?? Math.floor(Date.now() / 1000);
  const exp = iat + t.expiresIn;
  const token = await new SignJWT({
    aud: 'authenticated',
    exp,
    iat,
    iss: t.issuer,
    sub: t.userId,
    email: t.email,
    phone: t.phone,
    app_metadata: t.appMetadata,
    user_metadata: t.userMetadata,
    role: t.role || 'authenticated',
    aal: 'aal1',
    amr: t.amr,
    session_id: t.sessionId,
    is_anonymous: t.isAnonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(key);
  return { token, iat, exp };
}

/** Verifies signature and expiry; any failure is 403 bad_jwt as GoTrue answers. */
export async function verifyBearer(key: Uint8Array, token: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload as Claims;
  } catch (err) {
    let reason = 'token is malformed';
    if (err instanceof joseErrors.JWTExpired) reason = 'token has invalid claims: token is expired';
    else if (err instanceof joseErrors.JWSSignatureVerificationFailed)
      reason = 'token signature is invalid: signature is invalid';
    else if (err instanceof joseErrors.JWTClaimValidationFailed) reason = `token has invalid claims: ${err.message}`;
    throw new ApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}
