/**
 * Words shoppers use for things catalogs call otherwise. Typo correction (typo.ts,
 * typoCorrection) replaces a query word found in no product by the first of its synonyms the
 * catalog's vocabulary holds, before it tries spellings: "couch" searches "sofa", "rucksack"
 * "backpack". A word some product holds is never replaced, so a catalog that says "couch" is
 * searched for "couch".
 *
 * General English, British and American, not this catalog's taxonomy: each entry names the words
 * a shop might use instead, most likely first. Plurals are looked up as written and without their
 * plural ending.
 */
const SYNONYMS: Record<string, string[]> = {
  couch: ['sofa', 'loveseat'],
  settee: ['sofa', 'loveseat'],
  earphones: ['earbuds', 'headphones'],
  earphone: ['earbuds', 'headphones'],
  earpods: ['earbuds'],
  headset: ['headphones'],
  rucksack: ['backpack', 'daypack'],
  knapsack: ['backpack', 'daypack'],
  torch: ['flashlight', 'headlamp'],
  slacks: ['pants', 'trousers', 'chinos'],
  pullover: ['sweater', 'hoodie', 'jumper'],
  jumper: ['sweater', 'pullover'],
  jersey: ['sweater'],
  hoody: ['hoodie'],
  sweatpants: ['joggers'],
  denim: ['jeans'],
  shades: ['sunglasses'],
  specs: ['glasses'],
  wristwatch: ['watch'],
  timepiece: ['watch'],
  cellphone: ['phone'],
  mobile: ['phone'],
  smartphone: ['phone'],
  adapter: ['charger'],
  adaptor: ['charger'],
  powerbank: ['power'],
  bicycle: ['bike'],
  cycle: ['bike'],
  tennis: ['court'],
  trainers: ['sneakers'],
  kicks: ['sneakers'],
  football: ['soccer'],
  jotter: ['notebook', 'notepad'],
  diary: ['journal', 'planner'],
  agenda: ['planner'],
  biro: ['ballpoint'],
  pram: ['stroller'],
  duvet: ['comforter', 'quilt'],
  comforter: ['duvet', 'quilt'],
  bedsheets: ['sheet'],
  cup: ['mug'],
  beaker: ['mug', 'tumbler'],
  flask: ['bottle', 'thermos'],
  thermos: ['bottle', 'flask'],
  kettlebells: ['kettlebell'],
  barbell: ['weights'],
  hob: ['stove'],
  cooker: ['stove'],
  frypan: ['pan', 'skillet'],
  carryall: ['duffel', 'holdall'],
  holdall: ['duffel'],
  luggage: ['suitcase'],
  valise: ['suitcase'],
  handbag: ['bag', 'purse'],
  pocketbook: ['purse', 'wallet'],
  billfold: ['wallet'],
  cap: ['hat'],
  lamp: ['light'],
  bulb: ['light'],
  candlestick: ['candle'],
  sneaker: ['sneakers'],
  tee: ['shirt'],
  tshirt: ['shirt'],
};

/** The plural endings taken off a word before its second look-up. */
const PLURAL = /(?:ies|es|s)$/;

/** Synonyms of `word` (lower-case), most likely first; empty when it has none. */
export function synonymsOf(word: string): string[] {
  const direct = SYNONYMS[word];
  if (direct) return direct;
  const singular = word.replace(PLURAL, (ending) => (ending === 'ies' ? 'y' : ''));
  return (singular !== word && SYNONYMS[singular]) || [];
}
