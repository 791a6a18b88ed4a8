import { describe, expect, it } from '@jest/globals';
import { RevenueByWeekRequestSchema } from './payments-schemas.js';
import { RevenueMessages } from './payments.js';

describe('RevenueByWeekRequestSchema', () => {
  it('defaults to 12 weeks and reads a query string number', () => {
    expect(RevenueByWeekRequestSchema.parse({})).toEqual({ weeks: 12 });
    expect(RevenueByWeekRequestSchema.parse({ weeks: '104' })).toEqual({ weeks: 104 });
    expect(RevenueByWeekRequestSchema.parse({ weeks: 1 })).toEqual({ weeks: 1 });
  });

  it.each([[0], [105], ['1.5'], ['abc'], [''], [['4', '8']]])('refuses %j with the rule', (weeks) => {
    const result = RevenueByWeekRequestSchema.safeParse({ weeks });
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: RevenueMessages.weeksInvalid })]);
  });
});
