/**
 * `toPyais`: a decoded message in the field names and conventions of pyais 3 (as
 * normalised in /shared/data/ais/README.md), so our output compares directly with
 * pyais / gpsd reference decodes. Not used on the hot path.
 */
import type { AisMessage } from './message-types.ts';

export type PyaisValue = string | number | boolean | null;
export type PyaisRecord = Record<string, PyaisValue>;

/** Degrees from 1/10000 minute fields, rounded to 6 decimals like pyais. Exact: no ties are possible. */
function deg6(v: number): number {
  const raw = Math.round(v * 600000);
  return Math.round((raw * 5) / 3) / 1e6;
}

/** Degrees from 1/10 minute fields (type 27), rounded to 6 decimals. */
function deg6From600(v: number): number {
  const raw = Math.round(v * 600);
  return Math.round((raw * 5000) / 3) / 1e6;
}

/** pyais keeps 1/10-minute fields of types 17, 22, 23 in minutes/10 units (raw / 10). */
function tenthMinutes(v: number): number {
  return Math.round(v * 600) / 10;
}

function opt(v: number | string | undefined): number | string | null {
  return v === undefined ? null : v;
}

/** Map a message to pyais field names (msg_type, shipname, to_bow, ...). */
export function toPyais(m: AisMessage): PyaisRecord {
  const o: PyaisRecord = { msg_type: m.type, repeat: m.repeat, mmsi: m.mmsi };
  switch (m.type) {
    case 1:
    case 2:
    case 3:
      Object.assign(o, {
        status: m.status,
        turn: m.turn,
        speed: m.speed,
        accuracy: m.accuracy,
        lon: deg6(m.lon),
        lat: deg6(m.lat),
        course: m.course,
        heading: m.heading,
        second: m.second,
        maneuver: m.maneuver,
        raim: m.raim,
        radio: m.radio,
        turn_raw: m.turnRaw,
      });
      break;
    case 4:
    case 11:
      Object.assign(o, {
        year: m.year,
        month: m.month,
        day: m.day,
        hour: m.hour,
        minute: m.minute,
        second: m.second,
        accuracy: m.accuracy,
        lon: deg6(m.lon),
        lat: deg6(m.lat),
        epfd: m.epfd,
        raim: m.raim,
        radio: m.radio,
      });
      break;
    case 5:
      Object.assign(o, {
        ais_version: m.aisVersion,
        imo: m.imo,
        callsign: m.callSign,
        shipname: m.shipName,
        ship_type: m.shipType,
        to_bow: m.toBow,
        to_stern: m.toStern,
        to_port: m.toPort,
        to_starboard: m.toStarboard,
        epfd: m.epfd,
        month: m.eta.month,
        day: m.eta.day,
        hour: m.eta.hour,
        minute: m.eta.minute,
        draught: m.draught,
        destination: m.destination,
        dte: m.dte,
      });
      break;
    case 6:
      Object.assign(o, {
        seqno: m.seqNo,
        dest_mmsi: m.destMmsi,
        retransmit: m.retransmit,
        dac: m.dac,
        fid: m.fid,
        data: m.data,
      });
      break;
    case 7:
    case 13:
      Object.assign(o, {
        mmsi1: opt(m.mmsi1),
        mmsiseq1: opt(m.mmsiSeq1),
        mmsi2: opt(m.mmsi2),
        mmsiseq2: opt(m.mmsiSeq2),
        mmsi3: opt(m.mmsi3),
        mmsiseq3: opt(m.mmsiSeq3),
        mmsi4: opt(m.mmsi4),
        mmsiseq4: opt(m.mmsiSeq4),
      });
      break;
    case 8:
      Object.assign(o, { dac: m.dac, fid: m.fid });
      if (m.inland === undefined) {
        o.data = m.data;
      } else {
        const i = m.inland;
        Object.assign(o, {
          vin: i.vin,
          length: i.length,
          beam: i.beam,
          shiptype: i.shipType,
          hazard: i.hazard,
          draught: i.draught,
          loaded: i.loaded,
          speed_q: i.speedQuality,
          course_q: i.courseQuality,
          heading_q: i.headingQuality,
        });
      }
      break;
    case 9:
      Object.assign(o, {
        alt: m.altitude,
        speed: m.speed,
        accuracy: m.accuracy,
        lon: deg6(m.lon),
        lat: deg6(m.lat),
        course: m.course,
        second: m.second,
        reserved_1: m.reserved1,
        dte: m.dte,
        assigned: m.assigned,
        raim: m.raim,
        radio: m.radio,
      });
      break;
    case 10:
      o.dest_mmsi = m.destMmsi;
      break;
    case 12:
      Object.assign(o, { seqno: m.seqNo, dest_mmsi: m.destMmsi, retransmit: m.retransmit, text: m.text });
      break;
    case 14:
      o.text = m.text;
      break;
    case 15:
      Object.assign(o, {
        mmsi1: opt(m.mmsi1),
        type1_1: opt(m.type1_1),
        offset1_1: opt(m.offset1_1),
        type1_2: opt(m.type1_2),
        offset1_2: opt(m.offset1_2),
        mmsi2: opt(m.mmsi2),
        type2_1: opt(m.type2_1),
        offset2_1: opt(m.offset2_1),
      });
      break;
    case 16:
      Object.assign(o, { mmsi1: m.mmsi1, offset1: m.offset1, increment1: m.increment1 });
      if (m.mmsi2 !== undefined) {
        Object.assign(o, { mmsi2: m.mmsi2, offset2: opt(m.offset2), increment2: opt(m.increment2) });
      }
      break;
    case 17:
      Object.assign(o, { lon: tenthMinutes(m.lon), lat: tenthMinutes(m.lat), data: m.data });
      break;
    case 18:
      Object.assign(o, {
        reserved_1: m.reserved1,
        speed: m.speed,
        accuracy: m.accuracy,
        lon: deg6(m.lon),
        lat: deg6(m.lat),
        course: m.course,
        heading: m.heading,
        second: m.second,
        reserved_2: m.reserved2,
        cs: m.cs,
        display: m.display,
        dsc: m.dsc,
        band: m.band,
        msg22: m.msg22,
        assigned: m.assigned,
        raim: m.raim,
        radio: m.radio,
      });
      break;
    case 19:
      Object.assign(o, {
        reserved_1: m.reserved1,
        speed: m.speed,
        accuracy: m.accuracy,
        lon: deg6(m.lon),
        lat: deg6(m.lat),
        course: m.course,
        heading: m.heading,
        second: m.second,
        reserved_2: m.reserved2,
        shipname: m.shipName,
        ship_type: m.shipType,
        to_bow: m.toBow,
        to_stern: m.toStern,
        to_port: m.toPort,
        to_starboard: m.toStarboard,
        epfd: m.epfd,
        raim: m.raim,
        dte: m.dte,
        assigned: m.assigned,
      });
      break;
    case 20:
      for (let k = 1; k <= 4; k++) {
        const r = m as unknown as Record<string, number | undefined>;
        o[`offset${k}`] = opt(r[`offset${k}`]);
        o[`number${k}`] = opt(r[`number${k}`]);
        o[`timeout${k}`] = opt(r[`timeout${k}`]);
        o[`increment${k}`] = opt(r[`increment${k}`]);
      }
      break;
    case 21:
      Object.assign(o, {
        aid_type: m.aidType,
        name: m.name,
        accuracy: m.accuracy,
        lon: deg6(m.lon),
        lat: deg6(m.lat),
        to_bow: m.toBow,
        to_stern: m.toStern,
        to_port: m.toPort,
        to_starboard: m.toStarboard,
        epfd: m.epfd,
        second: m.second,
        off_position: m.offPosition,
        reserved_1: m.reserved1,
        raim: m.raim,
        virtual_aid: m.virtualAid,
        assigned: m.assigned,
        name_ext: opt(m.nameExt),
        full_name: m.fullName,
      });
      break;
    case 22:
      Object.assign(o, { channel_a: m.channelA, channel_b: m.channelB, txrx: m.txrx, power: m.power });
      if (m.addressed) Object.assign(o, { dest1: opt(m.dest1), dest2: opt(m.dest2) });
      else {
        Object.assign(o, {
          ne_lon: m.neLon === undefined ? null : tenthMinutes(m.neLon),
          ne_lat: m.neLat === undefined ? null : tenthMinutes(m.neLat),
          sw_lon: m.swLon === undefined ? null : tenthMinutes(m.swLon),
          sw_lat: m.swLat === undefined ? null : tenthMinutes(m.swLat),
        });
      }
      Object.assign(o, { addressed: m.addressed, band_a: m.bandA, band_b: m.bandB, zonesize: m.zoneSize });
      break;
    case 23:
      Object.assign(o, {
        ne_lon: tenthMinutes(m.neLon),
        ne_lat: tenthMinutes(m.neLat),
        sw_lon: tenthMinutes(m.swLon),
        sw_lat: tenthMinutes(m.swLat),
        station_type: m.stationType,
        ship_type: m.shipType,
        txrx: m.txrx,
        interval: m.interval,
        quiet: m.quiet,
      });
      break;
    case 24:
      o.partno = m.partNo;
      if (m.partNo === 0) {
        o.shipname = m.shipName;
      } else {
        Object.assign(o, {
          ship_type: m.shipType,
          vendorid: m.vendorId,
          model: m.model,
          serial: m.serial,
          callsign: m.callSign,
        });
        if (m.mothershipMmsi !== undefined) o.mothership_mmsi = m.mothershipMmsi;
        else {
          Object.assign(o, {
            to_bow: opt(m.toBow),
            to_stern: opt(m.toStern),
            to_port: opt(m.toPort),
            to_starboard: opt(m.toStarboard),
          });
        }
      }
      break;
    case 25:
    case 26:
      Object.assign(o, {
        addressed: m.addressed,
        structured: m.structured,
        dest_mmsi: opt(m.destMmsi),
        app_id: opt(m.appId),
        data: m.data,
      });
      if (m.type === 26) o.radio = opt(m.radio);
      break;
    case 27:
      Object.assign(o, {
        accuracy: m.accuracy,
        raim: m.raim,
        status: m.status,
        lon: deg6From600(m.lon),
        lat: deg6From600(m.lat),
        speed: m.speed,
        course: m.course,
        gnss: m.gnss,
      });
      break;
  }
  return o;
}
