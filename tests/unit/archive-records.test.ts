/**
 * The pure rules of the archive calls: the letter dates the wizard proposes (plus 3 months, end of month
 * clamped, today when the facility has none) and the export's file name, which download-export must
 * always accept.
 */
import { describe, expect, it } from 'vitest';
import { plusMonths, proposedLetterDates } from '../../functions/archives/archive-dates';
import { exportFilenameBase } from '../../functions/archives/archive-store';
import { ARCHIVE_FILENAME_PATTERN, archiveFilename } from '../../shared/contracts/archives';

describe('plusMonths', () => {
  it('moves a date by whole months, across years', () => {
    expect(plusMonths('2026-01-15', 3)).toBe('2026-04-15');
    expect(plusMonths('2026-10-01', 3)).toBe('2027-01-01');
    expect(plusMonths('2026-12-31', 12)).toBe('2027-12-31');
  });

  it('clamps a day the target month lacks to its last day', () => {
    expect(plusMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(plusMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(plusMonths('2026-05-31', 1)).toBe('2026-06-30');
    expect(plusMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});

describe('proposedLetterDates', () => {
  it('each of the facility\'s dates plus 3 months, under the wizard\'s names', () => {
    expect(proposedLetterDates({ letter_effective_date: '2026-11-30', initial_letter_send_date: '2026-10-01', reminder_letter_send_date: '2026-10-31' }, '2026-06-01'))
      .toEqual({ letter_effective_date: '2027-02-28', initial_letter_date: '2027-01-01', reminder_letter_date: '2027-01-31' });
  });

  it('a date the facility lacks is today plus 3 months', () => {
    expect(proposedLetterDates({ letter_effective_date: null, initial_letter_send_date: '2026-01-10', reminder_letter_send_date: null }, '2026-05-31'))
      .toEqual({ letter_effective_date: '2026-08-31', initial_letter_date: '2026-04-10', reminder_letter_date: '2026-08-31' });
  });
});

describe('exportFilenameBase', () => {
  it('is {facility_number}_{prime_site_id}_{letter_effective_date}, or no-date', () => {
    expect(exportFilenameBase('1001', 'P-77', '2026-05-01')).toBe('1001_P-77_2026-05-01');
    expect(exportFilenameBase('1001', 'P-77', null)).toBe('1001_P-77_no-date');
  });

  it('every name it makes, with any suffix, passes the download pattern and contract', () => {
    const awkward: [string, string][] = [['1001', ''], ['#12/3', 'a/../b'], ['ÅB1', 'site:9'], ['-x', '..'], ['9'.repeat(40), 'p'.repeat(200)]];
    for (const [number, prime] of awkward) {
      const base = exportFilenameBase(number, prime, '2026-05-01');
      for (const name of [`${base}.xlsx`, `${base}_50.xlsx`]) {
        expect(name, `${number} ${prime}`).toMatch(ARCHIVE_FILENAME_PATTERN);
        expect(archiveFilename.safeParse(name).success, name).toBe(true);
      }
    }
  });
});
