import type http from 'node:http';
import { sendJson as sendJsonBody } from '../http.js';

/** Echoed on every answer: supabase-js reads error codes from `code` when it is at least this. */
export const API_VERSION = '2024-01-01';

/** An error answered in GoTrue's shape: {code, error_code, msg, message}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonBody(res, status, body, { 'x-supabase-api-version': API_VERSION, ...headers });
}

export function sendError(res: http.ServerResponse, err: ApiError): void {
  sendJson(
    res,
    err.status,
    {
      code: err.code,
      error_code: err.code,
      msg: err.message,
      message: err.message,
      ...err.extra,
    },
    err.headers,
  );
}

export const badRequest = (code: string, msg: string) => new ApiError(400, code, msg);
export const validationFailed = (msg: string) => new ApiError(400, 'validation_failed', msg);
/** GoTrue's answer to a mail asked for again within the project's minimum interval. */
export const emailSendRateLimited = (seconds: number) =>
  new ApiError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`,
  );

/** Refuses a mail of a kind last sent (`sentAt`) less than the minimum interval ago. */
export function refuseIfSentRecently(sentAt: Date | null | undefined, seconds: number): void {
  if (sentAt && sentAt.getTime() + seconds * 1000 > Date.now()) throw emailSendRateLimited(seconds);
}
