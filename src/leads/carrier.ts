/**
 * Vietnam's mobile numbering plan as of 2026: which 10-digit national numbers (0 + 9 digits)
 * are in an allocated mobile range, and the network each range was allocated to
 * (DESIGN.md "Outcomes back to the operator", Carriers).
 *
 * Sources (README "Carriers and the numbering plan"): the valid mobile ranges are those of
 * libphonenumber-js 1.13.16's metadata for VN (libphonenumber 9.0.35 of July 2026 has the same
 * but for 0140x), and the networks those of libphonenumber's carrier table
 * `resources/carrier/en/84.txt` (releases 9.0.33–9.0.35), except 087, which the Ministry allocated to Indochina Telecom (Itel)
 * and which that table lists under its host network, VinaPhone. Indochina Telecom's 0998–0999
 * are shown as Itel, its brand.
 *
 * A carrier is a hint: numbers keep their network when a subscriber ports to another one.
 */

/** The networks cacs names; `unknown` for an allocated range without one, or any other number. */
export const CARRIERS = [
  'Viettel',
  'MobiFone',
  'VinaPhone',
  'Vietnamobile',
  'Gmobile',
  'Reddi',
  'Itel',
  'unknown',
] as const;

export type Carrier = (typeof CARRIERS)[number];

/**
 * Allocated mobile ranges: the leading digits of the national number (with its 0) and their
 * network. A number is allocated when one of these is a prefix of it; the longest wins.
 */
export const MOBILE_RANGES: Readonly<Record<string, Carrier>> = {
  // Viettel: 031–039 (843), 086, 096–098, and 0160x (reissued in 2026; 10 digits).
  '031': 'Viettel',
  '032': 'Viettel',
  '033': 'Viettel',
  '034': 'Viettel',
  '035': 'Viettel',
  '036': 'Viettel',
  '037': 'Viettel',
  '038': 'Viettel',
  '039': 'Viettel',
  '086': 'Viettel',
  '096': 'Viettel',
  '097': 'Viettel',
  '098': 'Viettel',
  '0160': 'Viettel',
  // MobiFone: 030 and 051 (new), 070, 076–079, 0896–0899, 090, 093, 0121[0-3]x (reissued).
  '030': 'MobiFone',
  '051': 'MobiFone',
  '070': 'MobiFone',
  '076': 'MobiFone',
  '077': 'MobiFone',
  '078': 'MobiFone',
  '079': 'MobiFone',
  '0896': 'MobiFone',
  '0897': 'MobiFone',
  '0898': 'MobiFone',
  '0899': 'MobiFone',
  '090': 'MobiFone',
  '093': 'MobiFone',
  '01210': 'MobiFone',
  '01211': 'MobiFone',
  '01212': 'MobiFone',
  '01213': 'MobiFone',
  // VinaPhone: 081–085, 088, 091, 094.
  '081': 'VinaPhone',
  '082': 'VinaPhone',
  '083': 'VinaPhone',
  '084': 'VinaPhone',
  '085': 'VinaPhone',
  '088': 'VinaPhone',
  '091': 'VinaPhone',
  '094': 'VinaPhone',
  // Indochina Telecom (Itel): 087, 0998–0999.
  '087': 'Itel',
  '0998': 'Itel',
  '0999': 'Itel',
  // Vietnamobile: 0522, 0523, 0528, 056, 058, 092.
  '0522': 'Vietnamobile',
  '0523': 'Vietnamobile',
  '0528': 'Vietnamobile',
  '056': 'Vietnamobile',
  '058': 'Vietnamobile',
  '092': 'Vietnamobile',
  // Reddi: 0559.
  '0559': 'Reddi',
  // Gmobile: 059, 0993–0997.
  '059': 'Gmobile',
  '0993': 'Gmobile',
  '0994': 'Gmobile',
  '0995': 'Gmobile',
  '0996': 'Gmobile',
  '0997': 'Gmobile',
  // Valid mobile ranges with no network in the carrier table (095: S-Fone's, closed in 2012;
  // 0990, 0991; 0140x, valid in libphonenumber-js 1.13.16 but not yet in libphonenumber 9.0.35).
  '0140': 'unknown',
  '095': 'unknown',
  '0990': 'unknown',
  '0991': 'unknown',
};

const LONGEST = Math.max(...Object.keys(MOBILE_RANGES).map((p) => p.length));

/**
 * The range of every 0 + 4-digit start of a number (the longest key of MOBILE_RANGES it begins
 * with), looked up by those 4 digits: one read a number instead of a slice per key length. Made
 * on first use, from the keys (shortest first, so a longer key overwrites the starts of the
 * shorter one it is within): ≈ 0.1 ms, where trying every key length for each of the 10,000
 * starts took 5–8 ms of every import's preflight.
 */
let byStart: ReadonlyArray<string | undefined> | undefined;
function startTable(): ReadonlyArray<string | undefined> {
  if (LONGEST > 5) throw new Error('carrier.ts: a range longer than 0 + 4 digits');
  const table = new Array<string | undefined>(10_000).fill(undefined);
  const keys = Object.keys(MOBILE_RANGES).sort((a, b) => a.length - b.length);
  for (const key of keys) {
    // "09" + 2 digits → starts 9xx0..9xx9 (of 4 digits): the key's digits after its 0, then
    // every ending.
    const span = 10 ** (5 - key.length);
    const first = Number(key.slice(1)) * span;
    table.fill(key, first, first + span);
  }
  return table;
}

/** For tests: the range table as made on first use. */
export function rangeTable(): ReadonlyArray<string | undefined> {
  return (byStart ??= startTable());
}

/** The range (its key in MOBILE_RANGES) a 10-digit national mobile number is in, or undefined. */
export function mobileRange(phone: string): string | undefined {
  if (phone.length !== 10 || phone.charCodeAt(0) !== 48) return undefined;
  let start = 0;
  for (let i = 1; i < 10; i++) {
    const d = phone.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    if (i < 5) start = start * 10 + d;
  }
  return (byStart ??= startTable())[start];
}

/** Whether a normalised phone (0 + 9 digits) is in an allocated mobile range. */
export function isAllocatedMobile(phone: string): boolean {
  return mobileRange(phone) !== undefined;
}

/** The network of a normalised phone's range; `unknown` when none is known or it is no mobile. */
export function carrierOf(phone: string): Carrier {
  const range = mobileRange(phone);
  return range === undefined ? 'unknown' : MOBILE_RANGES[range]!;
}
