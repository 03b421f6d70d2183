/** Small text helpers shared by the CLI, the client and the writers. */

/** Trim and drop control characters (ANSI escapes included) from text that came from outside. */
export function sanitizeServiceText(text: string, maxLength = 500): string {
  const cleaned = text
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > maxLength ? `${cleaned.slice(0, maxLength)}…` : cleaned;
}

/**
 * A count grouped with commas ("1,234,567"), as toLocaleString('en-US') writes integers, without
 * starting up ICU (about 10 ms on the first call, at every run's summary).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? `-${out}` : out;
}

/** "1 lead", "2 leads"; numbers grouped with commas. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** "2026-11-21 14:03" in the machine's local time, for messages. */
export function formatLocalTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A byte count for messages: "1 GiB", "64.5 MiB", "1 MB", "300 kB", "1,500 bytes". */
export function formatBytes(n: number): string {
  const binary: Array<[number, string]> = [
    [1024 ** 4, 'TiB'],
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  const decimal: Array<[number, string]> = [
    [1e12, 'TB'],
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ];
  const [size, unit] = binary.find(([u]) => n >= u) ?? [1, ''];
  if (size > 1 && n % size === 0) return `${n / size} ${unit}`;
  const exact = decimal.find(([u]) => n >= u && n % u === 0);
  if (exact) return `${n / exact[0]} ${exact[1]}`;
  if (n < 1024 ** 2) return `${n.toLocaleString('en-US')} ${n === 1 ? 'byte' : 'bytes'}`;
  return `${(n / size).toFixed(1)} ${unit}`;
}
