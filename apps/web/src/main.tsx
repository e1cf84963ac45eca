// Web entry: providers around the hash router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { z } from 'zod';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import './styles.css';

// The page's CSP allows no eval: zod's JIT probe (new Function) would only be reported as a violation.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
