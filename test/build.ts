/**
 * Keeps dist/ the build of the current source for the tests that run bin/cacs.js (which loads
 * dist/): the vitest global setup (test/global-setup.ts) calls ensureBuilt before any test. The
 * build and its freshness stamp live in scripts/build.js, which `npm run build` and npm's
 * `prepare` run too: after either, the tests do not build the same source again.
 */
export {
  ensureBuilt,
  inputsHash,
  isFresh,
  outputsHash,
  projectBuildPaths,
  type BuildPaths,
} from '../scripts/build.js';
