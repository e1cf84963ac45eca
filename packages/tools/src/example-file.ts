// The example file entry and its constructor, apart from the list so that group files can build
// their entries without importing the list that imports them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ExampleFile {
  /** Stable key; the database row follows it across restarts and content changes. */
  key: string;
  /** The name users see and download. */
  filename: string;
  /** Absolute path of the file in this package. */
  file: string;
  description: string;
}

/** An example shipped as src/examples/{key}.csv. */
export const example = (key: string, filename: string, description: string): ExampleFile => ({
  key,
  filename,
  file: path.join(PACKAGE_ROOT, 'src', 'examples', `${key}.csv`),
  description,
});
