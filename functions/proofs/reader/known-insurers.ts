/**
 * Insurers tenants' renters and homeowners policies come from, by the name staff know them by, with the
 * ways their pages print it (the writing company's legal name, a brand). A page naming one is read as
 * that insurer whatever the rest of the legal name; a page naming none may still print its company in
 * its heading (declarations-facts.ts takes that, less sure).
 */
export interface KnownInsurer {
  name: string;
  /** Lower-case; matched as whole words, OCR's usual confusions allowed (declarations-facts.ts). */
  aliases: string[];
}

export const KNOWN_INSURERS: readonly KnownInsurer[] = [
  { name: 'State Farm', aliases: ['state farm'] },
  { name: 'Allstate', aliases: ['allstate'] },
  { name: 'GEICO', aliases: ['geico', 'government employees insurance'] },
  { name: 'Progressive', aliases: ['progressive'] },
  { name: 'Liberty Mutual', aliases: ['liberty mutual', 'liberty insurance corporation'] },
  { name: 'Farmers', aliases: ['farmers insurance', 'farmers group', 'farmers'] },
  { name: 'USAA', aliases: ['usaa', 'united services automobile association'] },
  { name: 'Nationwide', aliases: ['nationwide'] },
  { name: 'Travelers', aliases: ['travelers'] },
  { name: 'American Family', aliases: ['american family', 'amfam'] },
  { name: 'Lemonade', aliases: ['lemonade'] },
  { name: 'Erie', aliases: ['erie insurance', 'erie indemnity', 'erie family'] },
  { name: 'Assurant', aliases: ['assurant', 'american bankers insurance'] },
  { name: 'Chubb', aliases: ['chubb'] },
  { name: 'The Hartford', aliases: ['the hartford', 'hartford fire insurance', 'hartford insurance'] },
  { name: 'MetLife', aliases: ['metlife', 'metropolitan property and casualty'] },
  { name: 'Safeco', aliases: ['safeco'] },
  { name: 'Foremost', aliases: ['foremost insurance'] },
  { name: 'Kemper', aliases: ['kemper'] },
  { name: 'Mercury', aliases: ['mercury insurance', 'mercury casualty'] },
  { name: 'Auto-Owners', aliases: ['auto-owners', 'auto owners insurance'] },
  { name: 'Amica', aliases: ['amica'] },
  { name: 'Homesite', aliases: ['homesite'] },
  { name: 'COUNTRY Financial', aliases: ['country financial', 'country mutual'] },
  { name: 'Hippo', aliases: ['hippo insurance'] },
  { name: 'Toggle', aliases: ['toggle insurance'] },
];
