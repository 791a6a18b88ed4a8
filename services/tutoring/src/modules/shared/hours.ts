/** Hours are stored as NUMERIC(5,1); arithmetic runs on whole tenths so 0.1 + 0.2 stays exact. */
export const toTenths = (hours: number): number => Math.round(hours * 10);
export const fromTenths = (tenths: number): number => tenths / 10;
/** Prisma hands NUMERIC columns over as Decimal; DTOs carry plain numbers. */
export const decimalHours = (value: { toString(): string }): number => Number(value.toString());
