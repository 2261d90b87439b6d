/** One AIS report as the predictor sees it (replay rows and the live feed alike). */
export interface EtaReport {
  mmsi: number;
  /** ms since epoch (UTC). */
  at: number;
  lat: number;
  lon: number;
  /** Knots; null when not available (102.3). */
  sog: number | null;
  /** Degrees; null when not available (360). */
  cog: number | null;
  heading: number | null;
  navStatus: number | null;
  /** The crew's ETA as ms since epoch, or null. */
  reportedEta: number | null;
  destination: string | null;
}

export interface EtaPrediction {
  /** UN/LOCODE of the next port, or null. */
  destination: string | null;
  /** ms since epoch, or null. */
  eta: number | null;
  /** What the ETA came from: the ship's own past voyages, other ships', distance over speed, the crew's. */
  basis: 'own-history' | 'fleet-history' | 'distance' | 'reported' | 'in-port' | null;
}

/** A port call the detector found: arrival = stopped within the port's reach; departure = left it. */
export interface DetectedCall {
  mmsi: number;
  port: string;
  arrival: number;
  departure: number | null;
}
