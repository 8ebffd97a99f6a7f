// Bench section "cards": how long the door's phone takes to verify a member card's QR text
// (shared/src/memberCard.ts, docs/membership.md), the budget of 5 ms. Measured in Node on
// this machine, the same JavaScript the browser runs; a phone is slower by its CPU.
import type { BenchRow, BenchSection } from '../lib/bench.js';
import { cardSigningKey, cardVerifyKey, newCardKeyPair, signCard, verifyCard } from '../../shared/src/memberCard.js';

const ROUNDS = 300;
/** A door's revocation list of a plausible size: looking a member up in it is part of the check. */
const REVOKED = new Set(Array.from({ length: 5000 }, (_, i) => 100_000 + i));

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => Number(value.toFixed(3));

export const section: BenchSection = {
  name: 'cards',
  async run(ctx) {
    const pair = await newCardKeyPair();
    const publicKey = cardVerifyKey(pair.public);
    const text = await signCard(
      { memberNumber: 1042, academicYear: 2026, validUntil: '2027-09-30' },
      cardSigningKey(pair.secret),
    );
    const now = new Date('2027-03-01T12:00:00Z');

    const check = async () => {
      const t0 = performance.now();
      const result = await verifyCard(text, publicKey, now, REVOKED);
      const elapsed = performance.now() - t0;
      if (!result.ok) throw new Error(`the bench's own card was refused: ${result.reason}`);
      return elapsed;
    };
    // The first check in a process also builds the library's tables of the curve's base point.
    const first = await check();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await check());
    times.sort((a, b) => a - b);
    ctx.log(`${ROUNDS} checks of a ${text.length}-character card against ${REVOKED.size} revoked numbers`);

    const rows: BenchRow[] = [
      {
        metric: `verify a member card (median of ${ROUNDS})`,
        value: ms(quantile(times, 0.5)),
        unit: 'ms',
        budget: { max: 5 },
      },
      { metric: 'verify a member card, 95th percentile', value: ms(quantile(times, 0.95)), unit: 'ms' },
      { metric: "verify a member card, the process's first", value: ms(first), unit: 'ms' },
    ];
    return rows;
  },
};
