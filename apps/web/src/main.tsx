// Web entry: providers around the hash router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { session } from './lib/session-store';
import { tokenBeforeHash } from './lib/url-token';
import './styles.css';

// The page's CSP allows no eval: zod's JIT probe (new Function) would only be reported as a violation.
// zod adopts this object as its global config when it loads (what z.config writes to); set here
// without importing zod, so zod stays out of the entry chunk that every page loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// ?token= before the hash logs in like #/?token= does: save it, then load the home page afresh
// (the new address drops the token, so this runs once).
const linked = tokenBeforeHash(window.location.href);
if (linked) {
  session.login(linked.token);
  window.location.replace(linked.next);
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
