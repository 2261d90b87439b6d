import { SUBSCRIPTION_NEXT_CYCLES, type Currency, type Subscription, type SubscriptionRole } from '@harbor/contracts';
import { cyclesAfter } from './subscriptions.cycles.ts';
import type { JoinedSubscription } from './subscriptions.repository.ts';
import type { SubscriptionCycleRow } from './subscriptions.schema.ts';
import type * as repo from './subscriptions.repository.ts';

type EventRow = Awaited<ReturnType<typeof repo.eventsOf>>[number];

/** Upcoming cycles while the subscription may still run: after now, and after the last cycle that ran (a catch-up is pending). */
export function nextCycleInstants(j: JoinedSubscription, ran: SubscriptionCycleRow[], now: Date): string[] {
  if (j.s.status !== 'pending' && j.s.status !== 'accepted') return [];
  const lastRan = ran.reduce<number>((m, c) => Math.max(m, c.startsAt.getTime()), 0);
  const after = new Date(Math.max(now.getTime(), lastRan));
  return cyclesAfter(j.s.schedule, j.s.timeZone, after, SUBSCRIPTION_NEXT_CYCLES).map((c) => c.at.toISOString());
}

export function toSubscription(j: JoinedSubscription, role: SubscriptionRole, events: EventRow[], cycles: SubscriptionCycleRow[], now: Date): Subscription {
  const s = j.s;
  return {
    id: s.id,
    status: s.status,
    role,
    listing: { id: s.listingId, title: j.listingTitle },
    buyer: { organizationId: s.buyerOrgId, name: j.buyerOrgName },
    seller: { organizationId: s.sellerOrgId, name: j.sellerOrgName },
    schedule: s.schedule,
    timeZone: s.timeZone,
    port: s.port,
    quantity: s.quantity,
    cyclePrice: { amount: s.cycleAmount, currency: s.currency as Currency },
    ship: { name: s.line.shipName, imo: s.line.shipImo },
    createdAt: s.createdAt.toISOString(),
    history: events.map(({ e, firstName, lastName }) => ({
      status: e.status,
      message: e.message,
      by: e.by,
      byName: firstName ? `${firstName} ${lastName ?? ''}`.trim() : '',
      at: e.createdAt.toISOString(),
    })),
    nextCycles: nextCycleInstants(j, cycles, now),
    cycles: cycles.map((c) => ({
      cycleDate: c.cycleDate,
      startsAt: c.startsAt.toISOString(),
      state: c.state,
      transactionId: c.transactionId,
      failure: c.failure,
      ranAt: c.ranAt.toISOString(),
    })),
  };
}
