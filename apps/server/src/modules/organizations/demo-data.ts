import type { ListingUnit, ServiceCategory } from '@harbor/contracts';

/** Demo marketplace: seller organizations in Finnish ports and the services they list. */
export interface DemoService {
  title: string;
  category: ServiceCategory;
  unit: ListingUnit;
  /** Euros. */
  price: number;
  digital?: boolean;
  /** The seller delivers (otherwise the buyer arranges delivery). */
  delivered?: boolean;
  rfq?: boolean;
  description: string;
}

export interface DemoOrganization {
  name: string;
  email: string;
  businessId: string;
  city: string;
  ports: string[];
  lat: number;
  lon: number;
  short: string;
  services: DemoService[];
}

const s = (
  title: string,
  category: ServiceCategory,
  unit: ListingUnit,
  price: number,
  description: string,
  extra: Partial<DemoService> = {},
): DemoService => ({ title, category, unit, price, description, delivered: true, ...extra });

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: 'Vuosaari Port Services',
    email: 'seller@harbor.test',
    businessId: '2345678-9',
    city: 'Helsinki',
    ports: ['FIVSS', 'FIHEL'],
    lat: 60.2076,
    lon: 25.1947,
    short: 'Mooring, line handling and launch services in Vuosaari harbour.',
    services: [
      s('Mooring and unmooring', 'arrival-and-departure', 'unit', 420, 'Line handling crew for berthing and unberthing. Kiinnitys ja irrotus, köysipalvelu.'),
      s('Pilot boat transfer', 'arrival-and-departure', 'unit', 380, 'Boat transfer for pilots and crew between the anchorage and the quay. Luotsikuljetus.'),
      s('Fresh water supply', 'supplies', 'cubic-meter', 6.5, 'Potable water delivered by hose at the berth. Makea vesi laituriin.'),
      s('Shore power connection', 'energy', 'hour', 45, 'High-voltage shore connection with metering. Maasähkö aluksille.'),
      s('Crew transport to the city', 'crew', 'person', 35, 'Minibus transfer from the gangway to Helsinki centre. Miehistökuljetus.'),
      s('Gangway watch', 'security', 'hour', 39, 'ISPS-trained gangway watchman. Portinvartija laivan portaille.'),
      s('Garbage collection', 'waste', 'cubic-meter', 58, 'Sorted ship waste collected at the berth according to MARPOL Annex V. Jätehuolto.'),
      s('Hull cleaning by divers', 'husbandry', 'square-meter', 2.2, 'Underwater hull cleaning with ROV inspection report. Vedenalainen pohjan puhdistus.', { rfq: true }),
    ],
  },
  {
    name: 'Helsinki Harbour Works Oy',
    email: 'sales@helsinki-harbour.harbor.test',
    businessId: '3456789-0',
    city: 'Helsinki',
    ports: ['FIHEL', 'FIVSS'],
    lat: 60.1553,
    lon: 24.9507,
    short: 'Technical repairs and spare parts in the port of Helsinki.',
    services: [
      s('Engine room repair crew', 'technical', 'hour', 95, 'Mechanics for main and auxiliary engine repairs. Konehuoneen korjaukset.'),
      s('Welding and steel works', 'technical', 'hour', 88, 'Certified welders for hull and deck steel. Hitsaustyöt.'),
      s('Spare parts delivery', 'supplies', 'box', 60, 'Customs-cleared spare parts delivered to the ship. Varaosatoimitus laivaan.'),
      s('Crane inspection', 'land-equipment-maintenance', 'unit', 650, 'Annual inspection of ship and quay cranes with certificate. Nostureiden tarkastus.'),
      s('Electrical troubleshooting', 'technical', 'hour', 92, 'Marine electricians for switchboards and automation. Sähkövianetsintä.'),
      s('Forklift rental', 'land-equipment-maintenance', 'day', 240, 'Forklifts up to 16 tonnes with operator. Trukkivuokraus.', { delivered: false }),
      s('Provision delivery', 'supplies', 'pallet', 120, 'Fresh and frozen provisions to the ship. Muonitus.'),
    ],
  },
  {
    name: 'Turku Marine Supply Oy',
    email: 'sales@turku-marine.harbor.test',
    businessId: '4567890-1',
    city: 'Turku',
    ports: ['FITKU'],
    lat: 60.4357,
    lon: 22.2195,
    short: 'Ship chandler and bunkering partner in Turku.',
    services: [
      s('Ship chandling', 'supplies', 'unit', 150, 'Deck, engine and cabin stores. Laivatarvikkeet.'),
      s('Marine gas oil bunkering', 'energy', 'metric-ton', 890, 'MGO delivered by truck or barge. Polttoainetäydennys.', { rfq: true }),
      s('Lubricating oil delivery', 'energy', 'liter', 3.4, 'Lube oil in drums or bulk. Voiteluöljy.'),
      s('Sludge and bilge water removal', 'waste', 'cubic-meter', 95, 'Oily waste collection by tank truck. Öljyisen jätteen vastaanotto.'),
      s('Mooring at Turku passenger quay', 'arrival-and-departure', 'unit', 390, 'Line handling for ferries and cruise ships. Kiinnityspalvelu.'),
      s('Crew change assistance', 'crew', 'person', 55, 'Airport transfers and hotel bookings for joining crew. Miehistönvaihto.'),
      s('Hold cleaning', 'husbandry', 'hour', 70, 'Cargo hold washing and inspection readiness. Ruumien puhdistus.'),
      s('Customs declarations', 'authorities', 'unit', 85, 'Ship and cargo customs formalities. Tulli-ilmoitukset.', { digital: true }),
    ],
  },
  {
    name: 'Kokkola Bulk Stevedoring Oy',
    email: 'sales@kokkola-bulk.harbor.test',
    businessId: '5678901-2',
    city: 'Kokkola',
    ports: ['FIKOK'],
    lat: 63.8583,
    lon: 23.0417,
    short: 'Bulk and project cargo stevedoring in the deep-water port of Kokkola.',
    services: [
      s('Bulk cargo discharge', 'stevedoring', 'metric-ton', 4.2, 'Grab discharge of ores and minerals. Bulkkilastin purku.'),
      s('Bulk cargo loading', 'stevedoring', 'metric-ton', 3.9, 'Conveyor loading to ship. Bulkkilastin lastaus.'),
      s('Project cargo lifting', 'cargo-handling', 'unit', 2800, 'Heavy lifts with mobile harbour cranes. Projektilastit.', { rfq: true }),
      s('Cargo survey', 'classification', 'unit', 520, 'Draft survey and cargo condition report. Lastin tarkastus.'),
      s('Warehouse storage', 'cargo-handling', 'square-meter', 1.8, 'Covered storage next to the quay. Varastointi.', { delivered: false }),
      s('Lashing and securing', 'cargo-handling', 'hour', 65, 'Lashing gang for deck cargo. Lastin sidonta.'),
      s('Ice class inspection', 'classification', 'unit', 780, 'Hull inspection for Finnish-Swedish ice class. Jääluokkatarkastus.'),
    ],
  },
  {
    name: 'Hamina-Kotka Logistics Oy',
    email: 'sales@haminakotka-logistics.harbor.test',
    businessId: '6789012-3',
    city: 'Kotka',
    ports: ['FIHMN', 'FIKTK'],
    lat: 60.5322,
    lon: 27.0926,
    short: 'Container, forwarding and shipping agency in Finland’s largest export port.',
    services: [
      s('Container stuffing', 'container', 'container-20ft', 310, 'Stuffing and lashing of 20-foot containers. Konttien lastaus.'),
      s('Container stuffing, 40 ft', 'container', 'container-40ft', 450, 'Stuffing and lashing of 40-foot containers. Konttien lastaus.'),
      s('Reefer monitoring', 'container', 'day', 28, 'Temperature monitoring of reefer containers. Kylmäkonttien valvonta.'),
      s('Freight forwarding to Russia border', 'freight-forwarding', 'unit', 900, 'Road forwarding with documents. Huolinta.', { rfq: true }),
      s('Shipping agency', 'shipping', 'unit', 1200, 'Port call agency: clearance, berth booking, husbandry. Laivanselvitys.'),
      s('Customs warehouse', 'freight-forwarding', 'pallet', 14, 'Bonded storage per pallet per week. Tullivarasto.', { delivered: false }),
      s('Empty container depot', 'container', 'container-45ft-high', 35, 'Depot storage and repair of empty containers. Konttivarikko.', { delivered: false }),
      s('Fumigation', 'husbandry', 'container-20ft', 260, 'Container and hold fumigation. Kaasutus.'),
    ],
  },
  {
    name: 'Rauma Technical Services Oy',
    email: 'sales@rauma-technical.harbor.test',
    businessId: '7890123-4',
    city: 'Rauma',
    ports: ['FIRAU'],
    lat: 61.1275,
    lon: 21.4706,
    short: 'Repairs, security and crew services in Rauma.',
    services: [
      s('Underwater inspection', 'classification', 'unit', 1400, 'Class-approved diving inspection with video. Vedenalainen tarkastus.'),
      s('Propeller polishing', 'husbandry', 'unit', 1900, 'In-water propeller polishing. Potkurin kiillotus.'),
      s('Port security guard', 'security', 'hour', 42, 'Security guards for ISPS level 2. Satamavartiointi.'),
      s('Crew medical visit', 'crew', 'person', 140, 'Doctor visit on board. Lääkärikäynti laivalla.'),
      s('Hydraulic hose workshop', 'technical', 'unit', 75, 'Hydraulic hoses made to order. Hydrauliletkut.'),
      s('Towage assistance', 'arrival-and-departure', 'hour', 850, 'Harbour tug assistance. Hinaus.', { rfq: true }),
      s('Oily rags and filters disposal', 'waste', 'kilogram', 1.6, 'Hazardous waste collection. Ongelmajätteet.'),
    ],
  },
  {
    name: 'Oulu Arctic Port Agency Oy',
    email: 'sales@oulu-arctic.harbor.test',
    businessId: '8901234-5',
    city: 'Oulu',
    ports: ['FIOUL'],
    lat: 65.0053,
    lon: 25.4192,
    short: 'Agency and winter navigation services in the Bay of Bothnia.',
    services: [
      s('Winter navigation briefing', 'shipping', 'unit', 180, 'Ice situation and icebreaker assistance briefing. Talvimerenkulku.', { digital: true }),
      s('Port agency in Oulu', 'shipping', 'unit', 1100, 'Full agency for port calls in Oulu. Satama-agentuuri.'),
      s('Authority notifications', 'authorities', 'unit', 95, 'Port state and border notifications. Viranomaisilmoitukset.', { digital: true }),
      s('Crew shore leave transport', 'crew', 'person', 30, 'Transport to the city centre. Maissaolokuljetus.'),
      s('Fresh water in winter', 'supplies', 'cubic-meter', 9.5, 'Heated water delivery in frost. Vesi talviolosuhteissa.'),
      s('De-icing of decks', 'husbandry', 'hour', 85, 'Ice removal from decks and hatches. Kansien jäänpoisto.'),
      s('Stevedoring for paper reels', 'stevedoring', 'metric-ton', 5.5, 'Forest product loading. Paperirullien lastaus.'),
    ],
  },
  {
    name: 'Baltic Waste & Energy Oy',
    email: 'sales@baltic-waste-energy.harbor.test',
    businessId: '9012345-6',
    city: 'Helsinki',
    ports: ['FIVSS', 'FITKU', 'FIHEL'],
    lat: 60.2101,
    lon: 25.1822,
    short: 'Waste reception and alternative fuels for ships in southern Finland.',
    services: [
      s('Sewage reception', 'waste', 'cubic-meter', 22, 'Black and grey water reception by truck. Jätevesien vastaanotto.'),
      s('LNG bunkering', 'energy', 'metric-ton', 980, 'Truck-to-ship LNG. Nesteytetyn maakaasun tankkaus.', { rfq: true }),
      s('Biofuel bunkering', 'energy', 'metric-ton', 1150, 'Renewable diesel for ships. Uusiutuva diesel.'),
      s('Food waste collection', 'waste', 'kilogram', 0.6, 'Separate collection of galley waste. Biojäte.'),
      s('Scrubber wash water reception', 'waste', 'cubic-meter', 48, 'Reception of scrubber residues. Pesurivesien vastaanotto.'),
      s('Emissions report', 'other', 'unit', 240, 'Port stay emissions report for EU MRV. Päästöraportti.', { digital: true }),
    ],
  },
  {
    name: 'Vessel Data Finland Oy',
    email: 'sales@vessel-data.harbor.test',
    businessId: '1123456-7',
    city: 'Espoo',
    ports: ['FIVSS', 'FIHEL', 'FITKU', 'FIOUL'],
    lat: 60.1841,
    lon: 24.8301,
    short: 'Vessel ETA, events and navigation APIs.',
    services: [
      s('Vessel ETA prediction API', 'vessel-eta', 'day', 25, 'Predicted arrival times for Finnish ports. Saapumisaikaennusteet.', { digital: true }),
      s('Vessel events feed', 'vessel-events', 'day', 18, 'Arrivals, departures and berth events as webhooks. Alustapahtumat.', { digital: true }),
      s('Navigation API', 'vessel-navigation-apis', 'day', 30, 'Fairway, depth and route data API. Navigointirajapinta.', { digital: true }),
      s('Port call history export', 'vessel-events', 'unit', 150, 'Historical port calls as CSV. Satamakäyntihistoria.', { digital: true }),
    ],
  },
];
