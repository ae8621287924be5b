// Worker entry when the engine runs from TypeScript source (vitest, tsx): plain Node cannot load .ts, so the
// worker registers tsx's loader first and then re-exports the real worker. Bundles never use this file.
import { register } from 'tsx/esm/api';

register();
const mod = await import('./worker.ts');
export const duescanWorker = mod.duescanWorker;
export default mod.duescanWorker;
