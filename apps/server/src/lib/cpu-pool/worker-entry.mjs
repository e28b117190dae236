// A piscina worker: TypeScript is loaded through tsx here, because a worker does not inherit the
// loader that `npm start` registers in the main thread (it does inherit `--import tsx`; registering
// twice is harmless).
import { register } from 'tsx/esm/api';

register();
const { default: runCpuTask } = await import('./cpu-tasks.ts');
export default runCpuTask;
