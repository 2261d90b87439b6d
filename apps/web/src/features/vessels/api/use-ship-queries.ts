import { useQuery } from '@tanstack/react-query';
import type { ShipTrackResponse, TrajectoryResponse } from '@harbor/contracts';
import { SHIP_TRACK_MAX_AGE_MIN } from '@harbor/contracts/map';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { vesselsResponseSchemas } from './lazy-schemas.ts';

/** GET /v1/ships/info?mmsi: ship details for the ship-info tab. */
export function useShipInfo(mmsi: number | null) {
  return useQuery({
    queryKey: ['ships', 'info', mmsi],
    enabled: mmsi !== null,
    queryFn: async ({ signal }) =>
      parseAnswer(vesselsResponseSchemas(), api.get<unknown>(`/v1/ships/info?mmsi=${mmsi}`, signal), (s, answer) => s.shipDetailsSchema.parse(answer)),
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/ships/{mmsi}/positions?maxAge: past track (oldest first), also the position of a ship outside the view. */
export function useShipTrack(mmsi: number | null) {
  return useQuery({
    queryKey: ['ships', 'track', mmsi],
    enabled: mmsi !== null,
    // Large answers: trusted server shape, not re-validated (as the server does for positions).
    queryFn: ({ signal }) => api.get<ShipTrackResponse>(`/v1/ships/${mmsi}/positions?maxAge=${SHIP_TRACK_MAX_AGE_MIN}`, signal),
    refetchInterval: 60_000,
  });
}

/** GET /portcalls/current?mmsi: the voyage side of the ship card; cleared when the card closes (gcTime 0). */
export function useCurrentPortCall(mmsi: number | null) {
  return useQuery({
    queryKey: ['port-calls', 'current', mmsi],
    enabled: mmsi !== null,
    queryFn: async ({ signal }) =>
      parseAnswer(vesselsResponseSchemas(), api.get<unknown>(`/portcalls/current?mmsi=${mmsi}`, signal), (s, answer) =>
        s.currentPortCallResponseSchema.parse(answer),
      ),
    gcTime: 0,
  });
}

/** The predicted route is re-planned from the ship's position this often while its card is open. */
const TRAJECTORY_REFRESH_MS = 60_000;

/**
 * GET /v1/trajectory/{destination}/{lat,lon}?mmsi&smooth_trajectory=5: the
 * predicted route from where the ship is (read when the request is made) to its
 * destination port. No retries: a failure only clears the route (section 8).
 * Dropped when the card closes (gcTime 0).
 */
export function useTrajectory(mmsi: number | null, destination: string | null, position: () => { latitude: number; longitude: number } | null) {
  return useQuery({
    queryKey: ['routes', 'trajectory', mmsi, destination],
    enabled: mmsi !== null && destination !== null && position() !== null,
    queryFn: ({ signal }) => {
      const at = position()!;
      const where = `${at.latitude.toFixed(5)},${at.longitude.toFixed(5)}`;
      // Large answers: trusted server shape, not re-validated (as the track).
      return api.get<TrajectoryResponse>(`/v1/trajectory/${encodeURIComponent(destination!)}/${where}?mmsi=${mmsi}&smooth_trajectory=5`, signal);
    },
    retry: false,
    refetchInterval: TRAJECTORY_REFRESH_MS,
    gcTime: 0,
  });
}

/** GET /v1/ships/info/search?q: the first page (the cart's ship picker). */
export function useShipSearch(q: string) {
  return useQuery({
    queryKey: ['ships', 'search', q],
    enabled: q !== '',
    queryFn: async ({ signal }) =>
      parseAnswer(vesselsResponseSchemas(), api.get<unknown>(`/v1/ships/info/search?q=${encodeURIComponent(q)}`, signal), (s, answer) =>
        s.shipSearchResponseSchema.parse(answer),
      ),
    staleTime: 30_000,
  });
}

/** GET /v1/ais/status: whether the traffic shown is simulated. */
export function useAisStatus() {
  return useQuery({
    queryKey: ['ais', 'status'],
    queryFn: async ({ signal }) =>
      parseAnswer(vesselsResponseSchemas(), api.get<unknown>('/v1/ais/status', signal), (s, answer) => s.aisStatusResponseSchema.parse(answer)),
    refetchInterval: 60_000,
  });
}
