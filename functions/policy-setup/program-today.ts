/** Today in the program's time zone (Program Settings), as the letters date their work; UTC until one is set. */
import { calendarDateIn } from '../../shared/format';
import { readProgramSettings } from '../program/program-settings';

export async function programToday(): Promise<string> {
  const { settings } = await readProgramSettings();
  return calendarDateIn(settings.time_zone || 'UTC');
}
