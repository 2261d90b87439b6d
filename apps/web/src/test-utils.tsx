import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { resources } from '@harbor/i18n';
import { initI18n } from './shared/i18n/i18n.ts';

/** Renders inside the real providers (i18n in English unless told, a fresh query client, the theme). */
export function renderWithProviders(ui: ReactNode, { language = 'en' as 'en' | 'fi' } = {}) {
  const i18n = initI18n(language, resources);
  const queryClient = createQueryClient();
  return { ...render(<AppProviders i18n={i18n} queryClient={queryClient}>{ui}</AppProviders>), i18n, queryClient };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
