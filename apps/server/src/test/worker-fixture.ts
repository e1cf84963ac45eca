// A worker for run-worker tests: answers, loops forever, eats memory or throws, as asked.
import { parentPort, workerData } from 'node:worker_threads';

const mode = (workerData as { mode: string }).mode;
if (mode === 'echo') parentPort?.postMessage({ ok: true });
if (mode === 'spin') for (;;);
if (mode === 'oom') {
  const hog: string[][] = [];
  for (;;) hog.push(Array.from({ length: 1e5 }, (_, i) => `x${i}${hog.length}`));
}
if (mode === 'throw') throw new Error('boom');
