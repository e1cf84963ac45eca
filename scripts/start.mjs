// `npm start`: install what is missing, build, then migrate, seed and serve on PORT (default 8080).
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

run('node scripts/ensure-install.mjs');
run('npx tsc -b apps/server');
run('npm run build -w @labstat/web');

// The server migrates and seeds on start-up; signals are passed on so it shuts down cleanly.
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
