/**
 * Placeholders in `cacs report -o` for cron: `-o /srv/reports/calls-{from}-{to}.csv`.
 *
 * - `{from}`, `{to}`: the range actually fetched, on the service's clock, as `yyyymmdd-HHMMSS`
 *   (sorts as text, no character a file name or a shell minds);
 * - `{date}`: today in the user's zone (`--tz`), `yyyy-mm-dd`;
 * - `{{` and `}}`: a literal brace.
 *
 * Anything else between braces, or a `{` left open, is a UsageError naming it. Pure.
 */
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import type { LocalDateTime } from './dates.js';

export const OUTPUT_PLACEHOLDERS = ['from', 'to', 'date'] as const;
export type OutputPlaceholder = (typeof OUTPUT_PLACEHOLDERS)[number];

/** The hint of a bad name: its placeholders are written as they are typed. */
const hint = () => t('report.outputName.hint', { from: '{from}', to: '{to}', date: '{date}' });

type Piece = { text: string } | { name: OutputPlaceholder };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `yyyymmdd-HHMMSS`: a wall-clock time in a file name. */
export function compactTime(t: LocalDateTime): string {
  return `${pad(t.y, 4)}${pad(t.mo)}${pad(t.d)}-${pad(t.h)}${pad(t.mi)}${pad(t.s)}`;
}

/** `yyyy-mm-dd`. */
export function isoDay(t: LocalDateTime): string {
  return `${pad(t.y, 4)}-${pad(t.mo)}-${pad(t.d)}`;
}

function parse(template: string, flag: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      text += c;
      i++;
      continue;
    }
    if (c !== '{') {
      text += c;
      continue;
    }
    const close = template.indexOf('}', i + 1);
    if (close < 0) {
      throw new UsageError(t('report.outputName.unclosed', { flag, template }), { hint: hint() });
    }
    const name = template.slice(i + 1, close);
    if (!(OUTPUT_PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new UsageError(
        t('report.outputName.unknown', { flag, template, placeholder: `{${name}}` }),
        {
          hint: hint(),
        },
      );
    }
    if (text !== '') pieces.push({ text });
    text = '';
    pieces.push({ name: name as OutputPlaceholder });
    i = close;
  }
  if (text !== '') pieces.push({ text });
  return pieces;
}

/** Throws a UsageError for an unknown placeholder or an unclosed `{`; says which it uses. */
export function checkOutputName(template: string, flag = '-o'): OutputPlaceholder[] {
  return parse(template, flag).flatMap((p) => ('name' in p ? [p.name] : []));
}

/** The file name with its placeholders filled in. */
export function expandOutputName(
  template: string,
  values: { from: LocalDateTime; to: LocalDateTime; today: LocalDateTime },
  flag = '-o',
): string {
  const filled: Record<OutputPlaceholder, string> = {
    from: compactTime(values.from),
    to: compactTime(values.to),
    date: isoDay(values.today),
  };
  return parse(template, flag)
    .map((p) => ('name' in p ? filled[p.name] : p.text))
    .join('');
}
