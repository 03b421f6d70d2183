#!/usr/bin/env node
/**
 * Baseline for the import benchmarks: a bare csv-parse pass (`columns: true`) over a file,
 * counting records. No normalisation, validation, dedupe or output.
 *
 *   node bench/baseline-parse.js <file>
 */
import fs from 'node:fs';
import { parse } from 'csv-parse';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/baseline-parse.js <file>');
  process.exit(2);
}
let records = 0;
const parser = fs.createReadStream(file).pipe(parse({ columns: true }));
for await (const _record of parser) records++;
console.log(`${records} records`);
