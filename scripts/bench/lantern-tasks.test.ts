import { expect, test } from 'vitest';
import { taskRows, type BlockingRule, type CpuNode, type NodeTiming } from './lantern-tasks';

// Lighthouse's rule, as TBTUtils applies it to a top-level task: the part between the first
// paint and the time to interactive, less 50 ms.
const afterPaintLess50: BlockingRule = (event, fcpMs, interactiveMs) => {
  const clipped = Math.min(event.end, interactiveMs) - Math.max(event.start, fcpMs);
  return clipped < 50 ? 0 : clipped - 50;
};

const cpu = (id: string, startUs: number, durationUs: number, childEvents: CpuNode['childEvents'] = []): CpuNode => ({
  type: 'cpu',
  id,
  startTime: startUs,
  duration: durationUs,
  childEvents,
});

test('each simulated task, in simulated order, with what it adds to TBT and whether the first paint waited for it', () => {
  const parse = cpu('parse', 0, 10_000, [{ name: 'ParseHTML', dur: 10_000 }]);
  const layout = cpu('layout', 20_000, 60_000, [
    { name: 'UpdateLayoutTree', dur: 15_000 },
    { name: 'Layout', dur: 40_000 },
    { name: 'Paint', dur: 500 },
  ]);
  const commit = cpu('commit', -5_000, 30_000);
  const timings = new Map<CpuNode, NodeTiming>([
    [layout, { startTime: 1160, endTime: 1280 }],
    [parse, { startTime: 1120, endTime: 1160 }],
    [commit, { startTime: 1000, endTime: 1120 }],
    [
      { type: 'network', id: 'doc', startTime: 0, duration: 1 },
      { startTime: 0, endTime: 1000 },
    ],
  ]);
  const rows = taskRows(timings, new Set(['parse', 'layout']), 1100, 1270, afterPaintLess50);
  expect(rows.map((row) => [row.observedMs, row.simulatedStart, row.beforeFirstPaint, row.blockingMs])).toEqual([
    [30, 1000, false, 0],
    [10, 1120, true, 0],
    [60, 1160, true, 60],
  ]);
  // Events under a millisecond are left out; the longest come first.
  expect(rows[2]!.inside).toBe('Layout 40, UpdateLayoutTree 15');
});
