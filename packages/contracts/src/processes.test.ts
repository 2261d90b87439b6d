import { describe, expect, it } from 'vitest';
import { PROCESSES, TRANSACTION_STATES, TRANSITION_NAMES, transitionsFrom, type ProcessGraph, type TransactionState } from './processes.ts';

const graphs = Object.values(PROCESSES);

function reachable(graph: ProcessGraph): Set<TransactionState> {
  const seen = new Set<TransactionState>(['initial']);
  const stack: TransactionState[] = ['initial'];
  while (stack.length) {
    for (const t of transitionsFrom(graph, stack.pop()!)) {
      if (seen.has(t.to)) continue;
      seen.add(t.to);
      stack.push(t.to);
    }
  }
  return seen;
}

describe.each(graphs)('process $alias', (graph) => {
  it('uses only known states and names, each state described once', () => {
    for (const t of graph.transitions) {
      expect(TRANSITION_NAMES).toContain(t.name);
      for (const s of [t.from, t.to]) expect(s === 'initial' || graph.states[s] !== undefined, `${t.name}: ${s}`).toBe(true);
      expect(t.to).not.toBe('initial');
    }
    for (const s of Object.keys(graph.states)) expect(TRANSACTION_STATES).toContain(s);
  });

  it('starts only through initiating transitions, and every described state is reachable', () => {
    for (const t of graph.transitions) expect(t.from === 'initial', t.name).toBe(Boolean(t.initiates));
    expect([...reachable(graph)].sort()).toEqual(['initial', ...Object.keys(graph.states)].sort());
  });

  it('final states have no way out; every other state has one', () => {
    for (const [state, info] of Object.entries(graph.states)) {
      expect(transitionsFrom(graph, state as TransactionState).length > 0, state).toBe(!info.final);
    }
  });

  it('never has two transitions of one name from one state', () => {
    const keys = graph.transitions.map((t) => `${t.from}/${t.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives timed transitions to the system, and every stock reservation a release on the ways to cancelled or declined', () => {
    for (const t of graph.transitions) if (t.after) expect(t.actors).toContain('system');
    const reservedIn = new Set(graph.transitions.filter((t) => t.effects?.includes('reserve-stock')).map((t) => t.to));
    // From a state holding a reservation, every way to cancelled or declined releases it.
    const holding = new Set<TransactionState>();
    const stack = [...reservedIn];
    while (stack.length) {
      const s = stack.pop()!;
      if (holding.has(s)) continue;
      holding.add(s);
      for (const t of transitionsFrom(graph, s)) if (!t.effects?.includes('release-stock') && t.to !== 'cancelled' && t.to !== 'declined') stack.push(t.to);
    }
    for (const t of graph.transitions) {
      if (holding.has(t.from) && (t.to === 'cancelled' || t.to === 'declined') && t.from !== 'disputed') expect(t.effects, t.name).toContain('release-stock');
    }
  });
});

describe('README diagrams', () => {
  it('are the ones generated from the data (run `npx tsx scripts/process-diagrams.ts` after changing a process)', async () => {
    const { readFileSync } = await import('node:fs');
    const { processDiagramsMarkdown, replaceProcessDiagrams } = await import('./process-diagrams.ts');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('```mermaid');
    expect(replaceProcessDiagrams(readme, processDiagramsMarkdown())).toBe(readme);
  });
});
