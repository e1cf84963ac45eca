import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';

// The API lives on the same origin in production (the server serves dist/); in dev, proxy to it.
const API_PREFIXES = ['/login', '/logout', '/v2', '/smscode', '/resetpas', '/home', '/menu', '/dynamics', '/dev', '/static', '/healthz', '/anatools', '/user/', '/delete/', '/reports', '/s/', '/ai/', '/qcloud/', '/bindmobile', '/uploads/', '/pay/', '/help/', '/favicon.ico'];

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

/** Whether evaluating the expression may call something (what keeps an unused constant alive). */
function callsSomething(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const n = node as AstNode;
  if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') return false;
  if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'TaggedTemplateExpression') return true;
  return Object.values(n).some((v) => (Array.isArray(v) ? v.some(callsSomething) : callsSomething(v)));
}

/**
 * @labstat/contracts only declares constants: zod schemas, paths, messages. A bundler cannot tell
 * that `z.object(…)` is free of side effects, so every schema of a contracts file a page touches
 * (and zod with it) would ship with that page, even when the page wanted one path constant. This
 * wraps each top-level initialiser that calls something in a pure-annotated IIFE (same evaluation,
 * same order), so unused schemas are dropped and the home and login pages carry no zod.
 */
function pureContracts(): Plugin {
  return {
    name: 'labstat:pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const body = (parseAst(code) as unknown as { body: AstNode[] }).body;
        let out = '';
        let last = 0;
        for (const node of body) {
          const decl = (node.type === 'ExportNamedDeclaration' ? node.declaration : node) as AstNode | null;
          if (decl?.type !== 'VariableDeclaration') continue;
          for (const d of decl.declarations as Array<{ init: AstNode | null }>) {
            if (!d.init || !callsSomething(d.init)) continue;
            out += `${code.slice(last, d.init.start)}/* @__PURE__ */ (() => (${code.slice(d.init.start, d.init.end)}))()`;
            last = d.init.end;
          }
        }
        return last === 0 ? null : { code: out + code.slice(last), map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContracts()],
  resolve: { conditions: ['labstat-source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // Modules reached through a barrel (the contracts index, @rc-component/form's) are placed
        // with the entry unless the bundler knows they have no side effects; these packages declare
        // nothing at import time, so saying so keeps what only lazy screens use out of the entry.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // What every page runs anyway, as one file: many small files compress worse than one.
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|stylis)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: 'http://localhost:8080', changeOrigin: true }])),
  },
});
