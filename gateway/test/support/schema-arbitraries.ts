import fc from 'fast-check';

/** The JSON Schema subset zod's toJSONSchema writes for the contract bodies (OpenAPI 3.0 flavour). */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

/** Values that break naive code: empty, control characters, huge, odd numbers, wrong types. */
export const junk = fc.constantFrom<unknown>(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'line\r\nbreak',
  '\u2028',
  '\uD800',
  '😀'.repeat(40),
  'x'.repeat(6000),
  "'; DROP TABLE users; --",
  '{"$gt":""}',
  '../../etc/passwd',
  '1e309',
  '-0',
  'NaN',
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  true,
  false,
  null,
  [],
  [null],
  {},
  { nested: { deeper: ['x'] } },
);

const patternsOf = (schema: JsonSchema): string[] =>
  [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter((p): p is string => Boolean(p));

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 80, 300);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= maxLength);
    case 'uri':
      return fc.webUrl({ validSchemes: ['https', 'http'] }).filter((url) => url.length <= maxLength);
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
  }
  // The most specific pattern (a date's digits, say) shapes the value; the others filter it.
  const patterns = patternsOf(schema).map((pattern) => new RegExp(pattern, 'u'));
  const specific = patterns.find((pattern) => !pattern.source.startsWith('^[^'));
  const base = specific
    ? fc.stringMatching(specific)
    : fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, maxLength) });
  return base.filter(
    (value) =>
      value.length >= minLength &&
      value.length <= (schema.maxLength ?? Infinity) &&
      patterns.every((p) => p.test(value)),
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true;
  const exclusiveMax = schema.exclusiveMaximum === true;
  if (schema.type === 'integer') {
    const min = Math.max(schema.minimum === undefined ? -1e6 : schema.minimum + (exclusiveMin ? 1 : 0), -(2 ** 31));
    const max = Math.min(schema.maximum === undefined ? 1e6 : schema.maximum - (exclusiveMax ? 1 : 0), 2 ** 31);
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  }
  const min = schema.minimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  const step = schema.multipleOf;
  if (step)
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((n) => Number((n * step).toFixed(6)));
  return fc.double({
    min,
    max,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: exclusiveMin,
    maxExcluded: exclusiveMax,
  });
}

/**
 * Values a schema allows, with junk mixed in at every level (`junkRatio` of the time), so both what
 * the document promises and what it refuses are sent.
 */
export function arbitraryFor(
  schema: JsonSchema,
  resolve: (ref: string) => JsonSchema,
  withJunk = true,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryFor(resolve(schema.$ref), resolve, withJunk);
  const mix = (arbitrary: fc.Arbitrary<unknown>) =>
    withJunk ? fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: junk }) : arbitrary;
  let valid: fc.Arbitrary<unknown>;
  if (schema.anyOf) valid = fc.oneof(...schema.anyOf.map((part) => arbitraryFor(part, resolve, withJunk)));
  else if (schema.enum) valid = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string' || (schema.type === undefined && schema.allOf)) valid = stringArbitrary(schema);
  else if (schema.type === 'integer' || schema.type === 'number') valid = numberArbitrary(schema);
  else if (schema.type === 'boolean') valid = fc.boolean();
  else if (schema.type === 'array') {
    valid = fc.array(arbitraryFor(schema.items ?? {}, resolve, withJunk), { maxLength: schema.maxItems ?? 5 });
  } else if (schema.type === 'object') {
    const properties = schema.properties ?? {};
    valid = fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([name, part]) => [name, arbitraryFor(part, resolve, withJunk)]),
      ),
      { requiredKeys: withJunk ? [] : (schema.required ?? []).filter((name) => name in properties) },
    );
  } else valid = fc.anything();
  if (schema.nullable) valid = fc.option(valid, { nil: null });
  return mix(valid);
}
