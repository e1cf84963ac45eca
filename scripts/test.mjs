// `npm test`: install what is missing, build, then run unit + server integration tests and the
// browser tests. With DATABASE_URL set, the server suite runs against PostgreSQL.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit', env: process.env });

run('node scripts/ensure-install.mjs');
run("npx tsc -b packages/stats apps/server apps/web");
run('npm run build -w @labstat/web');
run('npx vitest run');
run('npx vitest run --config apps/web/e2e/vitest.config.ts');
