/**
 * The demo program's facilities (local runtime only): 1001 is the demo 'manager''s, 1002-1025 belong to
 * manager1002-manager1025. Every software a facility can run, four insurance programs, three retired
 * facilities, one facility without cycles. Each facility lists its cycles by phase (localstack/demo/cycles.ts),
 * oldest first, with the tenant count and the response profile its tenants follow.
 */
import { DEFAULT_STATE_COVERAGES } from '../../shared/reference-data';
import type { StateCode } from '../../shared/states';
import type { DemoCycle } from './cycles';


export interface DemoFacility {
  number: string;
  account_name: string;
  corporate_group: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  fax?: string;
  contact_name: string;
  software: 'easystorage' | 'syrasoft' | 'sitelink_web' | 'storedge';
  program: 'pma' | 'aig' | 'safeleases' | 'storsmart';
  prime_site_id: string;
  was_prime?: boolean;
  /** Days ago the facility left the program (Retired tab). */
  retiredDaysAgo?: number;
  note?: string;
  uses_updated_lease_language?: boolean;
  contacts?: { name: string; title: string }[];
  /** The manager has not changed the generated password yet (it shows on Manage Users). */
  freshManager?: boolean;
  cycles: DemoCycle[];
}

export const DEMO_FACILITY_NUMBER = '1001';

/**
 * The plans a demo facility offers (coverage, monthly premium): its state's defaults, and two of its own
 * at 1001. The SiteLink and StorEdge simulators offer the same plans for these facility numbers
 * (localstack/simulators/data.ts), as if the program had loaded them from the software, so the demo's
 * tenants can be set up there and a status sync reads back the program's own plans.
 */
export function demoPlanAmounts(f: Pick<DemoFacility, 'number' | 'state'>): { coverage: number; premium: number }[] {
  if (f.number === DEMO_FACILITY_NUMBER) return [{ coverage: 2000, premium: 12 }, { coverage: 5000, premium: 18 }];
  return DEFAULT_STATE_COVERAGES[f.state as StateCode].map(({ coverage, premium }) => ({ coverage, premium }));
}

export const DEMO_FACILITIES: readonly DemoFacility[] = [
  {
    // The demo manager's facility: two cycles (Master Audit), the newer one open for tagging before its deadline.
    number: '1001', account_name: 'Maple Street Self Storage', corporate_group: 'Maple Holdings', address: '1200 Maple Street',
    city: 'Springfield', state: 'IL', zip_code: '62701', phone: '2175550142', contact_name: 'Mia Manager', software: 'sitelink_web',
    program: 'pma', prime_site_id: '40101', contacts: [{ name: 'Paul Okafor', title: 'District Manager' }],
    cycles: [
      { phase: 'complete', initialLetterIn: -130, tenants: 42 },
      { phase: 'tagging', initialLetterIn: 12, tenants: 38, tagged: 3 },
    ],
  },
  {
    number: '1002', account_name: 'Lakeside Storage Center', corporate_group: 'Blue Harbor Storage Group', address: '455 Shoreline Drive',
    city: 'Madison', state: 'WI', zip_code: '53703', phone: '6085550117', contact_name: 'Dana Whitfield', software: 'easystorage',
    program: 'pma', prime_site_id: '40102',
    cycles: [
      { phase: 'reminder', initialLetterIn: -30, tenants: 48, profile: 'opt_outs' },
      { phase: 'tagging', initialLetterIn: 15, tenants: 22 },
    ],
  },
  {
    number: '1003', account_name: 'Desert Sun Self Storage', corporate_group: 'Southwest Storage Partners', address: '8120 E Indian School Road',
    city: 'Scottsdale', state: 'AZ', zip_code: '85251', phone: '4805550163', fax: '4805550164', contact_name: 'Luis Carrillo', software: 'storedge',
    program: 'aig', prime_site_id: '40103', contacts: [{ name: 'Rita Gomez', title: 'Regional Manager' }, { name: 'Sam Patel', title: 'Owner' }],
    cycles: [{ phase: 'setup', initialLetterIn: -55, tenants: 57, profile: 'proof' }],
  },
  {
    number: '1004', account_name: 'Pinecrest Mini Storage', corporate_group: 'Evergreen Storage LLC', address: '2200 Pine Avenue',
    city: 'Bend', state: 'OR', zip_code: '97701', phone: '5415550108', contact_name: 'Hannah Lindqvist', software: 'syrasoft',
    program: 'pma', prime_site_id: '40104', freshManager: true,
    cycles: [
      { phase: 'audit', initialLetterIn: -12, tenants: 31 },
      { phase: 'planned', initialLetterIn: 40, tenants: 0 },
    ],
  },
  {
    number: '1005', account_name: 'Gulf Coast Storage', corporate_group: 'Coastal Storage Holdings', address: '1750 Gulf Freeway',
    city: 'Houston', state: 'TX', zip_code: '77003', phone: '17135550190', contact_name: 'Marcus Bell', software: 'sitelink_web',
    program: 'pma', prime_site_id: '40105', was_prime: true, note: 'Gate code changes monthly; call the office before a site visit.',
    cycles: [
      { phase: 'complete', initialLetterIn: -140, tenants: 55, profile: 'move_outs' },
      { phase: 'confirmed', initialLetterIn: 4, tenants: 35, confirmed: 'no_move_outs' },
    ],
  },
  {
    number: '1006', account_name: 'Riverbend Self Storage', corporate_group: 'Riverbend Properties', address: '930 River Road',
    city: 'Chattanooga', state: 'TN', zip_code: '37405', phone: '4235550121', contact_name: 'Grace Holloway', software: 'storedge',
    program: 'pma', prime_site_id: '40106',
    cycles: [{ phase: 'recent', initialLetterIn: -47, tenants: 44, profile: 'bad_addresses' }],
  },
  {
    number: '1007', account_name: 'Peachtree Storage Depot', corporate_group: 'Southern Storage Co', address: '3400 Peachtree Road NE',
    city: 'Atlanta', state: 'GA', zip_code: '30326', phone: '4045550177', contact_name: 'Terrence Ward', software: 'sitelink_web',
    program: 'aig', prime_site_id: '40107',
    cycles: [{ phase: 'tagging', initialLetterIn: 10, tenants: 27, tagged: 2 }],
  },
  {
    number: '1008', account_name: 'Mountain View Storage', corporate_group: 'Summit Storage Partners', address: '601 Foothills Parkway',
    city: 'Boulder', state: 'CO', zip_code: '80302', phone: '3035550139', contact_name: 'Erin Castillo', software: 'easystorage',
    program: 'pma', prime_site_id: '40108', uses_updated_lease_language: false,
    cycles: [{ phase: 'reminder', initialLetterIn: -28, tenants: 36 }],
  },
  {
    number: '1009', account_name: 'Harbor Point Storage', corporate_group: 'Blue Harbor Storage Group', address: '12 Wharf Street',
    city: 'Portland', state: 'ME', zip_code: '04101', phone: '2075550150', contact_name: 'Owen Gallagher', software: 'syrasoft',
    program: 'pma', prime_site_id: '40109', was_prime: true,
    cycles: [
      { phase: 'complete', initialLetterIn: -120, tenants: 24, profile: 'move_outs' },
      { phase: 'audit', initialLetterIn: -15, tenants: 26 },
    ],
  },
  {
    number: '1010', account_name: 'Sunshine State Storage', corporate_group: 'Coastal Storage Holdings', address: '4800 N Dale Mabry Highway',
    city: 'Tampa', state: 'FL', zip_code: '33614', phone: '8135550126', contact_name: 'Priya Raman', software: 'storedge',
    program: 'aig', prime_site_id: '40110', contacts: [{ name: 'Victor Hale', title: 'Area Manager' }],
    cycles: [
      { phase: 'setup', initialLetterIn: -53, tenants: 60 },
      { phase: 'tagging', initialLetterIn: 18, tenants: 58, tagged: 4 },
    ],
  },
  {
    number: '1011', account_name: 'Prairie Wind Storage', corporate_group: 'Heartland Storage Trust', address: '7700 W Kellogg Drive',
    city: 'Wichita', state: 'KS', zip_code: '67209', phone: '3165550184', contact_name: 'Caleb Jensen', software: 'sitelink_web',
    program: 'pma', prime_site_id: '40111', freshManager: true,
    cycles: [{ phase: 'confirmed', initialLetterIn: 3, tenants: 29, tagged: 2, confirmed: 'monitor' }],
  },
  {
    number: '1012', account_name: 'Empire Self Storage', corporate_group: 'Metro Storage Group', address: '221 W 37th Street',
    city: 'New York', state: 'NY', zip_code: '10018', phone: '2125550111', fax: '2125550112', contact_name: 'Sofia Russo', software: 'easystorage',
    program: 'storsmart', prime_site_id: '40112',
    cycles: [{ phase: 'audit', initialLetterIn: -11, tenants: 52, profile: 'opt_outs' }],
  },
  {
    number: '1013', account_name: 'Golden Gate Storage', corporate_group: 'Pacific Storage Partners', address: '1550 Bryant Street',
    city: 'San Francisco', state: 'CA', zip_code: '94103', phone: '4155550145', contact_name: 'Kevin Tran', software: 'sitelink_web',
    program: 'aig', prime_site_id: '40113',
    cycles: [
      { phase: 'complete', initialLetterIn: -110, tenants: 33 },
      { phase: 'recent', initialLetterIn: -48, tenants: 39 },
    ],
  },
  {
    number: '1014', account_name: 'Bluegrass Storage', corporate_group: 'Heartland Storage Trust', address: '3100 Richmond Road',
    city: 'Lexington', state: 'KY', zip_code: '40509', phone: '8595550132', contact_name: 'Abigail Foster', software: 'syrasoft',
    program: 'pma', prime_site_id: '40114',
    cycles: [{ phase: 'planned', initialLetterIn: 35, tenants: 0 }],
  },
  {
    number: '1015', account_name: 'Cascade Storage Solutions', corporate_group: 'Evergreen Storage LLC', address: '14020 NE 8th Street',
    city: 'Bellevue', state: 'WA', zip_code: '98007', phone: '4255550199', contact_name: 'Noah Bergstrom', software: 'storedge',
    program: 'pma', prime_site_id: '40115',
    cycles: [
      { phase: 'reminder', initialLetterIn: -33, tenants: 41, profile: 'proof' },
      { phase: 'tagging', initialLetterIn: 20, tenants: 19 },
    ],
  },
  {
    number: '1016', account_name: 'Magnolia Self Storage', corporate_group: 'Southern Storage Co', address: '5200 Magnolia Avenue',
    city: 'New Orleans', state: 'LA', zip_code: '70115', phone: '5045550168', contact_name: 'Jasmine Broussard', software: 'sitelink_web',
    program: 'pma', prime_site_id: '40116',
    cycles: [{ phase: 'confirmed', initialLetterIn: 5, tenants: 34, tagged: 3, confirmed: 'move_outs' }],
  },
  {
    number: '1017', account_name: 'Red Rock Storage', corporate_group: 'Southwest Storage Partners', address: '3900 W Sahara Avenue',
    city: 'Las Vegas', state: 'NV', zip_code: '89102', phone: '7025550181', contact_name: 'Dylan Moreno', software: 'easystorage',
    program: 'aig', prime_site_id: '40117',
    cycles: [{ phase: 'setup', initialLetterIn: -57, tenants: 46, profile: 'move_outs' }],
  },
  {
    number: '1018', account_name: 'Liberty Bell Storage', corporate_group: 'Metro Storage Group', address: '800 N Delaware Avenue',
    city: 'Philadelphia', state: 'PA', zip_code: '19123', phone: '2155550154', contact_name: 'Rachel Kim', software: 'sitelink_web',
    program: 'safeleases', prime_site_id: '40118',
    cycles: [{ phase: 'audit', initialLetterIn: -16, tenants: 30, profile: 'bad_addresses' }],
  },
  {
    number: '1019', account_name: 'Great Lakes Storage', corporate_group: 'Blue Harbor Storage Group', address: '2600 E Jefferson Avenue',
    city: 'Detroit', state: 'MI', zip_code: '48207', phone: '3135550116', contact_name: 'Andre Coleman', software: 'storedge',
    program: 'pma', prime_site_id: '40119',
    cycles: [
      { phase: 'complete', initialLetterIn: -150, tenants: 50 },
      { phase: 'reminder', initialLetterIn: -26, tenants: 47, profile: 'bad_addresses' },
    ],
  },
  {
    number: '1020', account_name: 'Lone Star Storage', corporate_group: 'Coastal Storage Holdings', address: '9100 Research Boulevard',
    city: 'Austin', state: 'TX', zip_code: '78758', phone: '5125550170', contact_name: 'Megan Ortiz', software: 'syrasoft',
    program: 'pma', prime_site_id: '40120',
    cycles: [{ phase: 'tagging', initialLetterIn: 9, tenants: 16, tagged: 1 }],
  },
  {
    number: '1021', account_name: 'Carolina Pines Storage', corporate_group: 'Southern Storage Co', address: '6100 Glenwood Avenue',
    city: 'Raleigh', state: 'NC', zip_code: '27612', phone: '9195550187', contact_name: 'Brandon Hughes', software: 'sitelink_web',
    program: 'pma', prime_site_id: '40121',
    cycles: [
      { phase: 'recent', initialLetterIn: -45, tenants: 28 },
      { phase: 'planned', initialLetterIn: 45, tenants: 0 },
    ],
  },
  {
    // Newly set up: no cycles yet.
    number: '1022', account_name: 'Twin Cities Storage', corporate_group: 'Heartland Storage Trust', address: '1800 University Avenue W',
    city: 'Saint Paul', state: 'MN', zip_code: '55104', phone: '6515550103', contact_name: 'Ingrid Larson', software: 'easystorage',
    program: 'pma', prime_site_id: '40122', freshManager: true,
    cycles: [],
  },
  {
    number: '1023', account_name: 'Old Mill Storage', corporate_group: 'Evergreen Storage LLC', address: '75 Mill Street',
    city: 'Burlington', state: 'VT', zip_code: '05401', phone: '8025550128', contact_name: 'Walter Briggs', software: 'syrasoft',
    program: 'pma', prime_site_id: '40123', was_prime: true, retiredDaysAgo: 40,
    cycles: [{ phase: 'retired', initialLetterIn: -200, tenants: 21 }],
  },
  {
    number: '1024', account_name: 'Canyon Road Storage', corporate_group: 'Southwest Storage Partners', address: '640 Canyon Road',
    city: 'Santa Fe', state: 'NM', zip_code: '87501', phone: '5055550141', contact_name: 'Lucia Romero', software: 'sitelink_web',
    program: 'aig', prime_site_id: '40124', was_prime: true, retiredDaysAgo: 75,
    cycles: [{ phase: 'retired', initialLetterIn: -230, tenants: 33, profile: 'opt_outs' }],
  },
  {
    number: '1025', account_name: 'Seaside Storage', corporate_group: 'Pacific Storage Partners', address: '2100 Soquel Avenue',
    city: 'Santa Cruz', state: 'CA', zip_code: '95062', phone: '8315550160', contact_name: 'Ethan Marsh', software: 'storedge',
    program: 'pma', prime_site_id: '40125', retiredDaysAgo: 12,
    cycles: [{ phase: 'retired', initialLetterIn: -190, tenants: 18 }],
  },
];
