/** Types of scripts/build.js (the build and its freshness stamp). */
export interface BuildPaths {
  /** The project: src/, dist/, tsconfig.build.json. */
  root: string;
  /** Where the stamp is kept (outside dist/, which is published). */
  stamp: string;
  /** TypeScript's tsc script. */
  tsc: string;
  /** The script that bundles the command line after tsc (scripts/bundle.js); none: no bundle. */
  bundle?: string;
}
export function projectBuildPaths(root: string): BuildPaths;
export function inputsHash(paths: BuildPaths): string;
export function outputsHash(paths: BuildPaths): string;
/** Whether dist/ is, byte for byte, what the last build made of the current inputs. */
export function isFresh(paths: BuildPaths): boolean;
/** Build dist/ unless it is fresh (or always, with `force`); throws with tsc's output on failure. */
export function ensureBuilt(paths: BuildPaths, options?: { force?: boolean }): 'fresh' | 'built';
