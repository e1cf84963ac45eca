// An upload's ingest as a worker runs it (issue 26): the original from the shared store, the same
// ingest as on an API server, the Parquet copy back to the store. A file that cannot be read is an
// answer (its Chinese reason), not a failure: retrying would not change it.
import type { IngestSettings } from '../config.js';
import { FileProblem } from '../ingest/file-problem.js';
import { ingestFile } from '../ingest/ingest.js';
import type { ScratchDirs } from '../lib/scratch-space.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { IngestJobData, IngestJobResult } from './queue-jobs.js';

export function ingestRunner(store: ObjectStore, settings: IngestSettings, scratch: ScratchDirs): (data: IngestJobData) => Promise<IngestJobResult> {
  return async (data) => {
    const { dir: work, done } = await scratch('ingest-');
    try {
      const original = await store.localPath(data.originalKey);
      const { parquetPath, ...result } = await ingestFile(original, data.filename, work, settings);
      await store.putFile(data.parquetKey, parquetPath, 'application/vnd.apache.parquet');
      return { ok: true, result };
    } catch (err) {
      if (err instanceof FileProblem) return { ok: false, problem: err.message };
      throw err;
    } finally {
      await done();
    }
  };
}
