/**
 * Where config files are looked for without loading cosmiconfig (src/config/files.ts): the
 * written-out places are cosmiconfig's own, and the check that lets a search skip cosmiconfig
 * says "nothing there" only when every place it would read is absent.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDefaultSearchPlaces } from 'cosmiconfig';
import { describe, expect, it } from 'vitest';
import {
  COSMICONFIG_META_PLACES,
  PROJECT_CONFIG_PLACES,
  USER_CONFIG_PLACES,
  configMayBeFound,
  loadConfigFiles,
} from '../../src/config/files.js';
import { tempDir } from '../helpers/cli.js';

const require = createRequire(import.meta.url);

describe('the places a config search reads', () => {
  it("are cosmiconfig's: its places for cacs (but TypeScript's) and its own meta places", () => {
    expect(PROJECT_CONFIG_PLACES).toEqual(
      getDefaultSearchPlaces('cacs').filter((p) => !/\.[cm]?ts$/.test(p)),
    );
    const defaults = require('cosmiconfig/dist/defaults.js') as { metaSearchPlaces: string[] };
    expect(COSMICONFIG_META_PLACES).toEqual(defaults.metaSearchPlaces);
  });
});

describe('configMayBeFound', () => {
  /** An operator's folder two levels down, a user config folder and a process folder, all empty. */
  function tree() {
    const root = tempDir();
    const cwd = path.join(root, 'work', 'leads');
    const user = path.join(root, 'home', '.config', 'cacs');
    const proc = path.join(root, 'proc');
    for (const d of [cwd, user, proc]) fs.mkdirSync(d, { recursive: true });
    return { root, cwd, user, proc };
  }
  const put = (dir: string, place: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, place)), { recursive: true });
    fs.writeFileSync(path.join(dir, place), '{}\n');
  };

  it('is false when no place holds anything (the search then loads nothing)', () => {
    const { root, cwd, user, proc } = tree();
    // Above the temporary folder the search goes on up to `/`: a place there (a package.json
    // in a TMPDIR's parent) would rightly make it true, and is not this test's case.
    let above = path.dirname(root);
    let clean = true;
    for (;;) {
      if (PROJECT_CONFIG_PLACES.some((p) => fs.existsSync(path.join(above, p)))) clean = false;
      if (path.dirname(above) === above) break;
      above = path.dirname(above);
    }
    if (clean) expect(configMayBeFound(cwd, user, proc)).toBe(false);
    put(cwd, 'notes.txt');
    if (clean) expect(configMayBeFound(cwd, user, proc)).toBe(false);
  });

  it.each(PROJECT_CONFIG_PLACES)(
    'is true with %s in the working folder or one above it',
    (place) => {
      for (const up of [0, 1, 2]) {
        const { cwd, user, proc } = tree();
        put(path.resolve(cwd, ...Array<string>(up).fill('..')), place);
        expect(configMayBeFound(cwd, user, proc)).toBe(true);
      }
    },
  );

  it.each(USER_CONFIG_PLACES)("is true with %s in the user's config folder", (place) => {
    const { cwd, user, proc } = tree();
    put(user, place);
    expect(configMayBeFound(cwd, user, proc)).toBe(true);
  });

  it.each(COSMICONFIG_META_PLACES)(
    "is true with cosmiconfig's own %s in the process's working folder",
    (place) => {
      const { cwd, user, proc } = tree();
      put(proc, place);
      expect(configMayBeFound(cwd, user, proc)).toBe(true);
    },
  );

  it('is true when a place cannot be told present or absent (a link to itself), even as root', () => {
    if (process.platform === 'win32') return;
    const { cwd, user, proc } = tree();
    fs.symlinkSync('.cacsrc', path.join(cwd, '.cacsrc')); // stat: ELOOP
    expect(configMayBeFound(cwd, user, proc)).toBe(true);
  });

  it('is true when a folder cannot be searched (the search is left to cosmiconfig)', () => {
    if (process.getuid?.() === 0 || process.platform === 'win32') return; // root searches all
    const { cwd, user, proc } = tree();
    fs.chmodSync(path.dirname(cwd), 0o600);
    try {
      expect(configMayBeFound(cwd, user, proc)).toBe(true);
    } finally {
      fs.chmodSync(path.dirname(cwd), 0o755);
    }
  });

  it('a config in each place is still found by loadConfigFiles', async () => {
    for (const place of PROJECT_CONFIG_PLACES.filter((p) => !/\.[cm]?js$/.test(p))) {
      const { cwd, root } = tree();
      const at = path.join(cwd, '..', place);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(
        at,
        place === 'package.json'
          ? JSON.stringify({ name: 'x', cacs: { defaultCampaign: 'summer' } })
          : '{"defaultCampaign": "summer"}\n',
      );
      const files = await loadConfigFiles({
        cwd,
        env: { HOME: path.join(root, 'home'), XDG_CONFIG_HOME: path.join(root, 'home', '.config') },
      });
      expect(files.map((f) => f.path)).toEqual([at]);
    }
  });
});
