// Which failures Storage answers 503 (an outage: the client should retry) and which keep their
// own answer: the mapping errors.ts applies to what PostgreSQL, node-postgres and the file
// system throw.
import { describe, expect, it } from 'vitest';
import { fromPgError, unavailable } from './errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const sysError = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('an outage is a 503', () => {
  it.each([
    ['a refused connection (Postgres not listening)', sysError('ECONNREFUSED')],
    ['a connection that ended under the query', new Error('Connection terminated unexpectedly')],
    [
      "a backend ended by the postmaster's death",
      pgError('57P01', 'terminating connection due to unexpected postmaster exit'),
    ],
    ['a database starting up', pgError('57P03', 'the database system is starting up')],
    ['a full disk under the database', pgError('53100', 'could not extend file "base/5/1": No space left on device')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
  ])('%s', (_, e) => {
    expect(fromPgError(e).httpStatus).toBe(503);
    expect(unavailable(e)?.body()).toMatchObject({ statusCode: '503', code: 'DatabaseUnavailable' });
  });

  it('a full disk under the files', () => {
    expect(unavailable(sysError('ENOSPC'))?.body()).toMatchObject({ statusCode: '503', code: 'NoSpaceLeft' });
    expect(unavailable(sysError('ENOSPC'))?.httpStatus).toBe(503);
  });
});

describe("the request's own failures keep their answers", () => {
  it('a duplicate, an RLS refusal, a bad value', () => {
    expect(fromPgError(pgError('23505')).body()).toMatchObject({ statusCode: '409' });
    expect(fromPgError(pgError('42501', 'new row violates row-level security policy')).body()).toMatchObject({
      statusCode: '403',
    });
    expect(fromPgError(pgError('22P02')).httpStatus).toBe(400);
    expect(unavailable(pgError('23505'))).toBeUndefined();
  });

  it('anything else is a 500', () => {
    expect(fromPgError(pgError('XX000')).httpStatus).toBe(500);
    expect(unavailable(new Error('a bug'))).toBeUndefined();
    expect(unavailable(sysError('EACCES'))).toBeUndefined();
  });
});
