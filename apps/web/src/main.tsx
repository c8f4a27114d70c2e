import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/query-client';
import { AppRoutes, preloadScreen } from './app/router';
import { settleEarlyCall } from './lib/api';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

// The first screen's page is loaded before the first render (its chunk came with the page's
// modulepreload links), so that it renders at once instead of after a suspended spinner (router.tsx),
// and so is the answer of the call index.html made for it, when it comes soon (lib/api.ts).
const firstScreen = Promise.race([
  Promise.all([preloadScreen(window.location.pathname), settleEarlyCall(1500)]),
  new Promise((resolve) => setTimeout(resolve, 3000)),
]);
// In a transition, so that React renders in slices and the browser stays responsive: index.html has
// usually painted the first screen already (Lighthouse's Total Blocking Time counts from that paint).
void firstScreen.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
});

// The installable portal's service worker (issue 19), registered once the page has loaded.
registerServiceWorker();
