/**
 * The bench's synthetic call records (report-write.js, report-xlsx.js): 1–3 attempts per lead
 * (2 on average), made one at a time until `total` attempts; every thousandth name starts with
 * `=` (a value a spreadsheet would run as a formula) and some hold a comma (quoting).
 */
const HO = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const TEN = ['An', 'Bình', 'Châu', 'Dũng', 'Hương', 'Linh', 'Phúc', 'Thảo', 'Tuấn', 'Yến'];
const STATUSES = ['NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'];
const pad = (v, n = 2) => String(v).padStart(n, '0');

export function* syntheticRecords(total) {
  let made = 0;
  for (let i = 0; made < total; i++) {
    const phone = `09${pad(10_000_000 + i, 8).slice(-8)}`;
    const count = Math.min(1 + (i % 3), total - made);
    const data = [];
    const base = Date.UTC(2025, 0, 1) + i * 31_000;
    for (let k = 0; k < count; k++) {
      const t = new Date(base + k * 3_600_000);
      const last = k === count - 1;
      const answered = last && i % 5 < 3;
      data.push({
        session: `${(i * 7919 + k).toString(16).padStart(8, '0')}-${pad(k, 4)}`,
        wait_time: (i + k) % 40,
        talk_time: answered ? 20 + (i % 300) : 0,
        phone_number: phone,
        date_time: `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`,
        status: answered ? 'ANSWERED' : STATUSES[(i + k) % STATUSES.length],
        retry: k,
        key_press: answered && i % 7 === 0 ? String(i % 10) : '',
      });
    }
    made += count;
    yield {
      campaign_id: 1,
      campaign_name: 'Summer campaign',
      campaign_lead_id: i + 1,
      ref_id: `KH-${pad(i + 1, 8)}`,
      phone_number: phone,
      lead_name:
        i % 1000 === 0
          ? `=${HO[i % 8]}`
          : `${HO[i % 8]} Văn ${TEN[i % 10]}${i % 50 === 0 ? ', Jr.' : ''}`,
      call: count,
      data,
    };
  }
}
