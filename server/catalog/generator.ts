/**
 * Deterministic, realistic catalog generator (demo seed, `npm run seed`, benchmarks).
 *
 * The same options give the same sellers and products, byte for byte: every seller's profile and
 * every seller's product stream has its own faker seeded from (seed, stream, seller index), so a
 * seller's products do not depend on how many products earlier sellers had or on batch sizes.
 * Products come out in bounded chunks (`chunks()`), so a million products never sit in memory.
 *
 * Titles are built from the taxonomy's category nouns and feature words, a pool of a few hundred
 * invented brands and model names, which gives thousands of distinct title words: search
 * correctness and speed are measured on these catalogs, and a tiny vocabulary makes every query
 * match a large share of the catalog.
 */
import { Faker, base, en } from '@faker-js/faker';
import type { DeliveryZone, SellerPolicies } from '../db/schema';
import { LEAF_CATEGORIES, SEGMENTS, leavesUnder, topLevel, type LeafCategory, type OptionKind } from './taxonomy';
import { nameKey, type ProductInput, type SellerInput, type VariantInput } from './writer';

export interface GeneratorOptions {
  sellers: number;
  products: number;
  seed: number;
  /**
   * Reference time for every date generated (created_at, policies' last_updated): "the past year"
   * ends here. Default: CATALOG_EPOCH, never the clock, so a catalog is a pure function of its options.
   */
  now?: Date;
  /** Products per chunk. */
  batchSize?: number;
  /** Fixed sellers that open the seller list (the demo's well-known sellers). */
  featured?: FeaturedSeller[];
}

export interface FeaturedSeller {
  name: string;
  handle: string;
  /** Category path prefixes the seller sells from. */
  focus: string[];
  homeCountry?: string;
  /** Products with fixed titles, generated first (they count towards the seller's share). */
  pinned?: { title: string; category: string }[];
}

export interface GeneratedSeller extends SellerInput {
  index: number;
  productCount: number;
  focus: LeafCategory[];
  brands: string[];
  pinned: { title: string; category: LeafCategory }[];
}

export interface CatalogChunk {
  seller: GeneratedSeller;
  products: ProductInput[];
}

// Independent random streams, so adding a draw to one never shifts another.
const STREAM = { brands: 1, shares: 2, seller: 3, products: 4 } as const;
const DAY_MS = 86_400_000;

const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'NL', 'AU', 'JP', 'IE', 'ES', 'IT', 'SE', 'DK', 'NZ', 'MX'];
const COUNTRY_NAMES: Record<string, string> = {
  US: 'the United States', CA: 'Canada', GB: 'the United Kingdom', DE: 'Germany', FR: 'France', NL: 'the Netherlands',
  AU: 'Australia', JP: 'Japan', IE: 'Ireland', ES: 'Spain', IT: 'Italy', SE: 'Sweden', DK: 'Denmark', NZ: 'New Zealand', MX: 'Mexico',
};
const CARRIERS: Record<string, string[]> = {
  US: ['UPS', 'USPS', 'FedEx'], CA: ['Canada Post', 'Purolator', 'UPS'], GB: ['Royal Mail', 'DPD', 'Evri'],
  DE: ['DHL', 'Hermes', 'DPD'], FR: ['La Poste', 'Colissimo', 'DPD'], NL: ['PostNL', 'DHL'], AU: ['Australia Post', 'StarTrack'],
  JP: ['Yamato Transport', 'Japan Post', 'Sagawa'],
};

const NAME_WORDS = [
  'Northwind', 'Bluebird', 'Cedar', 'Harbor', 'Summit', 'Copper', 'Maple', 'Granite', 'Willow', 'Juniper', 'Alder', 'Foxglove',
  'Ironwood', 'Kestrel', 'Lighthouse', 'Meridian', 'Orchard', 'Pinecone', 'Quarry', 'Redwood', 'Saltwater', 'Tidewater',
  'Upland', 'Wildflower', 'Yellowstone', 'Basalt', 'Birchwood', 'Driftwood', 'Evergreen', 'Fieldstone', 'Goldcrest', 'Hearth',
  'Larkspur', 'Moonrise', 'Oakhurst', 'Riverbend', 'Sparrow', 'Thistle', 'Windward', 'Brightwater', 'Canyon', 'Highland',
];
/** Accented words, so name lookups that ignore case and accents have something to ignore. */
const ACCENTED_WORDS = [
  'Café', 'Élan', 'Søndergaard', 'Lumière', 'Forêt', 'Brûlée', 'Zürich', 'Ångström', 'Crème', 'Señorío', 'Björk', 'Mañana',
  'Bjørn', 'Château', 'Fröhlich', 'Nöel', 'Açaí', 'Garçon', 'São Paulo', 'Kōbe',
];
const TAGLINES = [
  'Free returns on every order.', 'Every order ships carbon-neutral.', 'Family-run from day one.',
  'We test everything we sell.', 'Repairs and spare parts for as long as we sell a product.',
  'Small-batch goods from independent makers.', 'Orders before 2 pm ship the same day.',
  'Certified B Corporation.', 'Lifetime support on everything we stock.',
];
const BRAND_STARTS = [
  'Aur', 'Nor', 'Vel', 'Kai', 'Zen', 'Lum', 'Ter', 'Sol', 'Vox', 'Ori', 'Alp', 'Bri', 'Cal', 'Dex', 'Fjor', 'Hal', 'Ion', 'Jun',
  'Kes', 'Lyr', 'Mav', 'Nov', 'Pax', 'Quin', 'Rho', 'Sky', 'Tor', 'Umb', 'Ver', 'Wyn', 'Xan', 'Yar', 'Zel', 'Ard', 'Bel', 'Cor',
];
const BRAND_ENDS = ['a', 'ex', 'is', 'on', 'ora', 'ik', 'en', 'ara', 'io', 'us', 'ent', 'ium', 'ic', 'ova', 'ix', 'ane', 'o'];
const COMPOUND_STARTS = ['North', 'Stone', 'River', 'Peak', 'Iron', 'Silver', 'Red', 'Wild', 'True', 'High', 'Blue', 'Oak', 'Storm', 'Sun', 'Moss', 'Bright'];
const COMPOUND_ENDS = ['field', 'line', 'craft', 'works', 'wood', 'ridge', 'wave', 'form', 'gear', 'light', 'stone', 'ward', 'haven', 'fold', 'mark'];
const MODEL_WORDS = ['X', 'S', 'Pro', 'Max', 'Air', 'Lite', 'Plus', 'Ultra', 'Mini', 'Go', 'One', 'Neo', 'Flex', 'Edge', 'Sport', 'Elite', 'Evo', 'Trail', 'Studio', 'Core'];
const GENERIC_ADJECTIVES = [
  'Classic', 'Essential', 'Premium', 'Everyday', 'Compact', 'Heritage', 'Modern', 'Vintage', 'Deluxe', 'Signature', 'Original',
  'Lightweight', 'Durable', 'Slim', 'Handcrafted', 'Minimalist', 'Rugged', 'Limited Edition', 'Eco', 'Professional',
];
/** Colours whose upper-cased, four-letter codes are distinct (they end up in SKUs). */
const COLOURS = [
  'Black', 'White', 'Navy', 'Grey', 'Olive', 'Sand', 'Red', 'Blue', 'Green', 'Charcoal', 'Burgundy', 'Cream', 'Teal', 'Orange',
  'Pink', 'Yellow', 'Silver', 'Gold', 'Brown', 'Rust', 'Sage', 'Slate', 'Forest', 'Sky Blue', 'Midnight', 'Ivory', 'Tan', 'Coral',
  'Mustard', 'Lavender',
];
const GENDERS = ["Men's", "Women's", "Kids'", 'Unisex'];
const OPTION_VALUES: Record<Exclude<OptionKind, 'color' | 'none'>, { key: string; values: string[]; scalesPrice: boolean }> = {
  apparel: { key: 'size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'], scalesPrice: false },
  shoes: { key: 'size', values: ['6', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '12', '13'], scalesPrice: false },
  ring: { key: 'size', values: ['5', '6', '7', '8', '9', '10'], scalesPrice: false },
  bedding: { key: 'size', values: ['Twin', 'Full', 'Queen', 'King', 'California King'], scalesPrice: true },
  frame: { key: 'size', values: ['XS', 'S', 'M', 'L', 'XL'], scalesPrice: false },
  storage: { key: 'storage', values: ['128GB', '256GB', '512GB', '1TB', '2TB'], scalesPrice: true },
  'pack-volume': { key: 'capacity', values: ['18L', '24L', '32L', '40L', '55L'], scalesPrice: true },
  'net-weight': { key: 'size', values: ['100 g', '250 g', '500 g', '1 kg'], scalesPrice: true },
  'liquid-volume': { key: 'size', values: ['30 ml', '50 ml', '100 ml', '250 ml'], scalesPrice: true },
};

/** The default reference time: a fixed day, so what a seed generates does not age with the calendar. */
export const CATALOG_EPOCH = new Date('2026-01-01T00:00:00Z');

/** `Café Müller` → `cafe-muller`. */
function slugify(text: string): string {
  return nameKey(text)
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** GTIN-13 from 12 digits plus the mod-10 check digit (GS1). */
export function gtin13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + ((10 - (sum % 10)) % 10);
}

const code = (value: string) => value.toUpperCase().replace(/[^A-Z0-9.]/g, '').slice(0, 4);

// Title words of the (bounded) taxonomy vocabulary, split once: titles are built a million times.
const wordCache = new Map<string, string[]>();
function wordsOf(phrase: string): string[] {
  let words = wordCache.get(phrase);
  if (!words) wordCache.set(phrase, (words = phrase.toLowerCase().split(/[\s-]+/)));
  return words;
}

export class CatalogGenerator {
  readonly sellers: GeneratedSeller[];
  private readonly faker = new Faker({ locale: [en, base] });
  private readonly now: number;
  private readonly batchSize: number;
  private readonly brandPool: string[];

  constructor(private readonly opts: GeneratorOptions) {
    if (!Number.isInteger(opts.sellers) || opts.sellers < 1) throw new RangeError('sellers must be a positive integer');
    if (!Number.isInteger(opts.products) || opts.products < 0) throw new RangeError('products must be a non-negative integer');
    if ((opts.featured?.length ?? 0) > opts.sellers) throw new RangeError('more featured sellers than sellers');
    this.now = (opts.now ?? CATALOG_EPOCH).getTime();
    this.batchSize = opts.batchSize ?? 500;
    this.brandPool = this.makeBrandPool();
    const shares = this.productShares();
    const handles = new Set<string>();
    this.sellers = shares.map((count, index) => this.makeSeller(index, count, handles));
  }

  /** Every seller's products, seller by seller, in chunks of at most `batchSize`. */
  *chunks(): Generator<CatalogChunk> {
    for (const seller of this.sellers) yield* this.chunksOf(seller);
  }

  private *chunksOf(seller: GeneratedSeller): Generator<CatalogChunk> {
    const f = this.seeded(STREAM.products, seller.index);
    for (let start = 0; start < seller.productCount; start += this.batchSize) {
      const products: ProductInput[] = [];
      const end = Math.min(seller.productCount, start + this.batchSize);
      for (let i = start; i < end; i++) products.push(this.product(f, seller, i));
      yield { seller, products };
    }
  }

  private seeded(stream: number, index = 0): Faker {
    this.faker.seed([this.opts.seed, stream, index]);
    return this.faker;
  }

  /** Invented brand names: syllable blends (`Aurora`, `Velix`) and compounds (`Stonecraft`). */
  private makeBrandPool(): string[] {
    const f = this.seeded(STREAM.brands);
    const brands = new Set<string>();
    while (brands.size < 420) {
      brands.add(
        f.datatype.boolean(0.55)
          ? f.helpers.arrayElement(BRAND_STARTS) + f.helpers.arrayElement(BRAND_ENDS)
          : f.helpers.arrayElement(COMPOUND_STARTS) + f.helpers.arrayElement(COMPOUND_ENDS),
      );
    }
    return [...brands];
  }

  /** Products per seller: uneven (a few large catalogs, many small), summing exactly to `products`. */
  private productShares(): number[] {
    const f = this.seeded(STREAM.shares);
    const weights = Array.from({ length: this.opts.sellers }, () => Math.exp(f.number.float({ min: -1.5, max: 1.5 })));
    const total = weights.reduce((a, b) => a + b, 0);
    const exact = weights.map((w) => (w / total) * this.opts.products);
    const shares = exact.map(Math.floor);
    let missing = this.opts.products - shares.reduce((a, b) => a + b, 0);
    // Largest remainders get the leftover units.
    const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (let k = 0; missing > 0; k++, missing--) shares[order[k % order.length][1]]++;
    return shares;
  }

  private makeSeller(index: number, productCount: number, handles: Set<string>): GeneratedSeller {
    const f = this.seeded(STREAM.seller, index);
    const featured = this.opts.featured?.[index];
    const segments = Object.keys(SEGMENTS);
    const primary = featured ? topLevel(featured.focus[0]) : f.helpers.arrayElement(segments);
    const focus = featured ? leavesUnder(featured.focus) : this.pickFocus(f, primary);
    if (!focus.length) throw new Error(`featured seller ${featured?.handle} has no categories under ${featured?.focus.join(', ')}`);

    const name = featured?.name ?? this.sellerName(f, primary);
    let handle = featured?.handle ?? slugify(name);
    for (let n = 2; handles.has(handle); n++) handle = `${featured?.handle ?? slugify(name)}-${n}`;
    handles.add(handle);
    const domain = `${handle}.shop`;
    const domains = f.datatype.boolean(0.35) ? [domain, `${handle}.store`] : [domain];

    const home = featured?.homeCountry ?? (f.datatype.boolean(0.7) ? 'US' : f.helpers.arrayElement(COUNTRIES.slice(1, 8)));
    const delivery = this.deliveryZones(f, home);
    const brands = f.helpers.arrayElements(this.brandPool, { min: 3, max: 10 });
    const houseBrand = name.split(' ')[0];
    if (f.datatype.boolean(0.4) && !brands.includes(houseBrand)) brands.push(houseBrand);

    const city = home === 'US' ? `${f.location.city()}, ${f.location.state()}` : `${f.location.city()}, ${COUNTRY_NAMES[home].replace(/^the /, '')}`;
    const sample = f.helpers.arrayElements(focus, { min: 1, max: 3 }).map((c) => c.path.split(' > ').at(-1)!.toLowerCase());
    const description =
      `${name} is an independent ${SEGMENTS[primary].shop} shop based in ${city}, selling ${listOf(sample)} since ${f.number.int({ min: 1998, max: 2023 })}. ` +
      f.helpers.arrayElement(TAGLINES);

    return {
      index,
      productCount,
      focus,
      brands,
      pinned: (featured?.pinned ?? []).map((p) => ({ title: p.title, category: leafByPath(p.category) })),
      handle,
      name,
      domains,
      description,
      logoUrl: `https://cdn.${domain}/brand/logo.png`,
      currency: 'USD',
      delivery,
      policies: this.policies(f, domain, home, delivery),
      createdAt: new Date(this.now - f.number.int({ min: 365, max: 5 * 365 }) * DAY_MS),
    };
  }

  /** A primary segment's categories, sometimes with a few from a neighbouring segment. */
  private pickFocus(f: Faker, primary: string): LeafCategory[] {
    const own = leavesUnder([primary]);
    const focus = f.helpers.arrayElements(own, { min: Math.min(3, own.length), max: Math.min(10, own.length) });
    if (f.datatype.boolean(0.3)) {
      const other = LEAF_CATEGORIES.filter((c) => topLevel(c.path) !== primary);
      focus.push(...f.helpers.arrayElements(other, { min: 1, max: 3 }));
    }
    return focus;
  }

  private sellerName(f: Faker, segment: string): string {
    const storeWord = f.helpers.arrayElement(SEGMENTS[segment].storeWords);
    return f.helpers.weightedArrayElement([
      { weight: 45, value: () => `${f.helpers.arrayElement(NAME_WORDS)} ${storeWord}` },
      { weight: 25, value: () => `${f.person.lastName()} ${storeWord}` },
      { weight: 12, value: () => `${f.person.lastName()} & Co.` },
      { weight: 18, value: () => `${f.helpers.arrayElement(ACCENTED_WORDS)} ${f.datatype.boolean() ? f.person.lastName() : storeWord}` },
    ])();
  }

  private deliveryZones(f: Faker, home: string): DeliveryZone[] {
    const abroad = f.helpers.arrayElements(
      COUNTRIES.filter((c) => c !== home),
      { min: 1, max: 7 },
    );
    const domesticFreeOver = f.helpers.arrayElement([null, 3500, 5000, 7500, 10000]);
    const zones: DeliveryZone[] = [
      {
        country: home,
        price_cents: f.helpers.arrayElement([0, 399, 499, 599, 799]),
        ...(domesticFreeOver ? { free_over_cents: domesticFreeOver } : {}),
        min_days: f.number.int({ min: 1, max: 3 }),
        max_days: f.number.int({ min: 4, max: 7 }),
      },
    ];
    for (const country of abroad) {
      const min = f.number.int({ min: 4, max: 9 });
      zones.push({
        country,
        price_cents: f.helpers.arrayElement([999, 1499, 1999, 2499, 2999, 3999]),
        ...(f.datatype.boolean(0.3) ? { free_over_cents: f.helpers.arrayElement([10000, 15000, 20000]) } : {}),
        min_days: min,
        max_days: min + f.number.int({ min: 2, max: 10 }),
      });
    }
    return zones;
  }

  private policies(f: Faker, domain: string, home: string, delivery: DeliveryZone[]): SellerPolicies {
    const window = f.helpers.arrayElement([14, 30, 30, 30, 60, 90]);
    const freeReturns = f.datatype.boolean(0.55);
    const restockingFee = freeReturns ? 0 : f.helpers.arrayElement([0, 0, 10, 15]);
    const processing = f.number.int({ min: 1, max: 3 });
    const carriers = f.helpers.arrayElements(CARRIERS[home] ?? ['DHL', 'UPS'], { min: 1, max: 2 });
    const updated = new Date(this.now - f.number.int({ min: 10, max: 700 }) * DAY_MS).toISOString().slice(0, 10);
    return {
      returns: {
        summary:
          `Returns accepted within ${window} days of delivery for unused items in their original packaging; ` +
          (freeReturns ? 'return shipping is free.' : `return shipping is paid by the customer${restockingFee ? ` and a ${restockingFee}% restocking fee applies` : ''}.`),
        url: `https://${domain}/policies/returns`,
        return_window_days: window,
        free_returns: freeReturns,
        restocking_fee_percent: restockingFee,
        refund_method: f.helpers.arrayElement(['original_payment', 'original_payment', 'store_credit_or_original_payment']),
      },
      shipping: {
        summary:
          `Orders ship within ${processing} business day${processing > 1 ? 's' : ''} from ${COUNTRY_NAMES[home]} with ${listOf(carriers)}; ` +
          `we deliver to ${delivery.length} countr${delivery.length > 1 ? 'ies' : 'y'}.`,
        url: `https://${domain}/policies/shipping`,
        processing_days: processing,
        carriers,
        ships_from: home,
      },
      privacy: {
        summary: 'We collect only what we need to fulfil orders, never sell personal data, and delete it on request.',
        url: `https://${domain}/policies/privacy`,
        contact_email: `privacy@${domain}`,
        sells_personal_data: false,
        last_updated: updated,
      },
      terms: {
        summary: `Purchases are governed by the laws of ${COUNTRY_NAMES[home]}; prices are in USD and include no import duties.`,
        url: `https://${domain}/policies/terms`,
        governing_law: home,
        last_updated: updated,
      },
    };
  }

  private product(f: Faker, seller: GeneratedSeller, index: number): ProductInput {
    const pinned = seller.pinned[index];
    const leaf = pinned?.category ?? f.helpers.arrayElement(seller.focus);
    const brand = f.datatype.boolean(0.9) ? f.helpers.arrayElement(seller.brands) : null;
    const title = pinned?.title ?? this.title(f, leaf, brand);
    const number = String(index + 1).padStart(6, '0');
    const skuBase = `${seller.handle.replace(/-/g, '').slice(0, 3).toUpperCase()}-${number}`;
    const domain = seller.domains[0];
    const slug = `${slugify(title)}-${number}`;
    const variants = this.variants(f, leaf, skuBase);
    return {
      // The feed convention: a variant group's id, or the single variant's id.
      externalId: variants.length > 1 ? skuBase : variants[0].sku,
      title,
      description: this.description(f, leaf, title, brand, seller.domains[0]),
      brand,
      category: leaf.path,
      images: Array.from({ length: f.number.int({ min: 1, max: 4 }) }, (_, i) => `https://cdn.${domain}/products/${slug}-${i + 1}.jpg`),
      url: `https://${domain}/products/${slug}`,
      createdAt: new Date(this.now - f.number.int({ min: 0, max: 365 * DAY_MS })),
      variants,
    };
  }

  private title(f: Faker, leaf: LeafCategory, brand: string | null): string {
    const noun = f.helpers.arrayElement(leaf.nouns);
    // A feature that repeats a word of the noun ("Noise Cancelling Noise Cancelling …") reads as a bug.
    const nounWords = wordsOf(noun);
    const pickFeature = () => {
      const feature = f.helpers.arrayElement(f.datatype.boolean(0.7) ? leaf.features : GENERIC_ADJECTIVES);
      return wordsOf(feature).some((w) => nounWords.includes(w)) ? f.helpers.arrayElement(GENERIC_ADJECTIVES) : feature;
    };
    const model = () => {
      const word = f.helpers.arrayElement(MODEL_WORDS);
      const n = f.helpers.arrayElement(['', '', ` ${f.number.int({ min: 2, max: 9 })}`, `${f.number.int({ min: 1, max: 99 }) * 10}`]);
      return /^\d/.test(n) && word.length > 2 ? `${word} ${n}` : `${word}${n}`;
    };
    const who = leaf.options === 'apparel' || leaf.options === 'shoes' ? `${f.helpers.arrayElement(GENDERS)} ` : '';
    const by = brand ? `${brand} ` : '';
    return f.helpers.weightedArrayElement([
      { weight: 35, value: () => `${by}${who}${pickFeature()} ${noun}` },
      { weight: 20, value: () => `${by}${who}${noun} ${model()}` },
      { weight: 15, value: () => `${who}${pickFeature()} ${pickFeature()} ${noun}`.replace(/\b(\S+) \1\b/, '$1') },
      { weight: 15, value: () => `${by}${model()} ${pickFeature()} ${noun}` },
      { weight: 15, value: () => `${by}${who}${noun} – ${pickFeature()}` },
    ])();
  }

  private description(f: Faker, leaf: LeafCategory, title: string, brand: string | null, domain: string): string {
    const use = f.helpers.arrayElement(SEGMENTS[topLevel(leaf.path)].uses);
    const [a, b] = f.helpers.arrayElements(leaf.features, 2).map((s) => s.toLowerCase());
    const care = f.helpers.arrayElement([
      `Backed by a ${f.number.int({ min: 1, max: 5 })}-year warranty.`,
      `Ships in recyclable packaging from ${domain}.`,
      'Designed in-house and tested by our team.',
      `Rated ${f.number.float({ min: 4, max: 5, fractionDigits: 1 })} out of 5 by our customers.`,
    ]);
    return `The ${title}${brand && !title.startsWith(brand) ? ` by ${brand}` : ''} pairs ${a} and ${b} details and is made for ${use}. ${care}`;
  }

  private variants(f: Faker, leaf: LeafCategory, skuBase: string): VariantInput[] {
    const [low, high] = leaf.price;
    // Log-uniform in the category's range, with shop-style endings (29.99, 30.00, 29.95, 29.50).
    const dollars = Math.max(1, Math.round(Math.exp(f.number.float({ min: Math.log(low), max: Math.log(high) }))));
    const ending = f.helpers.arrayElement([-1, -1, -1, 0, -5, -50]);
    const basePrice = dollars * 100 + ending;

    const optionSets = this.optionSets(f, leaf.options);
    const stockState = f.helpers.weightedArrayElement([
      { weight: 7, value: 'out' as const },
      { weight: 15, value: 'untracked' as const },
      { weight: 78, value: 'tracked' as const },
    ]);
    const withGtin = f.datatype.boolean(0.55);
    return optionSets.map(({ options, step }) => ({
      sku: optionSets.length > 1 ? `${skuBase}-${Object.values(options).map(code).join('-')}` : skuBase,
      options,
      priceCents: Math.round(basePrice * (1 + 0.35 * step)),
      currency: 'USD',
      stock:
        stockState === 'out'
          ? 0
          : stockState === 'untracked'
            ? null
            : f.datatype.boolean(0.12)
              ? 0
              : f.number.int({ min: 1, max: f.datatype.boolean(0.8) ? 40 : 500 }),
      gtin: withGtin ? gtin13(String(f.number.int(999_999_999_999)).padStart(12, '0')) : null,
    }));
  }

  /** 1–4 distinct option combinations; `step` says how far up a price-scaling option the variant is. */
  private optionSets(f: Faker, kind: OptionKind): { options: Record<string, string>; step: number }[] {
    if (kind === 'none') return [{ options: {}, step: 0 }];
    const count = f.helpers.weightedArrayElement([
      { weight: 40, value: 1 },
      { weight: 20, value: 2 },
      { weight: 20, value: 3 },
      { weight: 20, value: 4 },
    ]);
    if (kind === 'color') return f.helpers.arrayElements(COLOURS, count).map((color) => ({ options: { color }, step: 0 }));
    const { key, values, scalesPrice } = OPTION_VALUES[kind];
    const withColour = kind === 'apparel' || kind === 'shoes' || kind === 'frame';
    const palette = withColour ? f.helpers.arrayElements(COLOURS, count > 2 && f.datatype.boolean() ? 2 : 1) : [null];
    const sizesNeeded = Math.min(values.length, Math.ceil(count / palette.length));
    const first = f.number.int({ min: 0, max: values.length - sizesNeeded });
    const sets: { options: Record<string, string>; step: number }[] = [];
    for (const color of palette) {
      for (let s = 0; s < sizesNeeded && sets.length < count; s++) {
        const value = values[first + s];
        sets.push({ options: color ? { [key]: value, color } : { [key]: value }, step: scalesPrice ? s : 0 });
      }
    }
    return sets;
  }
}

function leafByPath(path: string): LeafCategory {
  const found = LEAF_CATEGORIES.find((c) => c.path === path);
  if (!found) throw new Error(`unknown category ${path}`);
  return found;
}

function listOf(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
