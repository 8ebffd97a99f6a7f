// The steps of `npm test` (scripts/test.ts) and which of them a command line asks for.

/** Every step, in the order they run; `npm test` runs them all. */
export const STEPS = ['typecheck', 'lint', 'actionlint', 'unit', 'stack', 'budgets', 'e2e', 'deploy'] as const;
export type Step = (typeof STEPS)[number];

/** Names for several steps: `vitest` is every vitest suite but the budgets (its meaning before they existed). */
export const GROUPS: Readonly<Record<string, readonly Step[]>> = { vitest: ['unit', 'stack'] };

/** The fast lane, `--quick` (at most 3 minutes on a 2-core machine): no local stack, no end-to-end tests. */
export const QUICK: readonly Step[] = ['typecheck', 'lint', 'unit', 'budgets'];

const isStep = (name: string): name is Step => (STEPS as readonly string[]).includes(name);
const group = (name: string) => (Object.hasOwn(GROUPS, name) ? GROUPS[name] : undefined);

/**
 * The steps `args` (step and group names, `--quick`) ask for, in STEPS' order, each once; all of
 * them when none is named. A name that is neither is returned in `unknown`: a mistyped step
 * would otherwise run nothing and pass.
 */
export function selectSteps(args: readonly string[]): { steps: Step[]; unknown: string[] } {
  const named = args.filter((a) => a !== '--quick');
  const unknown = named.filter((a) => !isStep(a) && !group(a));
  const chosen = new Set<Step>([
    ...(args.includes('--quick') ? QUICK : []),
    ...named.flatMap((a) => group(a) ?? (isStep(a) ? [a] : [])),
  ]);
  return { steps: STEPS.filter((s) => chosen.size === 0 || chosen.has(s)), unknown };
}
