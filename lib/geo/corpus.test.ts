import { beforeAll, describe, expect, it } from 'vitest';
import { addressCorpus, type CorpusAddress } from './address-corpus';
import { searchGazetteer } from './gazetteer';
import { gazetteerData } from './gazetteer-data';
import { fold } from './normalize';
import type { GeoCandidate } from './types';

const REQUIRED_SHARE = 0.95;

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/** Whether the top candidate is the place the entry means. */
function correct(entry: CorpusAddress, top: GeoCandidate): boolean {
  const names = (Array.isArray(entry.city) ? entry.city : [entry.city]).map(fold);
  if (!top.city || !names.includes(fold(top.city)) || top.country_code !== entry.country) return false;
  if (entry.state && top.state_code !== entry.state) return false;
  if (entry.near && (top.latitude === null || top.longitude === null)) return false;
  if (entry.near && distanceKm(top.latitude!, top.longitude!, ...entry.near) > 30) return false;
  return true;
}

interface Outcome {
  entry: CorpusAddress;
  top: GeoCandidate | undefined;
  ok: boolean;
}

let outcomes: Outcome[] = [];

beforeAll(() => {
  gazetteerData();
  outcomes = addressCorpus.map((entry) => {
    const [top] = searchGazetteer({ text: entry.input, limit: 5 }).candidates;
    return { entry, top, ok: Boolean(top && correct(entry, top)) };
  });
  const right = outcomes.filter((outcome) => outcome.ok).length;
  console.log(
    `address corpus: ${right}/${outcomes.length} correct (${((100 * right) / outcomes.length).toFixed(1)}%)`,
  );
  for (const { entry, top, ok } of outcomes) {
    if (ok) continue;
    const answer = top ? `${top.display_name} [${top.state_code ?? '-'}] (${top.confidence})` : 'nothing';
    console.log(`  miss: ${entry.input} → ${answer}`);
  }
});

describe('the address corpus on the offline gazetteer', () => {
  it('has at least 100 real addresses from at least 10 countries', () => {
    expect(addressCorpus.length).toBeGreaterThanOrEqual(100);
    expect(new Set(addressCorpus.map((entry) => entry.country)).size).toBeGreaterThanOrEqual(10);
  });

  it(`resolves at least ${REQUIRED_SHARE * 100}% to the right city`, () => {
    const right = outcomes.filter((outcome) => outcome.ok).length;
    expect(right / outcomes.length).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  });

  it('never gives a wrong place high or exact confidence', () => {
    const confidentlyWrong = outcomes
      .filter(({ ok, top }) => top && !ok && top.confidence !== 'low')
      .map(({ entry, top }) => `${entry.input} → ${top!.display_name} (${top!.confidence})`);
    expect(confidentlyWrong).toEqual([]);
  });
});
