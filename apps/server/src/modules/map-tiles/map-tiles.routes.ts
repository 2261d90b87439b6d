import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fairwayFeatureCollectionSchema, mapStyleParamsSchema, mapStyleQuerySchema, tileParamsSchema, tileQuerySchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { BaseTiles } from './base-tiles.ts';
import type { Basemap } from './basemap.ts';
import { fairwayCollection } from './fairways.ts';
import { defaultStyle, streetStyle } from './styles.ts';

const tags = ['map'];
const MVT = 'application/vnd.mapbox-vector-tile';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Tiles are many small requests per pan: the per-address limit is for the API, not the map.
const noRateLimit = { rateLimit: false } as const;

/** Sends gzipped tile bytes: as they are to clients that take gzip (every browser), unpacked to the rest. */
function sendTile(request: FastifyRequest, reply: FastifyReply, gz: Buffer, etag: string, cacheControl: string) {
  reply.header('content-type', MVT).header('etag', etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(gz);
  return reply.send(gunzipSync(gz));
}

export function mapTilesRoutes(app: FastifyInstance, ctx: AppContext, deps: { baseTiles: BaseTiles; basemap: Basemap | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { baseTiles, basemap } = deps;
  const baseEtag = `"base-${baseTiles.version}"`;

  r.get(
    '/tiles/base/:z/:x/:y.pbf',
    {
      config: noRateLimit,
      schema: {
        tags,
        summary: 'Base map vector tile (land, lakes, coastline; GSHHG full resolution in the Baltic, OpenStreetMap land around the North Sea, Natural Earth elsewhere), gzip',
        params: tileParamsSchema,
        querystring: tileQuerySchema,
      },
    },
    async (request, reply) => {
      const { z, x, y } = request.params;
      const gz = baseTiles.get(z, x, y);
      if (!gz) throw notFound({ tile: `${z}/${x}/${y}` });
      // A URL carrying the data version never changes; one without it revalidates by ETag.
      return sendTile(request, reply, gz, baseEtag, request.query.v === baseTiles.version ? IMMUTABLE : 'public, max-age=3600');
    },
  );

  r.get(
    '/tiles/basemap/:z/:x/:y.mvt',
    {
      config: noRateLimit,
      schema: { tags, summary: 'Full basemap vector tile from the PMTiles archive (BASEMAP_PMTILES), gzip', params: tileParamsSchema },
    },
    async (request, reply) => {
      const { z, x, y } = request.params;
      if (!basemap) throw notFound({ basemap: 'not configured' });
      const gz = await basemap.tile(z, x, y);
      if (!gz) return reply.code(204).header('cache-control', 'public, max-age=86400').header('etag', basemap.etag).send();
      return sendTile(request, reply, gz, basemap.etag, 'public, max-age=86400');
    },
  );

  r.get(
    '/api/map/styles/:name.json',
    {
      config: noRateLimit,
      schema: { tags, summary: 'MapLibre style: default (our offline sea map) or street (the PMTiles basemap), light or dark', params: mapStyleParamsSchema, querystring: mapStyleQuerySchema },
    },
    async (request, reply) => {
      const { theme } = request.query;
      if (request.params.name === 'street') {
        if (!basemap) throw notFound({ style: 'street', reason: 'BASEMAP_PMTILES is not configured' });
        return reply.header('cache-control', 'public, max-age=300').send(streetStyle(theme, basemap));
      }
      return reply.header('cache-control', 'public, max-age=300').send(defaultStyle(theme, baseTiles.version));
    },
  );

  r.get(
    '/api/map/fairways',
    {
      config: noRateLimit,
      schema: { tags, summary: 'Fairway areas, navigation lines and VTS lines (GeoJSON, imported with `npm run import -- fairways FILE`)', response: { 200: fairwayFeatureCollectionSchema } },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(await fairwayCollection(ctx.db)),
  );
}
