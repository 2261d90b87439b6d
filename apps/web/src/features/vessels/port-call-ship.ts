import type { PortCall, ShipDetails } from '@harbor/contracts';
import { harborShipTypeOf } from '@harbor/contracts/vessel-constants';

/**
 * Ship details from a port call, for a ship the registry and the AIS feed do
 * not know (a single-window call names it): name, IMO, call sign, flag, type
 * and the dimensions the call carries.
 */
export function portCallShipDetails(call: PortCall, mmsi: number): ShipDetails {
  const s = call.ship;
  return {
    ...s,
    simulated: call.simulated === true,
    mmsi,
    name: s.name ?? call.shipName,
    imo: s.imo ?? call.imo,
    flag: s.flag ?? call.shipFlag,
    harborShipType: harborShipTypeOf(s.shipType),
    // The call's `voyage` is its voyage number; the AIS voyage fields are unknown without a position.
    voyage: null,
  };
}
