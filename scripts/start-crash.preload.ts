// Test only: scripts/start-crash.test.ts loads this into `npm run stack` with `node --import`
// (both its processes get it: the supervisor hands its own flags to the stack's process), so that
// faults come on cue without any hook in scripts/start.ts:
// - on SIGUSR2 it throws what the reliability review saw end the process: an 'error' event nobody
//   listens to (node-postgres's "terminating connection due to unexpected postmaster exit"), or,
//   when the file UNION_TEST_CRASH_FILE says "rejection", a promise rejected with no handler;
// - while the file UNION_TEST_LOG_FULL exists, writes to the stack log fail with ENOSPC, as on
//   a full disk.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';

process.on('SIGUSR2', () => {
  const crashFile = process.env.UNION_TEST_CRASH_FILE;
  const kind = crashFile && fs.existsSync(crashFile) ? fs.readFileSync(crashFile, 'utf8').trim() : 'error-event';
  setImmediate(() => {
    if (kind === 'rejection') void Promise.reject(new Error('test crash: a rejection nobody handles'));
    else new EventEmitter().emit('error', new Error('test crash: an error event nobody listens to'));
  });
});

const fullFlag = process.env.UNION_TEST_LOG_FULL;
if (fullFlag) {
  const writeSync = fs.writeSync;
  const isStackLog = (fd: number) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith('-stack.log');
    } catch {
      return false;
    }
  };
  fs.writeSync = function (this: unknown, fd: number, ...rest: unknown[]) {
    if (fs.existsSync(fullFlag) && isStackLog(fd))
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    return (writeSync as (...a: unknown[]) => number).call(this, fd, ...rest);
  } as typeof fs.writeSync;
}
