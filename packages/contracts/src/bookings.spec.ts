import { describe, expect, it } from '@jest/globals';
import { BookingMessages, PerksByPackageType, perksOfPackageName } from './bookings.js';
import { Packages } from './catalog.js';
import { ValidationMessages } from './messages.js';

describe('package perks', () => {
  it('reads the perks from the plan name a package row stores', () => {
    expect(perksOfPackageName(Packages.singleSession.name)).toEqual(PerksByPackageType.singleSession);
    expect(perksOfPackageName(Packages.package5.name)).toEqual({ priorityBooking: true, flexibleScheduling: false });
    expect(perksOfPackageName(Packages.package10.name)).toEqual({ priorityBooking: true, flexibleScheduling: true });
  });

  it('gives an unknown plan name no perks', () => {
    expect(perksOfPackageName('Custom')).toEqual({ priorityBooking: false, flexibleScheduling: false });
  });

  it("keeps the spec's words", () => {
    expect(BookingMessages.insufficientHours).toBe('Insufficient hours');
    expect(BookingMessages.sessionMin30).toBe(ValidationMessages.sessionMin30);
  });
});
