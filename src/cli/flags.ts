import type { OptionValues } from '@commander-js/extra-typings';

/**
 * A command's flags as commander infers them from its definition (commands/<name>-flags.ts):
 * each command module takes `Flags<typeof defineX>`.
 */
export type Flags<D extends (parent: never) => { opts(): OptionValues }> = ReturnType<
  ReturnType<D>['opts']
>;
