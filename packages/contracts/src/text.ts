import { z } from './zod.js';
import { ValidationMessages as M } from './messages.js';

/*
 * Every string a client sends is built here, so one rule holds everywhere: NUL is never accepted
 * (PostgreSQL text cannot store it), and C0/C1 control characters (CR, LF, DEL, ...) and the Unicode
 * line separators are refused in single-line fields, where they would forge lines in emails, CSVs
 * and logs. Multi-line fields (messages, notes, stories) keep tab, line feed and carriage return.
 * The checks are regexes, so the OpenAPI document states them as `pattern`.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SingleLinePattern = /^[^\x00-\x1F\x7F-\x9F\u2028\u2029]*$/;
// eslint-disable-next-line no-control-regex -- as above
export const MultiLinePattern = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$/;

type StringParams = { error?: string };

/** A one-line text field; `field` names it in the message (e.g. 'First name'). */
export const singleLine = (field: string, params: StringParams = {}) =>
  z.string(params).regex(SingleLinePattern, M.controlCharacters(field));

/** A text field that may span lines (tab, LF and CR allowed); other control characters are refused. */
export const multiLine = (field: string, params: StringParams = {}) =>
  z.string(params).regex(MultiLinePattern, M.controlCharacters(field));
