/**
 * Preload (`node --import <this file>`): on exit, append the process's peak RSS in kilobytes
 * (process.resourceUsage().maxRSS), user and system CPU time in microseconds, as one line
 * `<maxRSS> <user> <system>`, to the file named by BENCH_MAXRSS_FILE. Portable stand-in for
 * `/usr/bin/time -f '%M %U %S'`.
 */
import fs from 'node:fs';

const file = process.env.BENCH_MAXRSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const u = process.resourceUsage();
      fs.appendFileSync(file, `${u.maxRSS} ${u.userCPUTime} ${u.systemCPUTime}\n`);
    } catch {
      // measuring must never change the outcome of the measured command
    }
  });
}
