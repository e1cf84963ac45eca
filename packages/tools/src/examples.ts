// Example data files shipped with the tools. They are public (owned by no user), seeded into the
// data-file store at start-up, and named by tools through their stable keys.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/tools, whether this module runs from src (tests) or dist (built). */
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

const example = (key: string, filename: string, description: string): ExampleFile => ({
  key,
  filename,
  file: path.join(PACKAGE_ROOT, 'src', 'examples', `${key}.csv`),
  description,
});

export const EXAMPLE_FILES: readonly ExampleFile[] = [
  example(
    'hypertension-trial',
    '示例数据_降压药临床试验.csv',
    '120 名高血压患者随机分为试验组与对照组，记录人口学资料、治疗前后收缩压、血脂与疗效。',
  ),
  example('three-groups', '示例数据_三组比较.csv', '三种饲料喂养大鼠 8 周后的体重增量，每组 15 只。'),
];

/** The Chinese manual (markdown) of a tool, kept in its folder. */
export const manualFile = (family: string, key: string): string => path.join(PACKAGE_ROOT, 'src', family, key, 'manual.md');
