/**
 * Times as people read them, on a named clock (issue 27 item 5): "2026-03-02 09:41" in a zone,
 * and the label that says which clock that is ("Asia/Ho_Chi_Minh, UTC+07:00"). Pure; Intl only.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(zone, f);
  }
  return f;
}

function parts(d: Date, zone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(d)) if (p.type !== 'literal') out[p.type] = p.value;
  return out;
}

/** "yyyy-mm-dd HH:mm" on the wall clock of `zone` (an IANA name) at the instant `d`. */
export function formatInZone(d: Date, zone: string): string {
  const p = parts(d, zone);
  const hour = p.hour === '24' ? '00' : p.hour;
  return `${p.year}-${p.month}-${p.day} ${hour}:${p.minute}`;
}

/** The zone's offset from UTC at `d`: "UTC+07:00", "UTC-03:30", or "UTC". */
export function zoneOffset(d: Date, zone: string): string {
  const name = parts(d, zone).timeZoneName ?? 'GMT';
  return name === 'GMT' ? 'UTC' : name.replace(/^GMT/, 'UTC');
}
