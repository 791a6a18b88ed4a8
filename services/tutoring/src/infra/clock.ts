import { Injectable } from '@nestjs/common';

/**
 * The service's clock: the booking rules and the reminder job read the time only here, so a test
 * sets it (`jest.spyOn(app.get(Clock), 'now')`) instead of waiting for hours to pass.
 */
@Injectable()
export class Clock {
  /** Epoch milliseconds. */
  now(): number {
    return Date.now();
  }
}
