// Preload (node --import) that records every module URL the process resolves, into the file
// named by CACS_IMPORT_LOG, and the peak RSS at exit into CACS_RSS_LOG.
import fs from 'node:fs';
import { register } from 'node:module';

if (process.env.CACS_IMPORT_LOG) register('./record-imports-hooks.mjs', import.meta.url);
if (process.env.CACS_RSS_LOG) {
  process.on('exit', () =>
    fs.writeFileSync(process.env.CACS_RSS_LOG, String(process.resourceUsage().maxRSS)),
  );
}
