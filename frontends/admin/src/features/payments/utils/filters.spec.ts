import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import { dateRangeFilter } from './filters';

describe('dateRangeFilter', () => {
  it('sends each end of the range as a date', () => {
    expect(dateRangeFilter([dayjs('2026-11-01T23:30:00'), dayjs('2026-11-25T00:10:00')])).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });

  it('leaves an empty end open, and a cleared range unfiltered', () => {
    expect(dateRangeFilter([dayjs('2026-11-01'), null])).toEqual({ from: '2026-11-01', to: undefined });
    expect(dateRangeFilter([null, dayjs('2026-11-25')])).toEqual({ from: undefined, to: '2026-11-25' });
    expect(dateRangeFilter(null)).toEqual({ from: undefined, to: undefined });
  });
});
