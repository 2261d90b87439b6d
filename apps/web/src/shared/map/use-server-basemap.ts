import { useQuery } from '@tanstack/react-query';
import { serverStreetStyleUrl } from './base-styles.ts';

/**
 * Whether the API serves the Street style from a PMTiles basemap (BASEMAP_PMTILES):
 * a HEAD of the style, once per page load. Only asked when no street style URL is
 * built in.
 */
export function useServerBasemap(needed: boolean): boolean {
  const { data } = useQuery({
    queryKey: ['map', 'server-basemap'],
    enabled: needed,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => (await fetch(serverStreetStyleUrl('light'), { method: 'HEAD', signal })).ok,
  });
  return data === true;
}
