/**
 * The daily schedule (issue 27), started by EventBridge once a day (shared/schedules.ts): proof-expiry
 * reminders and ends, response-deadline reminders (functions/schedule/daily-schedule.ts).
 */
import { handleDailySchedule } from '../schedule/daily-schedule';

export const handler = handleDailySchedule;
