/**
 * The simulate command's lines of `harbor-ais --help`: apart from simulate-command.ts so the
 * CLI loads the simulator (and its 190 KB of sea lanes) only when simulate runs.
 */
export const SIMULATE_USAGE = `  simulate --days N --tracks-csv   Simulated voyages between real Baltic ports as a tracks CSV
      (mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination) on stdout
      --ships K            ships (default 40: ferries, liners and tramps)
      --seed S             random seed (default 1); the same seed gives the same output
      --interval SEC       seconds between a ship's reports (default 300)
      --start ISO          first report time (default 2025-09-01T00:00:00Z)
      --status-under-way SHARE  share of crews (0-1, default 0) that leave the status at
                           "under way" at anchor and alongside, as many real crews do
      --eta-at-anchor SHARE  share of crews (0-1, default 0) that, waiting at anchor,
                           type the berth time they were given as their ETA
      --truth FILE         write the true port calls: mmsi,arrival_port,arrival_time,departure_time
`;
