import type {
  Bbox,
  ShipCluster,
  ShipPosition,
  ShipPositionsResponse,
  ShipStreamClientMessage,
  ShipStreamServerMessage,
} from '@harbor/contracts';
import { MAP_CLUSTER_BELOW_ZOOM, MAP_MAX_LIVE_SHIPS, clusteringPrecisionFor, shipPollIntervalMs } from '@harbor/contracts/map';
import { SHIP_POSITIONS_DEFAULT_MAX_AGE_MIN, type HarborShipType } from '@harbor/contracts/vessel-constants';

export interface ShipFeedHandlers {
  /**
   * Full set for the view (a stream snapshot, possibly in several parts, or a
   * poll answer). `start`: performance.now() before the message was parsed.
   */
  onSnapshot(ships: ShipPosition[], start: number, part: SnapshotPart): void;
  onDiff(updated: ShipPosition[], removed: number[], start: number): void;
  onClusters(clusters: ShipCluster[]): void;
  onSimulated(simulated: boolean): void;
  onStatus(status: ShipFeedStatus): void;
}

/** Which part of a full set this is: ships missing from every part are gone after the last. */
export interface SnapshotPart {
  first: boolean;
  last: boolean;
}

const WHOLE: SnapshotPart = { first: true, last: true };

export type ShipFeedStatus = 'connecting' | 'live' | 'polling' | 'error';

export interface ShipFeedDeps {
  getToken(): Promise<string>;
  fetchPositions(query: string, signal: AbortSignal): Promise<ShipPositionsResponse>;
  /** ws(s)://host/v1/ships/stream */
  streamUrl: string;
  WebSocketImpl?: typeof WebSocket;
}

const STREAM_RETRY_MS = 30_000;

/** The map's category and navigation-status filter; empty lists (or none) mean every ship. */
export interface MapShipFilter {
  harborShipTypes?: readonly HarborShipType[];
  navigationStatuses?: readonly number[];
}

export function positionsQuery(bbox: Bbox, zoom: number, clusterBelowZoom: number = MAP_CLUSTER_BELOW_ZOOM, filter: MapShipFilter = {}): string {
  const p = new URLSearchParams({
    bbox: bbox.map((v) => v.toFixed(5)).join(','),
    clusteringDegreePrecision: String(clusteringPrecisionFor(zoom, clusterBelowZoom)),
    maxAge: String(SHIP_POSITIONS_DEFAULT_MAX_AGE_MIN),
  });
  if (filter.harborShipTypes?.length) p.set('harborShipTypes', filter.harborShipTypes.join(','));
  if (filter.navigationStatuses?.length) p.set('navigationStatuses', filter.navigationStatuses.join(','));
  return `/v1/ships/positions?${p.toString()}`;
}

/**
 * Ship positions for the current view. Below MAP_CLUSTER_BELOW_ZOOM: server
 * clusters, polled on a zoom-dependent interval. From it: the WebSocket
 * stream (snapshot, then diffs every 500 ms); when the stream cannot be
 * opened or drops, polling takes over and the stream is retried later.
 */
export class ShipFeed {
  private bbox: Bbox | null = null;
  private zoom = 0;
  private filter: MapShipFilter = {};
  private socket: WebSocket | null = null;
  private socketReady = false;
  private streamBlockedUntil = 0;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private pollAbort: AbortController | null = null;
  private closed = false;
  private mode: 'clusters' | 'ships' | null = null;
  /** Raised when a view turned out too dense to stream (MAP_MAX_LIVE_SHIPS). */
  private clusterBelowZoom = MAP_CLUSTER_BELOW_ZOOM;

  constructor(
    private readonly deps: ShipFeedDeps,
    private readonly on: ShipFeedHandlers,
  ) {}

  /** Zoom below which the view shows server clusters (may rise for dense seas). */
  get clusterZoom(): number {
    return this.clusterBelowZoom;
  }

  setView(bbox: Bbox, zoom: number): void {
    if (this.closed) return;
    this.bbox = bbox;
    this.zoom = zoom;
    const mode = zoom < this.clusterBelowZoom ? 'clusters' : 'ships';
    if (mode !== this.mode) {
      this.mode = mode;
      if (mode === 'clusters') {
        this.closeSocket();
        this.on.onSnapshot([], performance.now(), WHOLE);
      } else {
        this.on.onClusters([]);
      }
    }
    if (mode === 'ships' && Date.now() >= this.streamBlockedUntil) {
      if (this.socket && this.socketReady) {
        this.stopPolling();
        this.subscribe();
        return;
      }
      if (!this.socket) this.openSocket();
      return;
    }
    this.pollNow();
  }

  /** New filter: the stream is re-subscribed (its snapshot replaces the ships) or the poll re-asked. */
  setFilter(filter: MapShipFilter): void {
    this.filter = filter;
    if (this.closed || !this.bbox) return;
    if (this.mode === 'ships' && this.socket && this.socketReady) this.subscribe();
    else if (!this.socket) this.pollNow();
  }

  close(): void {
    this.closed = true;
    this.closeSocket();
    this.stopPolling();
  }

  private subscribe() {
    if (!this.socket || !this.bbox) return;
    const msg: ShipStreamClientMessage = { type: 'subscribe', bbox: this.bbox, maxAge: SHIP_POSITIONS_DEFAULT_MAX_AGE_MIN };
    if (this.filter.harborShipTypes?.length) msg.harborShipTypes = [...this.filter.harborShipTypes];
    if (this.filter.navigationStatuses?.length) msg.navigationStatuses = [...this.filter.navigationStatuses];
    this.socket.send(JSON.stringify(msg));
  }

  private openSocket() {
    const Impl = this.deps.WebSocketImpl ?? WebSocket;
    this.on.onStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new Impl(this.deps.streamUrl);
    } catch {
      this.streamFailed();
      return;
    }
    this.socket = socket;
    this.socketReady = false;
    socket.onopen = () => {
      void this.deps.getToken().then(
        (token) => socket.readyState === 1 && socket.send(JSON.stringify({ type: 'auth', token } satisfies ShipStreamClientMessage)),
        () => this.streamFailed(),
      );
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      if (this.socket !== socket) return;
      const start = performance.now();
      const msg = JSON.parse(event.data) as ShipStreamServerMessage;
      switch (msg.type) {
        case 'ready':
          this.socketReady = true;
          this.stopPolling();
          this.on.onStatus('live');
          if (this.mode === 'ships') this.subscribe();
          break;
        case 'snapshot':
          this.on.onSimulated(msg.simulated);
          if (this.mode !== 'ships') break;
          if (msg.part === 0 && this.tooDense(msg.total)) return;
          this.on.onSnapshot(msg.ships, start, { first: msg.part === 0, last: msg.part === msg.parts - 1 });
          break;
        case 'diff':
          if (this.mode === 'ships') this.on.onDiff(msg.updated, msg.removed, start);
          break;
        case 'error':
          if (msg.code === 'unauthorized') this.streamFailed();
          break;
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) this.streamFailed();
    };
  }

  /** Too many ships for this zoom: cluster one level deeper and re-ask. */
  private tooDense(count: number): boolean {
    if (count <= MAP_MAX_LIVE_SHIPS || !this.bbox) return false;
    this.clusterBelowZoom = Math.max(this.clusterBelowZoom, Math.floor(this.zoom) + 1);
    this.mode = null;
    this.setView(this.bbox, this.zoom);
    return true;
  }

  private closeSocket() {
    const s = this.socket;
    this.socket = null;
    this.socketReady = false;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.close();
    }
  }

  private streamFailed() {
    this.closeSocket();
    if (this.closed) return;
    this.streamBlockedUntil = Date.now() + STREAM_RETRY_MS;
    this.pollNow();
  }

  private stopPolling() {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    this.pollAbort?.abort();
    this.pollAbort = null;
  }

  private pollNow() {
    this.stopPolling();
    if (this.closed || !this.bbox) return;
    const bbox = this.bbox;
    const zoom = this.zoom;
    const abort = new AbortController();
    this.pollAbort = abort;
    const clustered = zoom < this.clusterBelowZoom;
    const start = performance.now();
    this.deps
      .fetchPositions(positionsQuery(bbox, zoom, this.clusterBelowZoom, this.filter), abort.signal)
      .then((answer) => {
        if (abort.signal.aborted) return;
        this.on.onSimulated(answer.simulated);
        if (clustered) this.on.onClusters(answer.clusters);
        else if (!this.tooDense(answer.ships.length)) this.on.onSnapshot(answer.ships, start, WHOLE);
        if (this.mode === 'ships') this.on.onStatus('polling');
      })
      .catch(() => {
        if (!abort.signal.aborted) this.on.onStatus('error');
      })
      .finally(() => {
        if (abort.signal.aborted || this.closed) return;
        this.pollTimer = setTimeout(() => {
          // Back on the stream once its retry time has passed.
          if (this.mode === 'ships' && Date.now() >= this.streamBlockedUntil && this.bbox) this.setView(this.bbox, this.zoom);
          else this.pollNow();
        }, shipPollIntervalMs(zoom));
      });
  }
}
