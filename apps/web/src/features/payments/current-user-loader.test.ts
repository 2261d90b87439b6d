import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@harbor/contracts';
import { createQueryClient } from '../../app/query-client.ts';
import { session } from '../../shared/api-client/index.ts';
import { jsonResponse } from '../../test-utils.tsx';
import { runCurrentUserLoaders } from '../users/current-user-loaders.ts';
import { stubServer } from '../transactions/test-fixtures.ts';
import { payoutStatusKey, registerPayoutAccountLoader } from './current-user-loader.ts';

afterEach(async () => {
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('payout account follow-up of the current user', () => {
  it('keeps the status of the account, or null without one', async () => {
    let data: unknown = { status: { type: 'verificationNeeded' } };
    stubServer({ 'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data }) });
    await session.init();
    const off = registerPayoutAccountLoader();
    const queryClient = createQueryClient();
    const user = { emailVerified: true } as CurrentUser;
    expect(await runCurrentUserLoaders(user, { queryClient })).toContainEqual({ name: 'payout-account', ok: true });
    expect(queryClient.getQueryData(payoutStatusKey)).toBe('verificationNeeded');
    data = null;
    await runCurrentUserLoaders(user, { queryClient });
    expect(queryClient.getQueryData(payoutStatusKey)).toBeNull();
    off();
  });
});
