// How much work an upload's ingest will be, told cheaply before it starts, so a few-KB CSV is not
// queued behind a workbook that inflates to hundreds of MB: the bytes of a text file, or the
// declared inflated size of a zip's parts (an xlsx is a zip; declared sizes are enforced while
// inflating, so a zip that lies is refused as soon as it passes what it declared).
import fs from 'node:fs';
import yauzl from 'yauzl';

const ZIP_SIGNATURE = 0x04034b50;

/** Bytes an ingest of `file` (`size` bytes on disk) reads, counting up to `atLeast` and stopping there. */
export async function ingestCost(file: string, size: number, atLeast = Number.MAX_SAFE_INTEGER): Promise<number> {
  if (size < 4) return size;
  const head = Buffer.alloc(4);
  const fd = await fs.promises.open(file, 'r');
  try {
    await fd.read(head, 0, 4, 0);
  } finally {
    await fd.close();
  }
  if (head.readUInt32LE(0) !== ZIP_SIGNATURE) return size;
  try {
    return Math.max(size, await declaredInflatedSize(file, atLeast));
  } catch {
    // A broken zip: ingest will say so; price it by its bytes.
    return size;
  }
}

function declaredInflatedSize(file: string, atLeast: number): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('zip'));
      let total = 0;
      zip.on('error', reject);
      zip.on('entry', (e: yauzl.Entry) => {
        total += e.uncompressedSize;
        if (total >= atLeast) {
          zip.close();
          return resolve(total);
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.readEntry();
    });
  });
}
