import fs from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  fs.appendFileSync(process.env.CACS_IMPORT_LOG, `${result.url}\n`);
  return result;
}
