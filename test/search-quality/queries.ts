/**
 * The search-quality query set: what shoppers and their agents type, each with what it should find.
 * Written before search was tuned against it, and measured by `npm run bench:search` (recall@10 and
 * the zero-result rate, on PGlite and on Postgres) and by test/search-quality/search-quality.test.ts.
 *
 * A query's right answers (its relevant set) are the catalog's products that satisfy `want`:
 * - `categories`: in one of these category paths (a path or any path under it);
 * - `brand`, `minPriceCents`, `maxPriceCents`: and of that brand, priced (cheapest variant) within;
 * - `words`: and matching these words as the search vector does (title, brand, category,
 *   description), for queries that ask for something narrower than a whole category;
 * - or `title`: the product of exactly that title.
 * recall@10 of a query is the share of its relevant set in the first 10 results, out of at most 10
 * (a relevant set of 4 is found in full by 4 of them).
 *
 * `from` marks a query derived from the generator's taxonomy (server/catalog/taxonomy.ts): the noun,
 * feature or name of its category it is written from (spelt, pluralised or misspelt as a shopper
 * might, or with a price).
 * The rest are written by hand from the demo catalog (its brands, its pinned products) or from how
 * people shop (synonyms, gifts).
 */
import { LEAF_CATEGORIES } from '../../server/catalog/taxonomy';

export const QUERY_KINDS = ['typo', 'synonym', 'plural', 'vague', 'price', 'brand', 'plain'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface CategoryWant {
  categories: string[];
  brand?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  words?: string;
}
export interface TitleWant {
  title: string;
}

export interface QualityQuery {
  q: string;
  kind: QueryKind;
  want: CategoryWant | TitleWant;
  /** The taxonomy noun, feature or category name the query is written from (derived queries only). */
  from?: string;
}

/** The taxonomy path of the leaf whose last segment is `name` (throws when there is not exactly one). */
export function leaf(name: string): string {
  const found = LEAF_CATEGORIES.filter((c) => c.path.endsWith(` > ${name}`));
  if (found.length !== 1) throw new Error(`no single leaf category named ${name} (${found.length})`);
  return found[0].path;
}

/** Categories by name: a path with " > " or a top-level segment is a prefix as written; any other name is a leaf's. */
const cats = (...names: string[]) =>
  names.map((n) => (n.includes(' > ') || LEAF_CATEGORIES.some((c) => c.path.startsWith(`${n} > `)) ? n : leaf(n)));

const typo = (q: string, from: string, ...categories: string[]): QualityQuery => ({ q, kind: 'typo', from, want: { categories: cats(...categories) } });
const plural = (q: string, from: string, ...categories: string[]): QualityQuery => ({ q, kind: 'plural', from, want: { categories: cats(...categories) } });
const plain = (q: string, from: string, ...categories: string[]): QualityQuery => ({ q, kind: 'plain', from, want: { categories: cats(...categories) } });
const synonym = (q: string, ...categories: string[]): QualityQuery => ({ q, kind: 'synonym', want: { categories: cats(...categories) } });
const vague = (q: string, ...categories: string[]): QualityQuery => ({ q, kind: 'vague', want: { categories: cats(...categories) } });
const brand = (q: string, brandName: string, ...categories: string[]): QualityQuery => ({
  q,
  kind: 'brand',
  want: { categories: cats(...categories), brand: brandName },
});
const price = (q: string, from: string, want: Omit<CategoryWant, 'categories'> & { categories: string[] }): QualityQuery => ({
  q,
  kind: 'price',
  from,
  want: { ...want, categories: cats(...want.categories) },
});
const product = (q: string, title: string, kind: QueryKind = 'plain'): QualityQuery => ({ q, kind, want: { title } });

export const QUALITY_QUERIES: QualityQuery[] = [
  // ---------------------------------------------------------------- typos (taxonomy nouns and features)
  typo('blutooth speaker', 'Bluetooth Speaker', 'Speakers'),
  typo('portible speaker', 'Portable Speaker', 'Speakers'),
  typo('wirelss headphnes', 'Wireless Headphones', 'Headphones'),
  typo('noise cancelling hedphones', 'Noise Cancelling Headphones', 'Headphones', 'Earbuds'),
  typo('sport earbds', 'Sport Earbuds', 'Earbuds'),
  typo('mechanicl keybord', 'Mechanical Keyboard', 'Keyboards'),
  typo('ergonomc keyboard', 'Ergonomic Keyboard', 'Keyboards'),
  typo('condensor microphone', 'Condenser Microphone', 'Microphones'),
  typo('usb microphne', 'USB Microphone', 'Microphones'),
  typo('gamng monitor', 'Gaming Monitor', 'Monitors'),
  typo('ultrawide moniter', 'Ultrawide Monitor', 'Monitors'),
  typo('wireles charger', 'Wireless Charger', 'Chargers'),
  typo('powr bank', 'Power Bank', 'Chargers'),
  typo('smartwach', 'Smartwatch', 'Smartwatches'),
  typo('fitnes tracker', 'Fitness Tracker', 'Smartwatches'),
  typo('mini projecter', 'Mini Projector', 'Projectors'),
  typo('smart blub', 'Smart Bulb', 'Smart Lighting'),
  typo('led light strp', 'LED Light Strip', 'Smart Lighting'),
  typo('rain jaket', 'Rain Jacket', 'Coats & Jackets'),
  typo('cargo pnats', 'Cargo Pants', 'Pants'),
  typo('maxi dres', 'Maxi Dress', 'Dresses'),
  typo('cashmere sweter', 'Cashmere', 'Sweaters'),
  typo('runing shorts', 'Running Shorts', 'Activewear'),
  typo('hiking sokcs', 'Hiking Socks', 'Socks'),
  typo('runnig shoes', 'Running Shoes', 'Sneakers'),
  typo('chelsea bots', 'Chelsea Boots', 'Boots'),
  typo('bifold walet', 'Bifold Wallet', 'Wallets & Money Clips'),
  typo('crossbody bagg', 'Crossbody Bag', 'Handbags'),
  typo('signet rign', 'Signet Ring', 'Rings'),
  typo('aviator sunglases', 'Aviator Sunglasses', 'Sunglasses'),
  typo('mummy sleping bag', 'Mummy Sleeping Bag', 'Sleeping Bags'),
  typo('sleeping pda', 'Sleeping Pad', 'Sleeping Pads'),
  typo('camping stov', 'Camping Stove', 'Camp Cooking'),
  typo('hikng backpack', 'Hiking Backpack', 'Hiking Backpacks'),
  typo('headlmap', 'Headlamp', 'Camping Lights'),
  typo('insulated botle', 'Insulated Bottle', 'Hydration'),
  typo('mountian bike', 'Mountain Bike', 'Bicycles'),
  typo('bike helmt', 'Bike Helmet', 'Bicycle Helmets'),
  typo('climbing harnes', 'Climbing Harness', 'Climbing'),
  typo('fishing rdo', 'Fishing Rod', 'Fishing'),
  typo('ski gogles', 'Ski Goggles', 'Skiing & Snowboarding'),
  typo('yoga matt', 'Yoga Mat', 'Yoga & Pilates'),
  typo('kettlebel', 'Kettlebell', 'Weights'),
  typo('socer ball', 'Soccer Ball', 'Soccer'),
  typo('cast iron skilet', 'Cast Iron Skillet', 'Cookware'),
  typo('espresso machien', 'Espresso Machine', 'Coffee Makers & Espresso Machines'),
  typo('travle mug', 'Travel Mug', 'Drinkware'),
  typo('chef knfe', 'Chef Knife', 'Kitchen Knives'),
  typo('weighted blankt', 'Weighted Blanket', 'Bedding'),
  typo('soy candel', 'Soy Candle', 'Candles'),
  typo('pruning shers', 'Pruning Shears', 'Gardening Tools'),
  typo('hanging plantr', 'Hanging Planter', 'Planters'),
  typo('ofice chair', 'Office Chair', 'Office Chairs'),
  typo('standing dsk', 'Standing Desk', 'Desks'),
  typo('vitamin c serun', 'Vitamin C Serum', 'Skin Care'),
  typo('electric tootbrush', 'Electric Toothbrush', 'Oral Care'),
  typo('beard trimer', 'Beard Trimmer', 'Shaving & Grooming'),
  typo('whole bean cofee', 'Whole Bean Coffee', 'Coffee'),
  typo('matcha powdr', 'Matcha', 'Tea & Infusions'),
  typo('dark choclate', 'Dark Chocolate', 'Snack Foods'),
  typo('bord game', 'Board Game', 'Board Games'),
  typo('jigsw puzzel', 'Jigsaw Puzzle', 'Jigsaw Puzzles'),
  typo('carry on suitcse', 'Carry-On Suitcase', 'Suitcases'),
  typo('dog harnes', 'Dog Harness', 'Dog Leashes & Harnesses'),
  typo('dot grid jurnal', 'Dot Grid Journal', 'Notebooks & Notepads'),
  typo('fountian pen', 'Fountain Pen', 'Pens'),
  // Other spellings of the same word.
  typo('polarised sunglasses', 'Polarized Sunglasses', 'Sunglasses'),
  typo('duffle bag', 'Duffel Bag', 'Duffel Bags'),
  typo('orthopaedic dog bed', 'Orthopedic Dog Bed', 'Dog Beds'),

  // ---------------------------------------------------------------- plurals and singulars
  plural('yoga mats', 'Yoga Mat', 'Yoga & Pilates'),
  plural('dumbbell', 'Dumbbells', 'Weights'),
  plural('chef knives', 'Chef Knife', 'Kitchen Knives'),
  plural('sunglass', 'Sunglasses', 'Sunglasses'),
  plural('scented candles', 'Scented Candle', 'Candles'),
  plural('tents', 'Tent', 'Tents'),
  plural('maxi dresses', 'Maxi Dress', 'Dresses'),
  plural('sleeping bags', 'Sleeping Bag', 'Sleeping Bags'),
  plural('hiking backpacks', 'Hiking Backpack', 'Hiking Backpacks'),
  plural('board games', 'Board Game', 'Board Games'),
  plural('dog leashes', 'Dog Leash', 'Dog Leashes & Harnesses'),
  plural('fountain pens', 'Fountain Pen', 'Pens'),
  plural('travel mugs', 'Travel Mug', 'Drinkware'),
  plural('croissant', 'Croissants', 'Bakery'),
  plural('bookshelf speaker', 'Bookshelf Speakers', 'Speakers'),
  plural('sneaker', 'Sneakers', 'Sneakers'),

  // ---------------------------------------------------------------- taxonomy nouns as written
  plain('dutch oven', 'Dutch Oven', 'Cookware'),
  plain('french press', 'French Press', 'Coffee Makers & Espresso Machines'),
  plain('carabiner', 'Carabiner', 'Climbing'),
  plain('magnetic tiles', 'Magnetic Tiles', 'Building Toys'),
  plain('chelsea boots', 'Chelsea Boots', 'Boots'),
  plain('cold brew', 'Cold Brew Pack', 'Coffee'),
  plain('spork', 'Spork', 'Camp Cooking'),
  plain('short throw projector', 'Short-Throw Projector', 'Projectors'),
  product('wireless headphones', 'Wireless Headphones'),
  product('aurora wireless headphones', 'Aurora Wireless Headphones'),
  product('wireless headphones pro x', 'Wireless Headphones Pro X'),
  product('kids wireless headphones', "Kids' Wireless Headphones – Volume Limited"),
  product('studio monitor headphones', 'Studio Monitor Wireless Headphones'),

  // ---------------------------------------------------------------- synonyms (how people say it, not how feeds do)
  synonym('earphones', 'Earbuds', 'Headphones'),
  synonym('couch', 'Sofas'),
  synonym('rucksack', 'Hiking Backpacks'),
  synonym('torch', 'Camping Lights'),
  synonym('slacks', 'Pants'),
  synonym('pullover', 'Sweaters'),
  synonym('purse', 'Handbags', 'Wallets & Money Clips'),
  synonym('shades', 'Sunglasses'),
  synonym('wristwatch', 'Watches', 'Smartwatches'),
  synonym('phone charger', 'Chargers'),
  synonym('notepad', 'Notebooks & Notepads'),
  synonym('bicycle', 'Bicycles'),
  synonym('ear buds', 'Earbuds'),
  synonym('back pack', 'Hiking Backpacks'),
  synonym('tennis shoes', 'Sneakers'),
  synonym('bed sheets', 'Bedding'),

  // ---------------------------------------------------------------- vague, gifts
  vague('gift for a coffee lover', 'Coffee', 'Coffee Makers & Espresso Machines', 'Drinkware'),
  vague('present for a hiker', 'Sporting Goods > Outdoor Recreation > Camping & Hiking', 'Boots', 'Socks', 'Pants'),
  vague('gift for a dog owner', 'Animals & Pet Supplies'),
  vague('birthday gift for a 10 year old', 'Toys & Games'),
  vague('something for a runner', 'Activewear', 'Sneakers', 'Socks', 'Smartwatches'),
  vague('gift for a cyclist', 'Sporting Goods > Outdoor Recreation > Cycling'),
  vague('gift for a gardener', 'Home & Garden > Lawn & Garden', 'Planters'),
  vague('gift for a tea lover', 'Tea & Infusions', 'Drinkware'),
  vague('gift for a yogi', 'Yoga & Pilates'),
  vague('gift for someone who works from home', 'Electronics', 'Furniture > Office Furniture', 'Office Chairs'),
  vague('something warm for winter', 'Sweaters', 'Coats & Jackets', 'Boots', 'Skiing & Snowboarding', 'Bedding'),
  vague('anniversary gift for her', 'Apparel & Accessories > Jewelry', 'Handbags', 'Candles', 'Skin Care'),
  vague('stuff for camping', 'Sporting Goods > Outdoor Recreation > Camping & Hiking'),

  // ---------------------------------------------------------------- price words
  price('headphones under $50', 'Headphones', { categories: ['Headphones'], maxPriceCents: 4999 }),
  price('yoga mat under 30 dollars', 'Yoga Mat', { categories: ['Yoga & Pilates'], words: 'yoga mat', maxPriceCents: 2999 }),
  price('dog bed less than $40', 'Dog Bed', { categories: ['Dog Beds'], maxPriceCents: 3999 }),
  price('coffee maker below $100', 'Coffee Maker', { categories: ['Coffee Makers & Espresso Machines'], maxPriceCents: 9999 }),
  price('office chair over $500', 'Office Chair', { categories: ['Office Chairs'], minPriceCents: 50001 }),
  price('hiking boots between $100 and $200', 'Hiking Boots', { categories: ['Boots'], words: 'hiking boots', minPriceCents: 10000, maxPriceCents: 20000 }),
  price('sleeping bag under 100 dollars', 'Sleeping Bag', { categories: ['Sleeping Bags'], maxPriceCents: 9999 }),
  price('laptop under $1000', 'Laptop', { categories: ['Laptops'], maxPriceCents: 99999 }),
  price('mechanical keyboard less than 50 dollars', 'Mechanical Keyboard', { categories: ['Keyboards'], words: 'mechanical keyboard', maxPriceCents: 4999 }),
  price('notebook under $10', 'Notebook', { categories: ['Notebooks & Notepads'], maxPriceCents: 999 }),
  price('travel mug under $20', 'Travel Mug', { categories: ['Drinkware'], words: 'travel mug', maxPriceCents: 1999 }),
  price('sunglasses $50 or less', 'Sunglasses', { categories: ['Sunglasses'], maxPriceCents: 5000 }),
  price('running socks under $15', 'Running Socks', { categories: ['Socks'], words: 'running socks', maxPriceCents: 1499 }),
  price('espresso machine under $300', 'Espresso Machine', { categories: ['Coffee Makers & Espresso Machines'], maxPriceCents: 29999 }),
  price('board game under $25', 'Board Game', { categories: ['Board Games'], maxPriceCents: 2499 }),
  price('tent over $100', 'Tent', { categories: ['Tents'], minPriceCents: 10001 }),
  price('scented candle less than 20 dollars', 'Scented Candle', { categories: ['Candles'], maxPriceCents: 1999 }),
  price('smartwatch under $100', 'Smartwatch', { categories: ['Smartwatches'], maxPriceCents: 9999 }),
  price('bike helmet from $100', 'Bike Helmet', { categories: ['Bicycle Helmets'], minPriceCents: 10000 }),
  price('$20 to $40 green tea', 'Green Tea', { categories: ['Tea & Infusions'], words: 'green tea', minPriceCents: 2000, maxPriceCents: 4000 }),
  price('chef knife under $100', 'Chef Knife', { categories: ['Kitchen Knives'], words: 'chef knife', maxPriceCents: 9999 }),
  price('standing desk under $400', 'Standing Desk', { categories: ['Desks'], words: 'standing desk', maxPriceCents: 39999 }),
  price('earbuds less than $100', 'Earbuds', { categories: ['Earbuds'], maxPriceCents: 9999 }),
  price('suitcase over $300', 'Carry-On Suitcase', { categories: ['Suitcases'], minPriceCents: 30001 }),
  price('cheap travel mug under 15 dollars', 'Travel Mug', { categories: ['Drinkware'], words: 'travel mug', maxPriceCents: 1499 }),

  // ---------------------------------------------------------------- brand plus category (the demo catalog's brands)
  brand('Umbo dog bed', 'Umbo', 'Dog Beds'),
  brand('Calora dog harness', 'Calora', 'Dog Leashes & Harnesses'),
  brand('Torane microphone', 'Torane', 'Microphones'),
  brand('Torrane microphone', 'Torane', 'Microphones'),
  brand('Velium projector', 'Velium', 'Projectors'),
  brand('Zenio sleeping bag', 'Zenio', 'Sleeping Bags'),
  brand('Paucek sleeping pad', 'Paucek', 'Sleeping Pads'),
  brand('Halix suitcase', 'Halix', 'Suitcases'),
  brand('Zelik duffel bag', 'Zelik', 'Duffel Bags'),
  brand('Yaron watch', 'Yaron', 'Watches'),
  brand('Lumiere monitor', 'Lumière', 'Monitors'),
  brand('Umbara polarized sunglasses', 'Umbara', 'Sunglasses'),
  brand('Bluewood hiking backpack', 'Bluewood', 'Hiking Backpacks'),
  brand('Toris bike helmet', 'Toris', 'Bicycle Helmets'),
  brand('acai jigsaw puzzle', 'Açaí', 'Jigsaw Puzzles'),
  brand('Davis light strip', 'Davis', 'Smart Lighting'),
  brand('Oakworks card holder', 'Oakworks', 'Wallets & Money Clips'),
  brand('Zelus earbuds', 'Zelus', 'Earbuds'),
  brand('Xanane keyboard', 'Xanane', 'Keyboards'),
  brand('Sunlight water bottle', 'Sunlight', 'Hydration'),
  product('Northwind headphones', 'Northwind Wireless Headphones 2', 'brand'),
];
