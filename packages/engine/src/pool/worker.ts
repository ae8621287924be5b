// Worker-thread entry. Piscina loads this module (or a bundle that re-exports `duescanWorker`) and calls the
// export for every job; each worker builds its own context over the collected file list and returns plain JSON.
import { runJob, type AnalyzerJob, type AnalyzerJobResult } from './job';

export async function duescanWorker(job: AnalyzerJob): Promise<AnalyzerJobResult[]> {
  return runJob(job, 'worker');
}

export default duescanWorker;
