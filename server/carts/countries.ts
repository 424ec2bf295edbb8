/**
 * Countries as a shipping address names them. Stored and compared as the officially assigned
 * ISO 3166-1 alpha-2 codes (249): user-assigned codes (XK, …) and reservations (EU, UK, …) are
 * not codes here, so a seller's delivery zones and an address always speak the same ones. Taken
 * as UCP's postal_address allows (types/postal_address.json: alpha-2 recommended, alpha-3 or the
 * full name for backward compatibility) on every binding that takes an address, and read to
 * alpha-2 here, once.
 */

/** Each alpha-2 code with its alpha-3 (ISO 3166-1, as Debian's iso-codes lists them). */
const ALPHA_2_AND_3 = (
    'AD:AND AE:ARE AF:AFG AG:ATG AI:AIA AL:ALB AM:ARM AO:AGO AQ:ATA AR:ARG AS:ASM AT:AUT AU:AUS ' +
    'AW:ABW AX:ALA AZ:AZE BA:BIH BB:BRB BD:BGD BE:BEL BF:BFA BG:BGR BH:BHR BI:BDI BJ:BEN BL:BLM ' +
    'BM:BMU BN:BRN BO:BOL BQ:BES BR:BRA BS:BHS BT:BTN BV:BVT BW:BWA BY:BLR BZ:BLZ CA:CAN CC:CCK ' +
    'CD:COD CF:CAF CG:COG CH:CHE CI:CIV CK:COK CL:CHL CM:CMR CN:CHN CO:COL CR:CRI CU:CUB CV:CPV ' +
    'CW:CUW CX:CXR CY:CYP CZ:CZE DE:DEU DJ:DJI DK:DNK DM:DMA DO:DOM DZ:DZA EC:ECU EE:EST EG:EGY ' +
    'EH:ESH ER:ERI ES:ESP ET:ETH FI:FIN FJ:FJI FK:FLK FM:FSM FO:FRO FR:FRA GA:GAB GB:GBR GD:GRD ' +
    'GE:GEO GF:GUF GG:GGY GH:GHA GI:GIB GL:GRL GM:GMB GN:GIN GP:GLP GQ:GNQ GR:GRC GS:SGS GT:GTM ' +
    'GU:GUM GW:GNB GY:GUY HK:HKG HM:HMD HN:HND HR:HRV HT:HTI HU:HUN ID:IDN IE:IRL IL:ISR IM:IMN ' +
    'IN:IND IO:IOT IQ:IRQ IR:IRN IS:ISL IT:ITA JE:JEY JM:JAM JO:JOR JP:JPN KE:KEN KG:KGZ KH:KHM ' +
    'KI:KIR KM:COM KN:KNA KP:PRK KR:KOR KW:KWT KY:CYM KZ:KAZ LA:LAO LB:LBN LC:LCA LI:LIE LK:LKA ' +
    'LR:LBR LS:LSO LT:LTU LU:LUX LV:LVA LY:LBY MA:MAR MC:MCO MD:MDA ME:MNE MF:MAF MG:MDG MH:MHL ' +
    'MK:MKD ML:MLI MM:MMR MN:MNG MO:MAC MP:MNP MQ:MTQ MR:MRT MS:MSR MT:MLT MU:MUS MV:MDV MW:MWI ' +
    'MX:MEX MY:MYS MZ:MOZ NA:NAM NC:NCL NE:NER NF:NFK NG:NGA NI:NIC NL:NLD NO:NOR NP:NPL NR:NRU ' +
    'NU:NIU NZ:NZL OM:OMN PA:PAN PE:PER PF:PYF PG:PNG PH:PHL PK:PAK PL:POL PM:SPM PN:PCN PR:PRI ' +
    'PS:PSE PT:PRT PW:PLW PY:PRY QA:QAT RE:REU RO:ROU RS:SRB RU:RUS RW:RWA SA:SAU SB:SLB SC:SYC ' +
    'SD:SDN SE:SWE SG:SGP SH:SHN SI:SVN SJ:SJM SK:SVK SL:SLE SM:SMR SN:SEN SO:SOM SR:SUR SS:SSD ' +
    'ST:STP SV:SLV SX:SXM SY:SYR SZ:SWZ TC:TCA TD:TCD TF:ATF TG:TGO TH:THA TJ:TJK TK:TKL TL:TLS ' +
    'TM:TKM TN:TUN TO:TON TR:TUR TT:TTO TV:TUV TW:TWN TZ:TZA UA:UKR UG:UGA UM:UMI US:USA UY:URY ' +
    'UZ:UZB VA:VAT VC:VCT VE:VEN VG:VGB VI:VIR VN:VNM VU:VUT WF:WLF WS:WSM YE:YEM YT:MYT ZA:ZAF ' +
    'ZM:ZMB ZW:ZWE'
)
  .split(' ')
  .map((pair) => pair.split(':') as [string, string]);

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ALPHA_2_AND_3.map(([alpha2]) => alpha2));

const BY_ALPHA_3: ReadonlyMap<string, string> = new Map(ALPHA_2_AND_3.map(([alpha2, alpha3]) => [alpha3, alpha2]));

/** English names (CLDR's, long and short: "United States", "Myanmar (Burma)", "Myanmar") → alpha-2; made on first use. */
let byName: Map<string, string> | undefined;

function names(): Map<string, string> {
  if (byName) return byName;
  const long = new Intl.DisplayNames(['en'], { type: 'region' });
  const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
  byName = new Map();
  for (const code of COUNTRY_CODES) {
    for (const name of [long.of(code), short.of(code)]) {
      // A short name of a code's length ("UK", "US") would make a reservation a code: codes are ISO's alone.
      if (name && name.length > 3) byName.set(nameKey(name), code);
    }
  }
  return byName;
}

/** A name as compared: case, accents and punctuation aside ("Côte d’Ivoire" is "cote d'ivoire", "St. Barthélemy" "st barthelemy"). */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The alpha-2 code a country is named by: an alpha-2 or alpha-3 code in any case ("us", "USA"), or
 * its English name ("United States", "côte d'ivoire"); undefined for anything else.
 */
export function countryCode(text: string): string | undefined {
  const upper = text.trim().toUpperCase();
  if (COUNTRY_CODES.has(upper)) return upper;
  return BY_ALPHA_3.get(upper) ?? names().get(nameKey(text));
}
