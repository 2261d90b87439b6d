/**
 * IANA time zone of a port from its country and position. UN/LOCODE carries
 * no zone, and Intl knows zones but not which country they belong to, so:
 * one zone for one-zone countries, longitude/latitude bands for the big ones,
 * and the nautical zone (15 degrees of longitude per hour) as a last resort.
 */

const SINGLE: Record<string, string> = Object.fromEntries(
  `FI:Europe/Helsinki AX:Europe/Mariehamn SE:Europe/Stockholm NO:Europe/Oslo DK:Europe/Copenhagen
  EE:Europe/Tallinn LV:Europe/Riga LT:Europe/Vilnius PL:Europe/Warsaw DE:Europe/Berlin NL:Europe/Amsterdam
  BE:Europe/Brussels FR:Europe/Paris GB:Europe/London IE:Europe/Dublin IS:Atlantic/Reykjavik FO:Atlantic/Faroe
  GL:America/Nuuk ES:Europe/Madrid PT:Europe/Lisbon IT:Europe/Rome MT:Europe/Malta SI:Europe/Ljubljana
  HR:Europe/Zagreb ME:Europe/Podgorica AL:Europe/Tirane GR:Europe/Athens CY:Asia/Nicosia TR:Europe/Istanbul
  BG:Europe/Sofia RO:Europe/Bucharest UA:Europe/Kyiv GE:Asia/Tbilisi BA:Europe/Sarajevo MC:Europe/Monaco
  GI:Europe/Gibraltar BY:Europe/Minsk AT:Europe/Vienna CH:Europe/Zurich CZ:Europe/Prague SK:Europe/Bratislava
  HU:Europe/Budapest RS:Europe/Belgrade MD:Europe/Chisinau LU:Europe/Luxembourg
  MA:Africa/Casablanca DZ:Africa/Algiers TN:Africa/Tunis LY:Africa/Tripoli EG:Africa/Cairo IL:Asia/Jerusalem
  LB:Asia/Beirut SY:Asia/Damascus JO:Asia/Amman SA:Asia/Riyadh YE:Asia/Aden OM:Asia/Muscat AE:Asia/Dubai
  QA:Asia/Qatar BH:Asia/Bahrain KW:Asia/Kuwait IQ:Asia/Baghdad IR:Asia/Tehran PK:Asia/Karachi IN:Asia/Kolkata
  LK:Asia/Colombo BD:Asia/Dhaka MM:Asia/Yangon TH:Asia/Bangkok MY:Asia/Kuala_Lumpur SG:Asia/Singapore
  VN:Asia/Ho_Chi_Minh KH:Asia/Phnom_Penh PH:Asia/Manila CN:Asia/Shanghai HK:Asia/Hong_Kong TW:Asia/Taipei
  KR:Asia/Seoul KP:Asia/Pyongyang JP:Asia/Tokyo NZ:Pacific/Auckland FJ:Pacific/Fiji PG:Pacific/Port_Moresby
  SN:Africa/Dakar MR:Africa/Nouakchott GM:Africa/Banjul GN:Africa/Conakry SL:Africa/Freetown LR:Africa/Monrovia
  CI:Africa/Abidjan GH:Africa/Accra TG:Africa/Lome BJ:Africa/Porto-Novo NG:Africa/Lagos CM:Africa/Douala
  GA:Africa/Libreville CG:Africa/Brazzaville AO:Africa/Luanda NA:Africa/Windhoek ZA:Africa/Johannesburg
  MZ:Africa/Maputo TZ:Africa/Dar_es_Salaam KE:Africa/Nairobi SO:Africa/Mogadishu DJ:Africa/Djibouti
  ER:Africa/Asmara SD:Africa/Khartoum MG:Indian/Antananarivo MU:Indian/Mauritius
  CO:America/Bogota VE:America/Caracas PE:America/Lima EC:America/Guayaquil CL:America/Santiago
  AR:America/Argentina/Buenos_Aires UY:America/Montevideo PA:America/Panama CR:America/Costa_Rica
  CU:America/Havana JM:America/Jamaica DO:America/Santo_Domingo PR:America/Puerto_Rico BS:America/Nassau
  HN:America/Tegucigalpa GT:America/Guatemala NI:America/Managua SV:America/El_Salvador TT:America/Port_of_Spain`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split(':') as [string, string]),
);

type Band = [maxLon: number, zone: string];

/** Countries spanning zones: first band whose upper longitude is above the port's. */
const BANDS: Record<string, Band[]> = {
  RU: [[22.9, 'Europe/Kaliningrad'], [45, 'Europe/Moscow'], [50, 'Europe/Astrakhan'], [66, 'Asia/Yekaterinburg'],
    [80, 'Asia/Omsk'], [98, 'Asia/Krasnoyarsk'], [112, 'Asia/Irkutsk'], [128, 'Asia/Yakutsk'],
    [139, 'Asia/Vladivostok'], [145, 'Asia/Sakhalin'], [155, 'Asia/Magadan'], [181, 'Asia/Kamchatka']],
  CA: [[-120, 'America/Vancouver'], [-110, 'America/Edmonton'], [-90, 'America/Winnipeg'], [-64, 'America/Toronto'],
    [-59.5, 'America/Halifax'], [0, 'America/St_Johns']],
  MX: [[-114, 'America/Tijuana'], [-105, 'America/Mazatlan'], [-88, 'America/Mexico_City'], [0, 'America/Cancun']],
  BR: [[-60, 'America/Manaus'], [0, 'America/Sao_Paulo']],
  ID: [[115, 'Asia/Jakarta'], [125, 'Asia/Makassar'], [181, 'Asia/Jayapura']],
};

function usZone(lat: number, lon: number): string {
  if (lat < 25 && lon < -150) return 'Pacific/Honolulu';
  if (lon < -140) return 'America/Anchorage';
  if (lon < -114) return 'America/Los_Angeles';
  if (lon < -102) return 'America/Denver';
  if (lon < -85.5) return 'America/Chicago';
  if (lat < 19 && lon > -68) return 'America/Puerto_Rico';
  return 'America/New_York';
}

function auZone(lat: number, lon: number): string {
  if (lon < 129) return 'Australia/Perth';
  if (lon < 138) return lat > -26 ? 'Australia/Darwin' : 'Australia/Adelaide';
  if (lat < -39.5) return 'Australia/Hobart';
  return lat > -28.2 ? 'Australia/Brisbane' : 'Australia/Sydney';
}

/** 'Etc/GMT-2' means UTC+2 (POSIX sign); used when the country is unknown. */
function nauticalZone(lon: number): string {
  const h = Math.round(lon / 15);
  if (h === 0) return 'UTC';
  return `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`;
}

export function timeZoneOf(country: string, lat: number | null, lon: number | null): string | null {
  const single = SINGLE[country];
  if (single) return single;
  if (lat === null || lon === null) return null;
  if (country === 'US') return usZone(lat, lon);
  if (country === 'AU') return auZone(lat, lon);
  const bands = BANDS[country];
  if (bands) return bands.find(([max]) => lon < max)?.[1] ?? bands[bands.length - 1]![1];
  return nauticalZone(lon);
}
