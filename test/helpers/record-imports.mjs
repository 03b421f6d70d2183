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
// With CACS_BUILTINS_LOG: at exit, the built-in modules the process loaded
// (process.moduleLoadList), how many TLS sockets it made and how many Intl.ListFormat objects
// (the first Intl object initialises ICU, ≈ 15 ms), as JSON.
if (process.env.CACS_BUILTINS_LOG) {
  const tls = await import('node:tls');
  const Original = tls.default.TLSSocket;
  let tlsSockets = 0;
  tls.default.TLSSocket = function TLSSocket(...args) {
    tlsSockets++;
    return new Original(...args);
  };
  const ListFormat = Intl.ListFormat;
  let listFormats = 0;
  Intl.ListFormat = class extends ListFormat {
    constructor(...args) {
      super(...args);
      listFormats++;
    }
  };
  process.on('exit', () =>
    fs.writeFileSync(
      process.env.CACS_BUILTINS_LOG,
      JSON.stringify({ modules: process.moduleLoadList, tlsSockets, listFormats }),
    ),
  );
}
