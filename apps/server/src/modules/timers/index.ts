export {
  cancelTimers,
  pendingTimers,
  registerTimerHandler,
  runDueTimers,
  scheduleTimer,
  startTimers,
  TIMER_MAX_ATTEMPTS,
  timerRetryDelayMs,
  type DueTimer,
  type TimerHandler,
  type TimerSpec,
} from './timers.service.ts';
export { timers } from './timers.schema.ts';
