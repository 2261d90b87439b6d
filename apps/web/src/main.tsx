import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, connectSession } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createI18n } from './shared/i18n/i18n.ts';

// The texts of the session's language arrive before the first render.
const i18n = await createI18n();
const queryClient = createQueryClient();
connectSession(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} />
  </StrictMode>,
);
