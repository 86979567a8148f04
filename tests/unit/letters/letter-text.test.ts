import { describe, expect, it } from 'vitest';
import {
  cityLine, coverageAmount, facilityName, fullName, greeting, isUnitedStates, longDate, monthlyPremium, phoneNumber, recipientLines, slashDate,
} from '../../../functions/letters/letter-text';
import { RECIPIENT } from './letter-fixtures';

describe('letter text', () => {
  it('writes dates out and as MM/DD/YYYY, and leaves text that is no date alone', () => {
    expect(longDate('2026-11-23')).toBe('November 23, 2026');
    expect(longDate('2027-01-01')).toBe('January 1, 2027');
    expect(slashDate('2026-03-05')).toBe('03/05/2026');
    expect(longDate('2026-02-31')).toBe('2026-02-31');
    expect(slashDate('soon')).toBe('soon');
  });

  it('writes coverage amounts and monthly premiums in dollars', () => {
    expect(coverageAmount(2000)).toBe('$2,000');
    expect(coverageAmount(1_000_000)).toBe('$1,000,000');
    expect(coverageAmount(2500.5)).toBe('$2,500.50');
    expect(monthlyPremium(12)).toBe('$12.00 per month');
    expect(monthlyPremium(9.5)).toBe('$9.50 per month');
  });

  it('formats ten-digit phone numbers and keeps others as given', () => {
    expect(phoneNumber('4805550199')).toBe('(480) 555-0199');
    expect(phoneNumber('480-555-0199')).toBe('(480) 555-0199');
    expect(phoneNumber('+1 (480) 555 0199')).toBe('(480) 555-0199');
    expect(phoneNumber('480-555-0199 ext 12')).toBe('480-555-0199 ext 12');
    expect(phoneNumber('555-0199')).toBe('555-0199');
  });

  it('names a person by first and last name and a business by its name alone', () => {
    expect(fullName({ first_name: ' Jane ', last_name: 'Doe' })).toBe('Jane Doe');
    expect(fullName({ first_name: 'Acme  Moving LLC', last_name: null })).toBe('Acme Moving LLC');
    expect(greeting({ first_name: 'Jane', last_name: 'Doe' })).toBe('Dear Jane Doe,');
    expect(greeting({ first_name: 'Acme Moving LLC', last_name: null })).toBe('Dear Acme Moving LLC,');
    expect(greeting({ first_name: '', last_name: null })).toBe('Dear Tenant,');
  });

  it('prints the country only for an address abroad', () => {
    expect(recipientLines(RECIPIENT)).toEqual(['Jane Doe', '742 Evergreen Terrace Apt 3', 'Tempe, AZ 85281']);
    for (const us of ['', 'US', 'usa', 'United States', 'United States of America']) expect(isUnitedStates(us)).toBe(true);
    expect(recipientLines({ ...RECIPIENT, country: 'Canada', city: 'Toronto', state: 'ON', zip_code: 'M5V 2T6' }))
      .toEqual(['Jane Doe', '742 Evergreen Terrace Apt 3', 'Toronto, ON M5V 2T6', 'Canada']);
    expect(cityLine({ city: '', state: 'AZ', zip_code: '85281' })).toBe('AZ 85281');
  });

  it('names a facility by its account name, or by its number without one', () => {
    expect(facilityName({ account_name: 'Sunrise Storage', facility_number: '1001' })).toBe('Sunrise Storage');
    expect(facilityName({ account_name: '  ', facility_number: '1001' })).toBe('Facility 1001');
  });
});
