// First: a setting every later module's schemas rely on (no eval under the CSP).
import { zodSettings } from './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './i18n';
import './styles.css';
import { queryClient } from './api/query-client';
import { router } from './router';

if (!zodSettings.jitless) throw new Error('zod must run jitless under the CSP');

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
