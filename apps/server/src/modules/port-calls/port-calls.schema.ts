import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PortCallService, PortCallSource, PortCallStatus, PortCallTimestamp } from '@harbor/contracts';
import type { OpenCall } from './detection.ts';

/** Ship columns a source told us (AIS static data, the single window's agent list...). */
export interface ShipFacts {
  callSign?: string | null;
  shipType?: number | null;
  length?: number | null;
  width?: number | null;
  draught?: number | null;
  manager?: string | null;
  voyage?: string | null;
  speed?: number | null;
  course?: number | null;
  navigationStatus?: number | null;
}

/**
 * One row per visit, whichever sources know it. `pc_id` (national single
 * window) and `ais_visit_key` (detector) are each unique, so neither source
 * can create a second row for a visit the other already has, and a replay or
 * restart upserts instead of duplicating.
 */
export const portCalls = pgTable(
  'port_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pcId: text('pc_id'),
    aisVisitKey: text('ais_visit_key'),
    portCode: text('port_code').notNull(),
    prevPort: text('prev_port'),
    nextPort: text('next_port'),
    mmsi: integer('mmsi'),
    imo: integer('imo'),
    shipName: text('ship_name'),
    shipFlag: text('ship_flag'),
    status: text('status').$type<PortCallStatus>().notNull(),
    eta: timestamp('eta', { withTimezone: true }),
    etd: timestamp('etd', { withTimezone: true }),
    ata: timestamp('ata', { withTimezone: true }),
    atd: timestamp('atd', { withTimezone: true }),
    sources: text('sources').array().$type<PortCallSource[]>().notNull(),
    timestamps: jsonb('timestamps').$type<PortCallTimestamp[]>().notNull().default([]),
    services: jsonb('services').$type<PortCallService[]>().notNull().default([]),
    planState: text('plan_state').$type<'none' | 'confirmed'>().notNull().default('none'),
    ship: jsonb('ship').$type<ShipFacts>().notNull().default({}),
    /** The detector's open-call state, so a restart resumes the visit instead of opening a new one. */
    detector: jsonb('detector').$type<OpenCall & { lastAt: number }>(),
    /**
     * Detected from the simulator's traffic (no internet): listed only while the
     * product shows simulated ships, deleted when a real feed connects, and never
     * matched with a single-window call.
     */
    simulated: boolean('simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('port_calls_pc_id_unique').on(t.pcId),
    uniqueIndex('port_calls_ais_visit_key_unique').on(t.aisVisitKey),
    index('port_calls_port_status_idx').on(t.portCode, t.status),
    index('port_calls_mmsi_idx').on(t.mmsi),
    index('port_calls_imo_idx').on(t.imo),
  ],
);

export type PortCallRow = typeof portCalls.$inferSelect;
export type NewPortCallRow = typeof portCalls.$inferInsert;
