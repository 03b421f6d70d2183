#!/usr/bin/env -S node --max-semi-space-size=8 --heap-growing-percent=50
const args = process.argv.slice(2);

if (args.length === 1 && args[0] === '--version') {
  // What commander prints for --version, without loading commander and the command graph
  // (start-up); a reader that went away is ignored, as main() does.
  const { VERSION } = await import('../dist/bundle/version.js');
  process.stderr.on('error', () => {});
  process.stdout.on('error', async (e) => {
    if (e.code === 'EPIPE') return;
    // `> /dev/full`: said as every command says it (its language, a hint), exit 1, no stack.
    const { versionNotWritten } = await import('../dist/bundle/cli.js');
    process.exitCode = await versionNotWritten(e, args);
  });
  process.stdout.write(`${VERSION}\n`);
} else {
  // The command line as one bundle (scripts/bundle.js): the same modules as dist/cli/main.js,
  // in a few chunks, which start in about a third less CPU time than the modules one by one.
  const { main } = await import('../dist/bundle/cli.js');
  const code = await main(args);
  process.exitCode = code;
  // Interrupted while a reader had stopped reading (stdout still holds output): what is queued
  // would keep the process alive, so it gets a second to go out and is then dropped.
  if (code === 130 && process.stdout.writableLength > 0)
    setTimeout(() => process.exit(code), 1000).unref();
}
