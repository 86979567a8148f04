/**
 * Work the program runs on a clock rather than on a request or a job (issue 27), written once: CDK gives
 * each an EventBridge rule and a Lambda (infra/api-stack.ts), the local runtime runs the same handler on
 * its own clock (localstack/runtime/daily-clock.ts), and the grants (shared/grants.ts) say what it touches.
 */
export interface ScheduleDef {
  /** Names the handler file functions/workers/{name}.ts. */
  name: string;
  /** When EventBridge starts it, every day (UTC): 11:00 UTC is early morning of the same day in every US zone. */
  hourUtc: number;
  minuteUtc: number;
  /** The longest one run may take (Lambda allows 900 s). */
  timeoutSeconds: number;
  description: string;
}

export const SCHEDULES = [
  {
    name: 'daily-schedule',
    hourUtc: 11,
    minuteUtc: 0,
    timeoutSeconds: 900,
    description: 'The program\'s day: proof-expiry reminders and ends, response-deadline reminders (functions/schedule/daily-schedule.ts)',
  },
] as const satisfies readonly ScheduleDef[];

export type ScheduleName = (typeof SCHEDULES)[number]['name'];
export const SCHEDULE_NAMES = SCHEDULES.map((s) => s.name) as ScheduleName[];
