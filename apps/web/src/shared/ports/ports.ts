import { DEFAULT_PORT_CODE } from '@harbor/contracts/constants';
import type { SelectOption } from '../ui/select-field.tsx';

export interface PortOption {
  code: string;
  name: string;
}

/**
 * Main Finnish ports (UN/LOCODE) until the ports API feeds the picker. Place
 * names are proper nouns and stay as data. FIVSS is Vuosaari, Helsinki's
 * cargo harbour, the spec's default port.
 */
export const MAIN_PORTS: readonly PortOption[] = [
  { code: DEFAULT_PORT_CODE, name: 'Vuosaari (Helsinki)' },
  { code: 'FIHEL', name: 'Helsinki' },
  { code: 'FIHKO', name: 'Hanko' },
  { code: 'FIINK', name: 'Inkoo' },
  { code: 'FILOV', name: 'Loviisa' },
  { code: 'FIKTK', name: 'Kotka' },
  { code: 'FIHMN', name: 'Hamina' },
  { code: 'FITKU', name: 'Turku' },
  { code: 'FINLI', name: 'Naantali' },
  { code: 'FIUKI', name: 'Uusikaupunki' },
  { code: 'FIRAU', name: 'Rauma' },
  { code: 'FIPOR', name: 'Pori' },
  { code: 'FIKAS', name: 'Kaskinen' },
  { code: 'FIVAA', name: 'Vaasa' },
  { code: 'FIPRS', name: 'Pietarsaari' },
  { code: 'FIKOK', name: 'Kokkola' },
  { code: 'FIRAA', name: 'Raahe' },
  { code: 'FIOUL', name: 'Oulu' },
  { code: 'FIKEM', name: 'Kemi' },
  { code: 'FITOR', name: 'Tornio' },
  { code: 'FIMHQ', name: 'Maarianhamina' },
];

export function portName(code: string): string {
  return MAIN_PORTS.find((p) => p.code === code)?.name ?? code;
}

/** The main ports as select options, "Name (CODE)". */
export function portOptions(): SelectOption[] {
  return MAIN_PORTS.map((port) => ({ value: port.code, label: `${port.name} (${port.code})` }));
}
