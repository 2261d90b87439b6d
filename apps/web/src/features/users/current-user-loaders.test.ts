import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@harbor/contracts';
import { registerCurrentUserLoader, runCurrentUserLoaders } from './current-user-loaders.ts';

const user = { id: 'u1', emailVerified: false } as CurrentUser;

describe('current-user follow-up loaders', () => {
  it('runs nothing while no module has registered a loader', async () => {
    await expect(runCurrentUserLoaders(user, { queryClient: new QueryClient() })).resolves.toEqual([]);
  });

  it('runs the applicable loaders and survives a failing one', async () => {
    const orders = vi.fn(async () => 'orders');
    const skip = vi.fn(async () => 'never');
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const off = [
      registerCurrentUserLoader({ name: 'orders', when: (u) => !u.emailVerified, load: orders }),
      registerCurrentUserLoader({ name: 'verified-only', when: (u) => u.emailVerified, load: skip }),
      registerCurrentUserLoader({ name: 'broken', load: () => Promise.reject(new Error('down')) }),
    ];
    const results = await runCurrentUserLoaders(user, { queryClient: new QueryClient() });
    expect(results).toEqual([
      { name: 'orders', ok: true },
      { name: 'broken', ok: false },
    ]);
    expect(orders).toHaveBeenCalledOnce();
    expect(skip).not.toHaveBeenCalled();
    expect(errorLog).toHaveBeenCalledOnce();
    off.forEach((unregister) => unregister());
    errorLog.mockRestore();
  });
});
