// A piscina worker: TypeScript is loaded through tsx here, because a worker does not inherit the
// loader that `npm start` registers in the main thread (it does inherit `--import tsx`; registering
// twice is harmless).
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

// A large request's work waits for the event loop, not the reverse: this thread runs at a lower
// scheduling priority than the loop's, so small requests keep their latency while a 20 MiB prompt
// is parsed or redacted here. Linux applies setpriority to the one thread whose id it is given;
// without /proc the thread keeps the process's priority.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, Math.min(19, getPriority(threadId) + 10));
} catch {}

register();
const { default: runCpuTask } = await import('./cpu-tasks.ts');
export default runCpuTask;
