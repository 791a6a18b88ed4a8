import type { DeadLetter } from '../dead-letters/dead-letters.js';

/** Long enough to tell errors apart in a terminal row; `--json` and `show` give them whole. */
const TABLE_ERROR_WIDTH = 60;

/** A letter as `list --json` prints it: everything but the payload and headers, which `show` adds. */
export function deadLetterSummary(letter: DeadLetter) {
  return {
    id: letter.id,
    deadLetteredAt: letter.deadLetteredAt.toISOString(),
    consumer: letter.consumer,
    stream: letter.stream,
    subject: letter.subject,
    streamSequence: letter.streamSequence,
    eventType: letter.eventType,
    eventId: letter.eventId,
    deliveries: letter.deliveries,
    reason: letter.reason,
    error: letter.error,
  };
}

/** `show --json`: the summary plus the original headers and the payload as its text, exactly. */
export function deadLetterDetail(letter: DeadLetter) {
  return { ...deadLetterSummary(letter), headers: letter.headers, payload: letter.payload };
}

/** One aligned row per letter under a header row. */
export function deadLetterTable(letters: readonly DeadLetter[]): string {
  const rows = [
    ['ID', 'DEAD-LETTERED (UTC)', 'CONSUMER', 'SUBJECT', 'EVENT TYPE', 'EVENT ID', 'TRIES', 'REASON', 'ERROR'],
    ...letters.map((letter) => [
      String(letter.id),
      shortTime(letter.deadLetteredAt),
      letter.consumer,
      letter.subject ?? '-',
      letter.eventType ?? '-',
      letter.eventId ?? '-',
      letter.deliveries === null ? '-' : String(letter.deliveries),
      letter.reason || '-',
      truncate(letter.error ?? '-', TABLE_ERROR_WIDTH),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Everything about one letter, for `show` and for what `drop` is about to delete. */
export function deadLetterText(letter: DeadLetter): string {
  const lines: Array<[string, string | number | null]> = [
    ['Dead letter', letter.id],
    ['Dead-lettered at', letter.deadLetteredAt.toISOString()],
    ['Consumer', letter.consumer],
    ['Original stream', letter.stream],
    ['Original subject', letter.subject],
    ['Original sequence', letter.streamSequence],
    ['Event type', letter.eventType],
    ['Event id', letter.eventId],
    ['Deliveries', letter.deliveries],
    ['Reason', letter.reason],
    ['Error', letter.error],
  ];
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  const headerLines = Object.entries(letter.headers).flatMap(([key, values]) =>
    values.map((value) => `  ${key}: ${value}`),
  );
  return [
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(width)}${value ?? '-'}`),
    `Headers:${headerLines.length ? '' : ' none'}`,
    ...headerLines,
    'Payload:',
    prettyPayload(letter.payload),
  ].join('\n');
}

/** Indented when it is JSON; as stored otherwise (a poison message is shown as it came). */
function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function shortTime(time: Date): string {
  return time
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}

function truncate(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
