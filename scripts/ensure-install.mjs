// Installs dependencies when node_modules is missing or older than package-lock.json.
// Plain Node with no imports beyond the standard library: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.labstat-install-stamp');

const want = createHash('sha256')
  .update(fs.readFileSync(lock))
  .update(fs.readFileSync(path.join(root, 'package.json')))
  .digest('hex');
const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';

if (have !== want) {
  const cmd = fs.existsSync(path.join(root, 'node_modules')) ? 'npm install --no-audit --no-fund' : 'npm ci --no-audit --no-fund';
  console.log(`[labstat] installing dependencies (${cmd}) …`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, want);
}
