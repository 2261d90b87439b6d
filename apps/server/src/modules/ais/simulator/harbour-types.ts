/** A simulator port's harbour: water paths [lat, lon] from its sea point, the first point of each path. */
export interface SimHarbour {
  locode: string;
  /** DVK quays the fleet can reach; the path ends where a ship lies at the quay. */
  berths: { name: string | null; lengthM: number | null; path: [number, number][] }[];
  /** Distinct anchoring spots of the port's anchorage, each with its path. */
  anchorage: { name: string | null; spots: [number, number][][] } | null;
}
