import { describe, expect, it } from 'vitest';
import { againstFloor, floorOf, pairedRatio } from '../../../bench/floor';

describe("the bench's ratios to a floor measured in turns", () => {
  const floor = { name: 'a blank page painted', value: 100, unit: 'ms' };

  it('takes each run against the floor measured beside it, so a slow moment of the machine moves neither', () => {
    // The machine slows from the third run on: the figure and its floor both take longer. The
    // medians' ratio (220 against 200) would say 1.1; each run says 1.1 to 1.35.
    const inTurns = { times: [130, 135, 220, 230, 240], floors: [100, 100, 200, 200, 200] };
    expect(pairedRatio(inTurns)).toBeCloseTo(1.2);
    const slow = { name: 'a blank page painted', value: 200, unit: 'ms' };
    const [ratio, time] = againstFloor({ name: 'reopen', value: 220, unit: 'ms' }, slow, 1.25, inTurns);
    expect(ratio?.value).toBeCloseTo(1.2);
    expect(ratio?.budget).toBe(1.25);
    expect(ratio?.note).toContain("median of 5 runs' ratios");
    expect(ratio?.note).toContain('220.0 ms against 200.0 ms');
    expect(time).toMatchObject({ name: 'reopen', value: 220, floor: 'a blank page painted' });
  });

  it('keeps each run and the floor beside it, in the order taken, so two runs can be compared', () => {
    const inTurns = { times: [130.04, 135.26], floors: [100.01, 99.96] };
    const [ratio, time] = againstFloor({ name: 'reopen', value: 132.6, unit: 'ms' }, floor, 1.25, inTurns);
    expect(ratio?.runs).toEqual({ times: [130, 135.3], floors: [100, 100] });
    expect(time?.runs).toBeUndefined();
    const [untaken] = againstFloor({ name: 'messaging', value: 110, unit: 'ms' }, floor, 1.1);
    expect(untaken?.runs).toBeUndefined();
  });

  it('divides the medians when the runs were not taken in turns', () => {
    const [ratio] = againstFloor({ name: 'messaging', value: 110, unit: 'ms' }, floor, 1.1);
    expect(ratio?.value).toBeCloseTo(1.1);
  });

  it('takes a floor as the median of its times, in milliseconds, with how it was taken, listed as a floor', () => {
    expect(floorOf('a bare worker started', [31, 22, 25, 90, 24], 'median of 5')).toEqual({
      name: 'a bare worker started',
      value: 25,
      unit: 'ms',
      note: 'median of 5',
      role: 'floor',
    });
  });

  it('refuses runs that do not pair up', () => {
    expect(() => pairedRatio({ times: [1, 2], floors: [1] })).toThrow(/2 times against 1 floors/);
    expect(() => pairedRatio({ times: [], floors: [] })).toThrow();
  });
});
