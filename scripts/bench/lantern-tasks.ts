// What Lighthouse's total blocking time counts on a page, task by task:
//
//   npx tsx scripts/bench/lantern-tasks.ts [page] [runs]
//
// (CPU_SLOWDOWN=<n> replaces Lighthouse's 4× CPU slowdown, as the bench's scaled rows do.)
//
// Serves the copy of the site the last `npm run bench -- apps` staged (or SITE=<dir>) with
// Cloudflare Pages' runtime, runs Lighthouse's mobile default on `page` (after one uncounted
// run), and prints the main thread as Lighthouse's simulation (Lantern) replayed it: each task's
// observed length, its simulated start and end, whether the simulated first paint waited for it,
// and the milliseconds of TBT it adds. Lighthouse's report gives only the total, and its
// "long tasks" list is the observed trace, not what the total is computed from (docs/performance.md).
//
// It reads the simulations Lighthouse keeps for its own debugging output (Lantern's
// `Simulator.allNodeTimings`, what `LANTERN_DEBUG` saves), so a Lighthouse upgrade may move it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pagesDev } from '../lib/pages.js';
import { lighthouseBrowser } from './apps.js';

/** A CPU node of Lantern's graph, as far as this tool reads it (times in µs, as traced). */
export interface CpuNode {
  type: string;
  id: string;
  startTime: number;
  duration: number;
  childEvents?: { name: string; dur?: number }[];
}

/** A node's simulated timing (ms from the navigation's start). */
export interface NodeTiming {
  startTime: number;
  endTime: number;
}

export interface TaskRow {
  /** Observed on this machine, unthrottled (ms). */
  observedMs: number;
  simulatedStart: number;
  simulatedEnd: number;
  /** In the graph of the first paint: the simulated first paint waited for it. */
  beforeFirstPaint: boolean;
  /** What Lighthouse's TBT counts of it (ms). */
  blockingMs: number;
  /** The longest events inside it, with their observed ms. */
  inside: string;
}

/**
 * The blocking part of one simulated task between the first paint and the page's simulated time
 * to interactive (Lighthouse's own rule).
 */
export type BlockingRule = (
  event: { start: number; end: number; duration: number },
  fcpMs: number,
  interactiveMs: number,
) => number;

/**
 * The CPU tasks of one TBT simulation in simulated order, each with what it adds to TBT when the
 * first paint is at `fcpMs` and the page interactive at `interactiveMs`.
 */
export function taskRows(
  timings: Map<CpuNode, NodeTiming>,
  firstPaintNodeIds: Set<string>,
  fcpMs: number,
  interactiveMs: number,
  blocking: BlockingRule,
): TaskRow[] {
  return [...timings.entries()]
    .filter(([node]) => node.type === 'cpu')
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, timing]) => {
      const longest = new Map<string, number>();
      for (const event of node.childEvents ?? [])
        if (event.dur && event.dur >= 1000) longest.set(event.name, (longest.get(event.name) ?? 0) + event.dur / 1000);
      const duration = timing.endTime - timing.startTime;
      return {
        observedMs: node.duration / 1000,
        simulatedStart: timing.startTime,
        simulatedEnd: timing.endTime,
        beforeFirstPaint: firstPaintNodeIds.has(node.id),
        blockingMs: blocking({ start: timing.startTime, end: timing.endTime, duration }, fcpMs, interactiveMs),
        inside: [...longest.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(', '),
      };
    });
}

async function main() {
  const page = process.argv[2] ?? '/';
  const runs = Number(process.argv[3] ?? 1);
  const dir = resolve(process.env.SITE ?? join(import.meta.dirname, '../../.data/bench/apps-pages/site'));
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`no site in ${dir}: run \`npm run bench -- apps\` first, or set SITE to a built site`);
  // The same module instance Lighthouse runs its simulations with.
  const Lantern = await import('lighthouse/core/lib/lantern/lantern.js');
  // Its state in a folder of this run's own (beside a built site it would land in the
  // workspace; shared, two runs at once would see each other's servers).
  const stateDir = mkdtempSync(join(tmpdir(), 'lantern-tasks-'));
  const site = await pagesDev({ dir, stateDir });
  const slowdown = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined;
  const lighthouse = await lighthouseBrowser(site.url, ['performance'], slowdown);
  try {
    // Left uncounted, as in the bench (apps.ts).
    await lighthouse.run(page);
    for (let run = 1; run <= runs; run++) {
      const lhr = (await lighthouse.run(page))!.lhr;
      // Read as this tool's narrower shapes (network nodes are filtered out by their type).
      const simulations = Lantern.Simulation.Simulator.allNodeTimings as unknown as Map<
        string,
        Map<CpuNode, NodeTiming>
      >;
      const blocking: BlockingRule = (event, fcpMs, interactiveMs) =>
        Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent(event, fcpMs, interactiveMs);
      const simulation = (name: string) => simulations.get(name)!;
      const endOf = (name: string) => Math.max(...[...simulation(name).values()].map((t) => t.endTime));
      const paintGraph = (label: string) => simulation(`${label}FirstContentfulPaint`);
      const paintAt = (label: string) => endOf(`${label}FirstContentfulPaint`);
      // Lantern's Interactive: the end of the last task over 50 ms in its own simulation, and no
      // earlier than the largest paint (Interactive.getLastLongTaskEndTime, which reads a
      // duration these debugging timings do not keep).
      const interactiveAt = (label: string) =>
        Math.max(
          endOf(`${label}LargestContentfulPaint`),
          ...[...simulation(`${label}Interactive`).entries()]
            .filter(([node, t]) => node.type === 'cpu' && t.endTime - t.startTime > 50)
            .map(([, t]) => t.endTime),
        );
      console.log(
        `run ${run}: TBT ${Math.round(lhr.audits['total-blocking-time']!.numericValue!)} ms, ` +
          `FCP ${Math.round(lhr.audits['first-contentful-paint']!.numericValue!)} ms, ` +
          `CPU benchmark index ${lhr.environment.benchmarkIndex}`,
      );
      // Lighthouse's TBT is the mean of the two estimates below (their totals add up to it); each
      // counts from the *other* estimate's first paint (Lantern's TotalBlockingTime).
      for (const [label, fcpLabel] of [
        ['optimistic', 'pessimistic'],
        ['pessimistic', 'optimistic'],
      ] as const) {
        const fcpMs = paintAt(fcpLabel);
        const interactiveMs = interactiveAt(label);
        const rows = taskRows(
          simulation(`${label}TotalBlockingTime`),
          new Set([...paintGraph(label).keys()].map((node) => node.id)),
          fcpMs,
          interactiveMs,
          blocking,
        );
        const total = rows.reduce((sum, row) => sum + row.blockingMs, 0);
        console.log(
          `  ${label} estimate: first paint at ${fcpMs.toFixed(0)} ms, interactive at ${interactiveMs.toFixed(0)} ms, blocking ${total.toFixed(0)} ms`,
        );
        for (const row of rows)
          if (row.blockingMs > 0 || row.beforeFirstPaint)
            console.log(
              `    ${row.beforeFirstPaint ? 'P' : ' '} ${row.simulatedStart.toFixed(0).padStart(5)}–${row.simulatedEnd
                .toFixed(0)
                .padEnd(5)} observed ${row.observedMs.toFixed(1).padStart(5)} ms, blocking ${row.blockingMs
                .toFixed(0)
                .padStart(3)} ms  ${row.inside}`,
            );
      }
    }
    console.log('P: the simulated first paint waited for it. Times in ms from the navigation.');
  } finally {
    await lighthouse.close();
    await site.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
