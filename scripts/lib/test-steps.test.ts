import { expect, test } from 'vitest';
import { selectSteps, STEPS } from './test-steps';

test('npm test runs every step, the byte budgets among them, in order', () => {
  expect(selectSteps([]).steps).toEqual(STEPS);
  expect(STEPS).toContain('budgets');
});

test('the fast lane: type check, lint, unit tests and the byte budgets; nothing that starts a stack', () => {
  expect(selectSteps(['--quick'])).toEqual({ steps: ['typecheck', 'lint', 'unit', 'budgets'], unknown: [] });
});

test('steps named run in their own order, once; vitest is the unit and stack projects', () => {
  expect(selectSteps(['e2e', 'typecheck', 'typecheck']).steps).toEqual(['typecheck', 'e2e']);
  expect(selectSteps(['vitest']).steps).toEqual(['unit', 'stack']);
  expect(selectSteps(['--quick', 'stack']).steps).toEqual(['typecheck', 'lint', 'unit', 'stack', 'budgets']);
});

test('a name that is no step is refused, not run as nothing', () => {
  expect(selectSteps(['lint', 'unti', 'toString']).unknown).toEqual(['unti', 'toString']);
});
