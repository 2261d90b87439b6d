import type { TFunction } from 'i18next';
import type { SubscriptionSchedule } from '@harbor/contracts';

/** The schedule in words ("Every 1 week(s) on Wed at 09:00"), as the server's mails say it. */
export function scheduleText(t: TFunction, s: SubscriptionSchedule): string {
  if (s.type === 'weekly')
    return t('subscriptions:scheduleWeekly', { count: s.interval, days: (s.weekdays ?? []).map((d) => t(`subscriptions:weekdays.${d}`)).join(', '), time: s.startTime });
  return t('subscriptions:scheduleMonthly', { count: s.interval, day: t(`subscriptions:monthDays.${s.monthDay ?? 'first'}`), time: s.startTime });
}

/** An instant shown in the port's time zone (the schedule's), DD.MM.YYYY HH:MM. */
export function portTime(iso: string, timeZone: string): string {
  const f = new Intl.DateTimeFormat('fi-FI', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return f.format(new Date(iso)).replace(' klo', '');
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
