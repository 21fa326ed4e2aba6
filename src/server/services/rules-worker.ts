// A worker thread of the rules pool (services/worker-pool.ts): runs one job at a time and answers
// its result, or the error it threw, as plain data.
import { parentPort } from 'node:worker_threads';
import { runRulesJob, type RulesJob } from './rules-jobs';

export interface JobMessage {
  id: number;
  job: RulesJob;
}
export type ResultMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

const port = parentPort;
if (!port) throw new Error('rules-worker.ts runs as a worker thread');
port.on('message', ({ id, job }: JobMessage) => {
  let answer: ResultMessage;
  try {
    answer = { id, ok: true, result: runRulesJob(job) };
  } catch (error) {
    const { name, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    answer = { id, ok: false, error: { name, message } };
  }
  port.postMessage(answer);
});
