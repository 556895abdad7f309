import { describe, expect, it } from 'vitest';
import { metricsHeading } from '../../../components/accounts/metrics-heading';
import { formatDay } from '../../../components/ui/format';

describe('the drill-down heading', () => {
  const asked = { period: 'last_7d' as const, dateStart: '', dateStop: '' };

  it('names the window the service measured', () => {
    expect(metricsHeading({ date_start: '2026-11-15', date_stop: '2026-11-21' }, asked)).toBe(
      `Metrics, ${formatDay('2026-11-15')} to ${formatDay('2026-11-21')}`,
    );
  });

  it('says the window asked for when the service gave no dates, never "Metrics, to"', () => {
    expect(metricsHeading(null, asked)).toBe('Metrics, last 7 days, as asked (the service gave no dates)');
    expect(metricsHeading({ date_start: null }, asked)).not.toMatch(/, to|to $/);
    expect(metricsHeading(undefined, { period: 'custom', dateStart: '2026-10-01', dateStop: '2026-10-30' })).toBe(
      'Metrics, 2026-10-01 to 2026-10-30, as asked (the service gave no dates)',
    );
    expect(metricsHeading(undefined, { period: 'custom', dateStart: '', dateStop: '' })).toBe('Metrics');
  });
});
