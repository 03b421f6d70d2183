/**
 * The command's world, injected: streams, environment, TTY flags, clock, colours, spinner,
 * settings. Nothing in src/ reaches for process.stdout or process.env on its own, so tests run
 * commands in-process with string buffers and a TTY switch.
 */
import type { ChalkInstance, Chalk as ChalkClass } from 'chalk';
import {
  ENV,
  Secrets,
  envValue,
  sanitizeServiceText,
  type Env,
  type FlatConfig,
  type ResolvedSettings,
  type Sleep,
  t,
} from '../index.js';
import { fitLine } from './render/wrap.js';
import type { GlobalOptions } from './flags.js';

export interface IO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: Env;
  cwd: string;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width for tables and progress (default 80). */
  columns?: number;
  now?: () => Date;
  /** The API client's wait between retries (default: real time; tests pass a quick one). */
  sleep?: Sleep;
  /** Install SIGINT/SIGTERM handlers on the process (the real CLI only). */
  handleSignals?: boolean;
}

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    // Off a terminal, COLUMNS (when set to a number) is the width text is wrapped to.
    columns: widthOf(
      process.stderr.isTTY ? process.stderr.columns : process.stdout.columns,
      process.env,
    ),
    handleSignals: true,
  };
}

/**
 * The width to write to: what the terminal reports, when it reports a width; else COLUMNS (a
 * number), else 80. A terminal of 0 columns (a pseudo-terminal whose size was never set, as
 * `script` or some job runners make) counts as none: every cell would be `…` (review, session 16).
 */
export function widthOf(reported: number | undefined, env: Env): number {
  if (reported !== undefined && reported > 0) return reported;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

export interface Spinner {
  /**
   * Whether anything is drawn (false off a terminal, with -q or --json): a caller told of
   * progress many times a second (each piece of a report answer) makes no text for nothing.
   */
  readonly drawn: boolean;
  /** New text, drawn at once unless `draw` is false (then with the next frame). */
  update(text: string, draw?: boolean): void;
  /** Stop and clear the line. */
  stop(): void;
}

const NOOP_SPINNER: Spinner = { drawn: false, update() {}, stop() {} };

/** Whether to colour a stream: --no-color and NO_COLOR win, then FORCE_COLOR, then the TTY. */
export function colorLevel(env: Env, isTTY: boolean, flag: boolean | undefined): 0 | 1 | 2 | 3 {
  if (flag === false) return 0;
  if (envValue(env, ENV.noColor) !== undefined) return 0;
  const force = env[ENV.forceColor];
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    return n >= 1 && n <= 3 ? (n as 1 | 2 | 3) : 1;
  }
  return isTTY && env.TERM !== 'dumb' ? 1 : 0;
}

/** Messages for people: stderr, secrets scrubbed, quiet/verbose honoured. Data goes to stdout. */
export class Output {
  /** Colours for stderr. */
  readonly c: ChalkInstance;
  /** Colours for stdout (tables). */
  readonly cOut: ChalkInstance;
  /** No colour at all: for anything written to a file, whatever FORCE_COLOR says. */
  readonly plain: ChalkInstance;
  readonly quiet: boolean;
  readonly verbose: boolean;
  private readonly secrets = new Secrets();

  constructor(
    readonly io: IO,
    Chalk: typeof ChalkClass,
    opts: { quiet?: boolean; verbose?: boolean; color?: boolean } = {},
  ) {
    this.quiet = opts.quiet === true;
    this.verbose = opts.verbose === true;
    this.c = new Chalk({ level: colorLevel(io.env, io.stderrIsTTY, opts.color) });
    this.cOut = new Chalk({ level: colorLevel(io.env, io.stdoutIsTTY, opts.color) });
    this.plain = new Chalk({ level: 0 });
  }

  /**
   * Register a value that must never be printed (the access token, a URL password). Nothing
   * prints the token in the first place; this is a second net. It masks the value whole, any
   * run of 10 of its characters, its base64 and percent-encoded forms (see Secrets). Values
   * under 6 characters are not scrubbed: masking them would mangle ordinary words.
   */
  addSecret(value: string): void {
    this.secrets.add(value);
  }

  /** A text with every registered secret, in every form, and any URL credentials masked. */
  scrub(text: string): string {
    return this.secrets.scrub(text);
  }

  /** Whether a command's JSON result is on stdout (a --json run writes exactly one). */
  jsonWritten = false;

  /** `--pretty`: a --json result is indented instead of written on one line. */
  pretty = false;

  /**
   * One JSON value on stdout (a --json result): one line (a log of runs is NDJSON), or
   * 2-space indented with --pretty. Every string in it, keys too, goes through the same
   * scrubbing as stderr, so the token never appears and the JSON stays valid whatever was
   * masked.
   */
  json(value: unknown): boolean {
    this.jsonWritten = true;
    return this.data(
      `${JSON.stringify(this.scrubDeep(value), null, this.pretty ? 2 : undefined)}\n`,
    );
  }

  private scrubDeep(value: unknown): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((v) => this.scrubDeep(v));
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [this.scrub(k), this.scrubDeep(v)]),
      );
    }
    return value;
  }

  /** Data on stdout, as is. Returns false when the stream wants the caller to wait for 'drain'. */
  data(text: string): boolean {
    if ((this.io.stdout as { destroyed?: boolean }).destroyed) return false;
    return this.io.stdout.write(text);
  }

  /**
   * Text for stderr. On a terminal, a line longer than its width is broken at word boundaries
   * (the first after a prefix `lead` columns wide), so no word is cut in two; off a terminal
   * lines stay whole (logs, pipes). Lines with colour were laid out by their view: as they are.
   */
  private fitted(text: string, lead = 0): string {
    // (Given scrubbed text: a secret is masked before any line is broken.)
    const width = this.io.columns;
    if (!this.io.stderrIsTTY || width === undefined || !(width > 20)) return text;
    return text
      .split('\n')
      .map((l, i) => fitLine(l, width, i === 0 ? lead : 0))
      .join('\n');
  }

  private errLine(text: string): void {
    this.io.stderr.write(`${this.fitted(this.scrub(text))}\n`);
  }

  /** Text after a label and a space (`warning: …`), the label in its colour. */
  private labelled(label: string, styled: string, text: string): void {
    this.io.stderr.write(`${styled} ${this.fitted(this.scrub(text), label.length + 1)}\n`);
  }

  /** An informational line on stderr (silenced by --quiet). */
  info(text: string): void {
    if (!this.quiet) this.errLine(text);
  }

  /** A line on stderr that must be seen whatever -q says (a run stopping at once). */
  notice(text: string): void {
    this.errLine(text);
  }

  /** A line on stderr that asks the person at the terminal for something (always shown). */
  prompt(text: string): void {
    this.errLine(text);
  }

  /** A warning on stderr (always shown). */
  warn(text: string): void {
    const label = t('cli.label.warning');
    this.labelled(label, this.c.yellow(label), text);
  }

  /** An error on stderr (always shown), with an optional second line telling what to do. */
  error(text: string, hint?: string): void {
    const label = t('cli.label.error');
    this.labelled(label, this.c.red(label), text);
    if (hint) this.errLine(hint);
  }

  /** A trace line on stderr with --verbose only. */
  debug(text: string): void {
    if (this.verbose) this.errLine(this.c.dim(text));
  }

  /** A service message, trimmed and stripped of control characters, for printing. */
  serviceText(text: string): string {
    return sanitizeServiceText(text);
  }

  /** A progress spinner on stderr when it is a TTY and not --quiet; otherwise a no-op. */
  async spinner(text: string, opts: { enabled?: boolean } = {}): Promise<Spinner> {
    // No progress off a terminal, with -q or --json, or on a terminal with no width (ora
    // would loop redrawing it).
    const width = this.io.columns ?? 80;
    // ora measures the stream itself: a pseudo-terminal whose size was never set (`script`
    // with no terminal around it, some job runners) reports 0 columns, and ora then wrote
    // cursor-up-and-clear without end (gigabytes a minute) — whatever COLUMNS says (review,
    // session 18). No spinner there.
    const reported = (this.io.stderr as { columns?: unknown }).columns;
    const drawable = typeof reported === 'number' ? reported > 0 : width > 0;
    if (!this.io.stderrIsTTY || this.quiet || opts.enabled === false || !drawable)
      return NOOP_SPINNER;
    const { default: ora } = await import('ora');
    const s = ora({
      text: this.scrub(text),
      stream: this.io.stderr as NodeJS.WritableStream & { isTTY?: boolean },
      isEnabled: true,
      discardStdin: false,
      color: 'cyan',
    }).start();
    this.spinners++;
    let stopped = false;
    return {
      drawn: true,
      update: (t, draw = true) => {
        const text = this.scrub(t);
        if (text === s.text) return;
        s.text = text;
        if (draw) s.render();
      },
      stop: () => {
        s.stop();
        if (!stopped) this.spinners--;
        stopped = true;
      },
    };
  }

  /** Spinners drawing on stderr now (the line the cursor is on is theirs). */
  private spinners = 0;
  get spinning(): boolean {
    return this.spinners > 0;
  }
}

/** What a command's run() receives. */
export interface Context {
  io: IO;
  out: Output;
  globals: GlobalOptions;
  now(): Date;
  /** Aborted on SIGINT/SIGTERM: stop starting new work. */
  signal: AbortSignal;
  /** Load config files and apply precedence, with the command's own flags on top. */
  settings(flags?: FlatConfig): Promise<ResolvedSettings>;
  /**
   * What a command has learnt so far (the file, the campaign…): a --json run that fails before
   * its result is printed repeats these beside `exitCode` and `error` (main.ts).
   */
  known?: Record<string, unknown>;
}
