#!/usr/bin/env node
/**
 * Deterministic generator of a realistic Vietnamese lead CSV for the benchmarks.
 *
 *   node bench/gen-leads.js <rows> <file> [--seed N]
 *
 * Columns: Họ và tên, Số điện thoại, Email, Địa chỉ, Mã khách hàng (the headers cacs maps by
 * its Vietnamese aliases). Names and addresses carry diacritics; addresses often contain
 * commas (quoted). Phone forms are mixed: 0912345678, +84 912 345 678, 912345678 (Excel
 * dropped the 0), 091.234.5678, 0084912345678, 091 234 5678, 091-234-5678. About 1% of rows
 * have an invalid phone and about 1% repeat an earlier row's phone (in another form). All
 * other phones are distinct (a bijection of the row index), so 1M rows give ~980k distinct
 * numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mulberry32 } from '../dist/emulator/generator.js';

export const HEADERS = ['Họ và tên', 'Số điện thoại', 'Email', 'Địa chỉ', 'Mã khách hàng'];

const HO = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const HO_ASCII = [
  'nguyen',
  'tran',
  'le',
  'pham',
  'hoang',
  'huynh',
  'phan',
  'vu',
  'vo',
  'dang',
  'bui',
  'do',
  'ho',
  'ngo',
  'duong',
  'ly',
];
const DEM = [
  'Văn',
  'Thị',
  'Hữu',
  'Đức',
  'Minh',
  'Ngọc',
  'Thanh',
  'Quốc',
  'Thu',
  'Xuân',
  'Hoài',
  'Gia',
];
const TEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Đạt',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hoa',
  'Hùng',
  'Hương',
  'Khánh',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Phúc',
  'Phương',
  'Quân',
  'Quỳnh',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thắng',
  'Trang',
  'Trung',
  'Tuấn',
  'Vy',
  'Yến',
];
const TEN_ASCII = [
  'an',
  'binh',
  'chau',
  'dung',
  'dat',
  'giang',
  'ha',
  'hai',
  'hanh',
  'hieu',
  'hoa',
  'hung',
  'huong',
  'khanh',
  'lan',
  'linh',
  'long',
  'mai',
  'nam',
  'nga',
  'phuc',
  'phuong',
  'quan',
  'quynh',
  'son',
  'tam',
  'thao',
  'thang',
  'trang',
  'trung',
  'tuan',
  'vy',
  'yen',
];
const DUONG = [
  'Lê Lợi',
  'Nguyễn Huệ',
  'Trần Hưng Đạo',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Điện Biên Phủ',
  'Cách Mạng Tháng Tám',
  'Võ Thị Sáu',
  'Phạm Ngũ Lão',
  'Nguyễn Trãi',
  'Hoàng Diệu',
  'Quang Trung',
  'Bạch Đằng',
];
const PHUONG = [
  'Phường Bến Nghé',
  'Phường 7',
  'Phường Đa Kao',
  'Phường Tân Định',
  'Phường Hàng Bạc',
  'Phường Cống Vị',
  'Xã Phước Kiển',
  'Phường Thạc Gián',
];
const QUAN = [
  'Quận 1',
  'Quận 3',
  'Quận Bình Thạnh',
  'Quận Hoàn Kiếm',
  'Quận Ba Đình',
  'Huyện Nhà Bè',
  'Quận Hải Châu',
  'Thành phố Thủ Đức',
];
const TINH = [
  'TP. Hồ Chí Minh',
  'Hà Nội',
  'Đà Nẵng',
  'Cần Thơ',
  'Hải Phòng',
  'Bình Dương',
  'Đồng Nai',
  'Khánh Hòa',
];
const MAIL = ['gmail.com', 'yahoo.com.vn', 'outlook.com', 'fpt.vn', 'vnpt.vn'];
/** Vietnamese mobile prefixes (after the 0). */
const PREFIX = [
  '90',
  '91',
  '93',
  '94',
  '96',
  '97',
  '98',
  '86',
  '88',
  '89',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '38',
  '39',
  '70',
  '76',
  '77',
  '78',
  '79',
  '81',
  '82',
  '83',
  '84',
  '85',
  '56',
  '58',
];
const INVALID = [
  'không có',
  '09123',
  '0912 345 67',
  'N/A',
  '',
  '12345678901234',
  '9.12E+8',
  'gọi sau',
];

/** The emulator's seeded PRNG (mulberry32), from the build. */
const prng = mulberry32;

/** The 9 national digits of row i's phone: distinct for every i < 3·10^8 (prefix × affine bijection mod 10^7). */
function national(i) {
  const p = i % PREFIX.length;
  const prefix = PREFIX[p];
  const block = Math.floor(i / PREFIX.length); // distinct within a prefix
  const seven = (block * 4_649 + p * 333_667 + 1_234_567) % 10_000_000; // 4649 is coprime with 10^7
  return prefix + String(seven).padStart(7, '0');
}

function form(nat, r) {
  // nat: 9 digits, e.g. 912345678
  const x = r();
  if (x < 0.55) return `0${nat}`;
  if (x < 0.67) return `+84 ${nat.slice(0, 3)} ${nat.slice(3, 6)} ${nat.slice(6)}`;
  if (x < 0.77) return nat; // Excel dropped the leading zero
  if (x < 0.85) return `0${nat.slice(0, 2)}.${nat.slice(2, 5)}.${nat.slice(5)}`;
  if (x < 0.9) return `0084${nat}`;
  if (x < 0.95) return `0${nat.slice(0, 2)} ${nat.slice(2, 5)} ${nat.slice(5)}`;
  if (x < 0.98) return `0${nat.slice(0, 2)}-${nat.slice(2, 5)}-${nat.slice(5)}`;
  return ` 0${nat} `; // stray spaces
}

function csvCell(v) {
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export async function generate(rows, file, seed = 42) {
  const r = prng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const out = fs.createWriteStream(file);
  let buf = `${HEADERS.join(',')}\n`;
  let next = 0; // next unique phone index
  for (let i = 0; i < rows; i++) {
    const h = Math.floor(r() * HO.length);
    const t = Math.floor(r() * TEN.length);
    const name = `${HO[h]} ${pick(DEM)} ${TEN[t]}`;
    const x = r();
    let phone;
    if (x < 0.01) phone = pick(INVALID);
    else if (x < 0.02 && next > 0) phone = form(national(Math.floor(r() * next)), r);
    else phone = form(national(next++), r);
    const email =
      r() < 0.7 ? `${TEN_ASCII[t]}.${HO_ASCII[h]}${Math.floor(r() * 10000)}@${pick(MAIL)}` : '';
    const address = `${1 + Math.floor(r() * 300)} ${pick(DUONG)}, ${pick(PHUONG)}, ${pick(QUAN)}, ${pick(TINH)}`;
    const ref = `KH-${String(i + 1).padStart(8, '0')}`;
    buf += `${csvCell(name)},${csvCell(phone)},${email},${csvCell(address)},${ref}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await new Promise((res) => out.once('drain', res));
      buf = '';
    }
  }
  out.write(buf);
  await new Promise((res, rej) => out.end((e) => (e ? rej(e) : res())));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rowsArg, file] = process.argv.slice(2);
  const seedAt = process.argv.indexOf('--seed');
  const seed = seedAt > 0 ? Number(process.argv[seedAt + 1]) : 42;
  const rows = Number(rowsArg);
  if (!Number.isInteger(rows) || rows < 1 || !file) {
    console.error('usage: node bench/gen-leads.js <rows> <file> [--seed N]');
    process.exit(2);
  }
  await generate(rows, file, seed);
}
