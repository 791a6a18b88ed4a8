/** weekStarting is a DATE column: a calendar day at UTC midnight, never shifted by a time zone. */
export const toCalendarDate = (value: Date): string => value.toISOString().slice(0, 10);
export const fromCalendarDate = (value: string): Date => new Date(`${value}T00:00:00Z`);
/** Prisma hands NUMERIC columns over as Decimal; DTOs and events carry plain numbers. */
export const decimalNumber = (value: { toString(): string }): number => Number(value.toString());
