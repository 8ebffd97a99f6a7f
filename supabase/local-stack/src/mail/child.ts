// The mail catcher's own process (mail/process.ts starts it, supervised): `child.ts <smtpPort> <httpPort>`.
// Prints "ready <smtpPort> <httpPort>" once both listen; ends when its stdin closes (the stack's
// process is gone, however it ended) or on SIGTERM/SIGINT.
import { startMail } from './index.js';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const mail = await startMail({ smtpPort: smtpPort ?? 0, httpPort: httpPort ?? 0 });
process.stdout.write(`ready ${mail.smtpPort} ${new URL(mail.url).port}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void mail.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
