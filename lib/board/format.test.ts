import { describe, expect, it } from 'vitest';
import { formatSalary } from './format';

const salary = (
  min: number | null,
  max: number | null,
  currency: string | null,
  period: 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | null = 'yearly',
) =>
  formatSalary(
    { salary_min: min, salary_max: max, salary_currency: currency, salary_period: period },
    'en-US',
  );

describe('formatSalary', () => {
  it.each([
    [salary(120_000, 150_000, 'USD'), '$120,000 – $150,000 a year'],
    [salary(45.5, null, 'EUR', 'hourly'), 'From €45.50 an hour'],
    [salary(800_000, null, 'JPY', 'monthly'), 'From ¥800,000 a month'],
    [salary(1.25, null, 'BHD', 'hourly'), 'From BHD\u00a01.250 an hour'],
    [salary(null, 600_000, 'NOK'), 'Up to NOK\u00a0600,000 a year'],
    [salary(12.25, 12.25, 'CAD', 'daily'), 'CA$12.25 a day'],
    // No currency, no amount of money: the page leaves it out as the JSON-LD does (salaryProblem).
    [salary(1234.5, 2000, null, 'monthly'), null],
    [salary(4000, null, null, 'monthly'), null],
    [salary(null, null, 'USD'), null],
  ])('%s', (written, expected) => {
    expect(written).toBe(expected);
  });

  it('writes whole and fractional amounts of one currency each their own way, whatever came before', () => {
    expect(salary(50, 52.75, 'EUR', 'hourly')).toBe('€50 – €52.75 an hour');
    expect(salary(52.75, 60, 'EUR', 'hourly')).toBe('€52.75 – €60 an hour');
  });

  it("writes amounts in the organization's locale", () => {
    const job = {
      salary_min: 50_000,
      salary_max: 62_500.5,
      salary_currency: 'EUR',
      salary_period: 'yearly',
    } as const;
    expect(formatSalary(job, 'de-DE')).toBe('50.000\u00a0€ – 62.500,50\u00a0€ a year');
  });
});
