/** Shapes shared by the voyage generator (`harbor-ais simulate`) and its lane data. */

export interface LanePort {
  locode: string;
  name: string;
  /** Open-water point off the harbour, degrees. */
  lat: number;
  lon: number;
  /** IANA zone of the port: crews type ETAs in local time, and the generator imitates that. */
  timezone: string;
  utcOffsetStandard: string;
  utcOffsetSummer: string;
}

export interface SeaLane {
  from: string;
  to: string;
  /** Alternative paths from `from` to `to`, each [lat, lon][]; the first is the shortest. */
  variants: [number, number][][];
  /**
   * Per variant, per vertex: how far (km) a ship may sail to either side of the line. Checked
   * against the coastline at every LANE_OFFSETS fraction of it, which are the only offsets used.
   */
  widthsKm?: number[][];
}
