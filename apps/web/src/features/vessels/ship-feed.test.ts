import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bbox, ShipPosition, ShipPositionsResponse } from '@harbor/contracts';
import { ShipFeed, positionsQuery, type ShipFeedHandlers } from './ship-feed.ts';

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

const BBOX: Bbox = [60, 21, 61, 23];
const ship = { mmsi: 1 } as ShipPosition;

function handlers() {
  return { onSnapshot: vi.fn(), onDiff: vi.fn(), onClusters: vi.fn(), onSimulated: vi.fn(), onStatus: vi.fn() } satisfies ShipFeedHandlers;
}

describe('ShipFeed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('authenticates, subscribes with the padded box and passes snapshot and diffs on', async () => {
    const on = handlers();
    const fetchPositions = vi.fn();
    const feed = new ShipFeed({ getToken: async () => 'tok', fetchPositions, streamUrl: 'ws://x/v1/ships/stream', WebSocketImpl: FakeSocket as never }, on);
    feed.setView(BBOX, 12);
    const socket = FakeSocket.last!;
    socket.open();
    await vi.waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', token: 'tok' }]));
    socket.receive({ type: 'ready' });
    expect(socket.sent[1]).toMatchObject({ type: 'subscribe', bbox: BBOX });
    socket.receive({ type: 'snapshot', simulated: true, timestamp: 1, total: 1, part: 0, parts: 1, ships: [ship] });
    socket.receive({ type: 'diff', simulated: true, timestamp: 2, updated: [], removed: [1] });
    expect(on.onSimulated).toHaveBeenCalledWith(true);
    expect(on.onSnapshot).toHaveBeenCalledWith([ship], expect.any(Number), { first: true, last: true });
    expect(on.onDiff).toHaveBeenCalledWith([], [1], expect.any(Number));
    expect(fetchPositions).not.toHaveBeenCalled();
    feed.close();
  });

  it('passes a snapshot in parts on as they come, and checks density on the first part', async () => {
    const on = handlers();
    const feed = new ShipFeed({ getToken: async () => 'tok', fetchPositions: vi.fn(), streamUrl: 'ws://x', WebSocketImpl: FakeSocket as never }, on);
    feed.setView(BBOX, 12);
    const socket = FakeSocket.last!;
    socket.open();
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
    socket.receive({ type: 'ready' });
    const two = { mmsi: 2 } as ShipPosition;
    socket.receive({ type: 'snapshot', simulated: false, timestamp: 1, total: 2, part: 0, parts: 2, ships: [ship] });
    socket.receive({ type: 'snapshot', simulated: false, timestamp: 1, total: 2, part: 1, parts: 2, ships: [two] });
    expect(on.onSnapshot.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      [[ship], { first: true, last: false }],
      [[two], { first: false, last: true }],
    ]);
    // Too many ships in all for this zoom: the rest is ignored and the view goes to clusters.
    const fetchPositions = vi.fn().mockResolvedValue({ simulated: false, timestamp: 1, ships: [], clusters: [] });
    const dense = new ShipFeed({ getToken: async () => 'tok', fetchPositions, streamUrl: 'ws://x', WebSocketImpl: FakeSocket as never }, handlers());
    dense.setView(BBOX, 12);
    const s2 = FakeSocket.last!;
    s2.open();
    await vi.waitFor(() => expect(s2.sent).toHaveLength(1));
    s2.receive({ type: 'ready' });
    s2.receive({ type: 'snapshot', simulated: false, timestamp: 1, total: 1_000_000, part: 0, parts: 700, ships: [ship] });
    expect(dense.clusterZoom).toBe(13);
    feed.close();
    dense.close();
  });

  it('falls back to polling /v1/ships/positions when the stream drops', async () => {
    const on = handlers();
    const answer: ShipPositionsResponse = { simulated: false, timestamp: 1, ships: [ship], clusters: [] };
    const fetchPositions = vi.fn().mockResolvedValue(answer);
    const feed = new ShipFeed({ getToken: async () => 'tok', fetchPositions, streamUrl: 'ws://x', WebSocketImpl: FakeSocket as never }, on);
    feed.setView(BBOX, 12);
    FakeSocket.last!.onclose?.();
    await vi.waitFor(() => expect(on.onSnapshot).toHaveBeenCalledWith([ship], expect.any(Number), { first: true, last: true }));
    expect(fetchPositions.mock.calls[0]![0]).toBe(positionsQuery(BBOX, 12));
    expect(on.onStatus).toHaveBeenCalledWith('polling');
    // Polled again on the zoom's interval.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchPositions).toHaveBeenCalledTimes(2);
    feed.close();
  });

  it('asks the server for clusters at low zoom', async () => {
    const on = handlers();
    const fetchPositions = vi.fn().mockResolvedValue({ simulated: false, timestamp: 1, ships: [], clusters: [{ latitude: 60, longitude: 22, count: 5 }] });
    const feed = new ShipFeed({ getToken: async () => 'tok', fetchPositions, streamUrl: 'ws://x', WebSocketImpl: FakeSocket as never }, on);
    FakeSocket.last = null;
    feed.setView(BBOX, 6);
    await vi.waitFor(() => expect(on.onClusters).toHaveBeenCalledWith([{ latitude: 60, longitude: 22, count: 5 }]));
    expect(FakeSocket.last).toBeNull();
    expect(new URLSearchParams(fetchPositions.mock.calls[0]![0].split('?')[1]).get('clusteringDegreePrecision')).not.toBe('0');
    feed.close();
  });

  it('sends the category and status filter on the stream and re-subscribes when it changes', async () => {
    const on = handlers();
    const feed = new ShipFeed({ getToken: async () => 'tok', fetchPositions: vi.fn(), streamUrl: 'ws://x', WebSocketImpl: FakeSocket as never }, on);
    feed.setFilter({ harborShipTypes: ['TANKER'] });
    feed.setView(BBOX, 12);
    const socket = FakeSocket.last!;
    socket.open();
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
    socket.receive({ type: 'ready' });
    expect(socket.sent[1]).toEqual({ type: 'subscribe', bbox: BBOX, maxAge: expect.any(Number), harborShipTypes: ['TANKER'] });
    feed.setFilter({ harborShipTypes: ['OTHER_CARGO', 'TANKER'], navigationStatuses: [1, 5] });
    expect(socket.sent[2]).toMatchObject({ type: 'subscribe', harborShipTypes: ['OTHER_CARGO', 'TANKER'], navigationStatuses: [1, 5] });
    feed.setFilter({});
    expect(socket.sent[3]).not.toHaveProperty('harborShipTypes');
    feed.close();
  });

  it('puts the filter on the positions request and re-polls when it changes', async () => {
    const on = handlers();
    const fetchPositions = vi.fn().mockResolvedValue({ simulated: false, timestamp: 1, ships: [], clusters: [] });
    const feed = new ShipFeed({ getToken: async () => 'tok', fetchPositions, streamUrl: 'ws://x', WebSocketImpl: FakeSocket as never }, on);
    feed.setView(BBOX, 6);
    feed.setFilter({ harborShipTypes: ['PASSENGER', 'FISHING'], navigationStatuses: [0] });
    await vi.waitFor(() => expect(fetchPositions).toHaveBeenCalledTimes(2));
    const q = new URLSearchParams(fetchPositions.mock.calls[1]![0].split('?')[1]);
    expect(q.get('harborShipTypes')).toBe('PASSENGER,FISHING');
    expect(q.get('navigationStatuses')).toBe('0');
    expect(new URLSearchParams(positionsQuery(BBOX, 12).split('?')[1]).has('harborShipTypes')).toBe(false);
    feed.close();
  });
});
