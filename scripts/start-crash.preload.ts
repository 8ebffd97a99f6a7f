// Test only: scripts/start-crash.test.ts loads this into `npm run stack` with `node --import`, so
// that the stack's own process can be made to crash on cue without any hook in scripts/start.ts.
// On SIGUSR2 it throws what the reliability review saw end the process: an 'error' event nobody
// listens to (node-postgres's "terminating connection due to unexpected postmaster exit"), or,
// with UNION_TEST_CRASH=rejection, a promise rejected with no handler (a forgotten await).
import { EventEmitter } from 'node:events';

process.on('SIGUSR2', () => {
  setImmediate(() => {
    if (process.env.UNION_TEST_CRASH === 'rejection')
      void Promise.reject(new Error('test crash: a rejection nobody handles'));
    else new EventEmitter().emit('error', new Error('test crash: an error event nobody listens to'));
  });
});
