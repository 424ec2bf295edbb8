/**
 * Seller feed parsing and validation, pure (no database): a feed's text in, the writer's
 * ProductInput[] out, plus every problem found with its line number. The import refuses a feed
 * with any problem, so validation reports them all rather than stopping at the first.
 *
 * Two formats, chosen by file extension:
 * - Google Merchant Center product data, tab-separated with a header row (`.tsv`, `.txt`). Each
 *   row is one variant; rows sharing `item_group_id` are one product.
 * - schema.org Product JSON-LD, one object per line (`.jsonl`, `.ndjson`). Each offer is a variant.
 */
import { categoryProblem, type ProductInput, type VariantInput } from './writer';

export type FeedFormat = 'merchant-tsv' | 'jsonld-lines';

export type FeedProblemCode =
  | 'unsupported_format'
  | 'empty_feed'
  | 'missing_column'
  | 'malformed_row'
  | 'invalid_json'
  | 'not_a_product'
  | 'missing_field'
  | 'too_long'
  | 'invalid_price'
  | 'unsupported_currency'
  | 'invalid_availability'
  | 'invalid_quantity'
  | 'invalid_gtin'
  | 'invalid_url'
  | 'invalid_category'
  | 'duplicate_sku'
  | 'duplicate_product'
  | 'duplicate_variant';

export interface FeedProblem {
  /** 1-based line of the file (the TSV header is line 1). */
  line: number;
  code: FeedProblemCode;
  message: string;
}

export interface ParsedFeed {
  format: FeedFormat;
  products: ProductInput[];
  problems: FeedProblem[];
}

/** One variant as read from the feed, with the product it belongs to. */
interface FeedItem {
  line: number;
  /** item_group_id / the product's id; variants with one key form one product. */
  productKey: string;
  /** TSV: whether the key came from item_group_id (rows may then share it). */
  grouped: boolean;
  product: Omit<ProductInput, 'externalId' | 'variants' | 'createdAt'>;
  variant: VariantInput;
}

type Availability = 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';

// Google Merchant Center's limits.
const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;
const MAX_PRICE_CENTS = 2_147_483_647; // the column is a 32-bit integer

export function feedFormat(fileName: string): FeedFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'tsv' || ext === 'txt') return 'merchant-tsv';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonld-lines';
  return null;
}

/** Parses and validates a feed file's text; the format comes from the file name's extension. */
export function parseFeed(fileName: string, text: string): ParsedFeed {
  const format = feedFormat(fileName);
  if (!format) {
    return {
      format: 'merchant-tsv',
      products: [],
      problems: [{ line: 0, code: 'unsupported_format', message: `"${fileName}" is neither .tsv/.txt (Merchant Center) nor .jsonl/.ndjson (JSON-LD)` }],
    };
  }
  const problems: FeedProblem[] = [];
  const report = (line: number, code: FeedProblemCode, message: string) => problems.push({ line, code, message });
  // Every sku is claimed as it is read, valid row or not, so duplicates show up next to other problems.
  const skuLines = new Map<string, number>();
  const claimSku = (sku: string, line: number) => {
    const first = skuLines.get(sku);
    if (first === undefined) skuLines.set(sku, line);
    else if (first !== line) report(line, 'duplicate_sku', `sku "${sku}" is already used on line ${first}`);
    else report(line, 'duplicate_sku', `sku "${sku}" appears twice on this line`);
  };
  const items = format === 'merchant-tsv' ? readMerchantTsv(text, report, claimSku) : readJsonLdLines(text, report, claimSku);
  const products = assemble(items, report);
  if (!problems.length && !products.length) report(0, 'empty_feed', 'the feed has no products');
  problems.sort((a, b) => a.line - b.line);
  return { format, products: problems.length ? [] : products, problems };
}

export function formatProblem(p: FeedProblem): string {
  return `${p.line ? `line ${p.line}` : 'file'}: ${p.code}: ${p.message}`;
}

type Report = (line: number, code: FeedProblemCode, message: string) => void;
type ClaimSku = (sku: string, line: number) => void;

// ---------------------------------------------------------------- Merchant Center TSV

const REQUIRED_COLUMNS = ['id', 'title', 'description', 'link', 'image_link', 'availability', 'price'];

function readMerchantTsv(text: string, report: Report, claimSku: ClaimSku): FeedItem[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  // Merchant Center accepts attribute names in lower case with spaces ("image link") too.
  const header = lines[0].split('\t').map((h) => unquote(h).trim().toLowerCase().replace(/\s+/g, '_').replace(/^colour$/, 'color'));
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (!header.includes('google_product_category') && !header.includes('product_type')) missing.push('google_product_category or product_type');
  if (missing.length) {
    report(1, 'missing_column', `the header row lacks ${missing.join(', ')}`);
    return [];
  }
  const quantityColumn = header.includes('quantity') ? 'quantity' : header.includes('inventory') ? 'inventory' : null;

  const items: FeedItem[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (i === 0 || !raw.trim()) return;
    const fields = raw.split('\t');
    if (fields.length > header.length) {
      report(line, 'malformed_row', `${fields.length} tab-separated fields for ${header.length} columns (a tab inside a value?)`);
      return;
    }
    // Editors often drop trailing empty fields; a short row means those columns are empty.
    const row = new Map(header.map((h, k) => [h, unquote(fields[k] ?? '').trim()]));
    const get = (column: string) => row.get(column) ?? '';
    const bad = problemCounter(report, line);

    const id = required(get('id'), 'id', bad);
    if (id) claimSku(id, line);
    const title = checkedText(required(get('title'), 'title', bad), 'title', MAX_TITLE, bad);
    const description = checkedText(required(get('description'), 'description', bad), 'description', MAX_DESCRIPTION, bad);
    const link = checkedUrl(required(get('link'), 'link', bad), 'link', bad);
    const images = [get('image_link'), ...get('additional_image_link').split(',')]
      .map((u) => u.trim())
      .filter(Boolean)
      .map((u, k) => checkedUrl(u, k ? 'additional_image_link' : 'image_link', bad));
    if (!get('image_link')) bad('missing_field', 'image_link is empty');
    const price = merchantPrice(get('price'), bad);
    const availability = merchantAvailability(get('availability'), bad);
    const quantity = quantityColumn ? quantityOf(get(quantityColumn), quantityColumn, bad) : null;
    const stock = availability && stockOf(availability, quantity, bad);
    const category = checkedCategory(merchantCategory(get('google_product_category'), get('product_type'), bad), bad);
    const gtin = checkedGtin(get('gtin'), bad);
    if (bad.count) return;

    const options: Record<string, string> = {};
    if (get('size')) options.size = get('size');
    if (get('color')) options.color = get('color');
    items.push({
      line,
      productKey: get('item_group_id') || id,
      grouped: Boolean(get('item_group_id')),
      product: { title, description, brand: get('brand') || null, category, images, url: link },
      variant: { sku: id, options, priceCents: price!, currency: 'USD', stock: stock!, gtin },
    });
  });
  return items;
}

/** Merchant Center quoting: a value wrapped in double quotes, with "" for a quote inside. */
function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/""/g, '"') : value;
}

/** `12.50 USD` → 1250 cents. */
function merchantPrice(value: string, bad: Bad): number | null {
  if (!value) return bad('missing_field', 'price is empty'), null;
  const m = /^(\d+(?:\.\d+)?)\s*([A-Za-z]{3})$/.exec(value);
  if (!m) return bad('invalid_price', `price "${value}" is not "<amount> <currency>", e.g. "12.50 USD"`), null;
  return checkedPrice(m[1], m[2], bad);
}

function merchantCategory(googleCategory: string, productType: string, bad: Bad): string {
  // Numeric google_product_category values are taxonomy ids; only paths are stored.
  if (googleCategory && !/^\d+$/.test(googleCategory)) return googleCategory;
  if (productType) return productType;
  if (googleCategory) {
    bad('invalid_category', `google_product_category "${googleCategory}" is a taxonomy id; give the path (A > B > C) or a product_type`);
  } else {
    bad('missing_field', 'google_product_category and product_type are both empty');
  }
  return '';
}

// ---------------------------------------------------------------- schema.org JSON-LD lines

const SCHEMA_AVAILABILITY: Record<string, Availability> = {
  instock: 'in_stock',
  limitedavailability: 'in_stock',
  onlineonly: 'in_stock',
  instoreonly: 'in_stock',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  discontinued: 'out_of_stock',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'backorder',
};

function readJsonLdLines(text: string, report: Report, claimSku: ClaimSku): FeedItem[] {
  const items: FeedItem[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      if (!raw.trim()) return;
      let doc: unknown;
      try {
        doc = JSON.parse(raw);
      } catch (err) {
        report(line, 'invalid_json', (err as Error).message);
        return;
      }
      items.push(...jsonLdProduct(doc, line, problemCounter(report, line), claimSku));
    });
  return items;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const typesOf = (v: Json) => asArray(v['@type']).map(String);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function jsonLdProduct(doc: unknown, line: number, bad: Bad, claimSku: ClaimSku): FeedItem[] {
  if (!isObject(doc) || !typesOf(doc).some((t) => t === 'Product' || t.endsWith('/Product'))) {
    bad('not_a_product', 'each line must be a JSON object with "@type": "Product"');
    return [];
  }
  const title = checkedText(required(str(doc.name), 'name', bad), 'name', MAX_TITLE, bad);
  const description = checkedText(str(doc.description), 'description', MAX_DESCRIPTION, bad);
  const brand = isObject(doc.brand) ? str(doc.brand.name) : str(doc.brand);
  const category = checkedCategory(required(str(doc.category), 'category', bad), bad);
  const images = asArray(doc.image).map((img) => checkedUrl(isObject(img) ? str(img.url ?? img.contentUrl) : str(img), 'image', bad));
  const url = str(doc.url) ? checkedUrl(str(doc.url), 'url', bad) : null;
  const productGtin = gtinOf(doc);

  let offers = asArray(doc.offers);
  // An AggregateOffer carries the individual offers inside it.
  if (offers.length === 1 && isObject(offers[0]) && typesOf(offers[0]).includes('AggregateOffer')) offers = asArray(offers[0].offers);
  if (!offers.length) bad('missing_field', 'offers is empty: each offer is a variant with price, priceCurrency, availability and sku');

  const product = { title, description, brand: brand || null, category, images, url };
  const variants = offers.map((offer, k): VariantInput | null => {
    const where = offers.length > 1 ? `offers[${k}].` : 'offer ';
    if (!isObject(offer)) return bad('missing_field', `${where}is not an object`), null;
    const errors = bad.count;
    const single = offers.length === 1;
    const sku = required(str(offer.sku) || (single ? str(doc.sku) : ''), `${where}sku`, bad);
    if (sku) claimSku(sku, line);
    const priceCents = jsonLdPrice(offer, where, bad);
    const availability = schemaAvailability(str(offer.availability), where, bad);
    const level = isObject(offer.inventoryLevel) ? offer.inventoryLevel.value : offer.inventoryLevel;
    const quantity = level === undefined || level === null ? null : quantityOf(str(level), `${where}inventoryLevel`, bad);
    const stock = availability && stockOf(availability, quantity, bad);
    const gtin = checkedGtin(gtinOf(offer) || (single ? productGtin : ''), bad);
    if (bad.count > errors) return null;
    const described = isObject(offer.itemOffered) ? offer.itemOffered : offer;
    const options: Record<string, string> = {};
    if (str(described.size)) options.size = str(described.size);
    if (str(described.color)) options.color = str(described.color);
    // Offers need something to tell them apart in a cart.
    if (!single && !Object.keys(options).length) options.variant = str(offer.name) || sku;
    return { sku, options, priceCents: priceCents!, currency: 'USD', stock: stock!, gtin };
  });
  if (bad.count) return [];
  const productKey = str(doc.productID) || str(doc.sku) || variants[0]!.sku;
  return variants.map((variant) => ({ line, productKey, grouped: false, product, variant: variant! }));
}

function jsonLdPrice(offer: Json, where: string, bad: Bad): number | null {
  const price = typeof offer.price === 'number' ? String(offer.price) : str(offer.price);
  const currency = str(offer.priceCurrency);
  if (!price) return bad('missing_field', `${where}price is missing`), null;
  if (!currency) return bad('missing_field', `${where}priceCurrency is missing`), null;
  if (!/^\d+(\.\d+)?$/.test(price)) return bad('invalid_price', `${where}price "${price}" is not a positive decimal number`), null;
  return checkedPrice(price, currency, bad);
}

function gtinOf(v: Json): string {
  return str(v.gtin) || str(v.gtin13) || str(v.gtin12) || str(v.gtin14) || str(v.gtin8);
}

// ---------------------------------------------------------------- shared field rules

/** Reports a row's problems and counts them, so the row can be dropped once all are known. */
type Bad = ((code: FeedProblemCode, message: string) => void) & { count: number };

function problemCounter(report: Report, line: number): Bad {
  const bad = ((code: FeedProblemCode, message: string) => {
    bad.count++;
    report(line, code, message);
  }) as Bad;
  bad.count = 0;
  return bad;
}

function required(value: string, field: string, bad: Bad): string {
  if (!value) bad('missing_field', `${field} is empty`);
  return value;
}

function checkedText(value: string, field: string, max: number, bad: Bad): string {
  if (value.length > max) bad('too_long', `${field} has ${value.length} characters; at most ${max}`);
  return value;
}

function checkedCategory(value: string, bad: Bad): string {
  const problem = value ? categoryProblem(value) : undefined; // an empty one is reported as missing
  if (problem) bad(problem.code, problem.message);
  return value;
}

function checkedUrl(value: string, field: string, bad: Bad): string {
  if (!value) return value;
  try {
    if (/^https?:$/.test(new URL(value).protocol)) return value;
  } catch {
    /* reported below */
  }
  bad('invalid_url', `${field} "${value}" is not an http(s) URL`);
  return value;
}

/** Decimal amount and ISO currency → integer cents; only USD (the network settles in USD). */
function checkedPrice(amount: string, currency: string, bad: Bad): number | null {
  if (currency.toUpperCase() !== 'USD') {
    bad('unsupported_currency', `price is in ${currency.toUpperCase()}; the network settles in USD, convert prices before importing`);
    return null;
  }
  const [whole, fraction = ''] = amount.split('.');
  if (fraction.length > 2) return bad('invalid_price', `price ${amount} has more than two decimal places`), null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return bad('invalid_price', `price ${amount} must be greater than 0`), null;
  if (cents > MAX_PRICE_CENTS) return bad('invalid_price', `price ${amount} is too large`), null;
  return cents;
}

const MERCHANT_AVAILABILITY: Record<string, Availability> = {
  in_stock: 'in_stock',
  out_of_stock: 'out_of_stock',
  preorder: 'preorder',
  backorder: 'backorder',
};

/** `in_stock`, `out_of_stock`, `preorder`, `backorder` (older feeds write `in stock`). */
function merchantAvailability(value: string, bad: Bad): Availability | null {
  if (!value) return bad('missing_field', 'availability is empty'), null;
  const found = MERCHANT_AVAILABILITY[value.toLowerCase().replace(/\s+/g, '_')];
  if (!found) bad('invalid_availability', `availability "${value}" is not one of ${Object.keys(MERCHANT_AVAILABILITY).join(', ')}`);
  return found ?? null;
}

/** A schema.org ItemAvailability IRI (`https://schema.org/InStock`, `schema:InStock` or `InStock`). */
function schemaAvailability(value: string, where: string, bad: Bad): Availability | null {
  if (!value) return bad('missing_field', `${where}availability is missing`), null;
  const found = SCHEMA_AVAILABILITY[value.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '').toLowerCase()];
  if (!found) bad('invalid_availability', `${where}availability "${value}" is not a schema.org ItemAvailability such as https://schema.org/InStock`);
  return found ?? null;
}

function quantityOf(value: string, field: string, bad: Bad): number | null {
  if (!value) return null;
  if (!/^\d+$/.test(value) || Number(value) > 2_000_000_000) {
    bad('invalid_quantity', `${field} "${value}" is not a whole number ≥ 0`);
    return null;
  }
  return Number(value);
}

/** Out of stock is 0; otherwise the feed's count, or null (not tracked) when it gives none. */
function stockOf(availability: Availability, quantity: number | null, bad: Bad): number | null {
  if (availability === 'out_of_stock') {
    if (quantity) bad('invalid_quantity', `availability is out of stock but the quantity is ${quantity}`);
    return 0;
  }
  if (availability === 'in_stock' && quantity === 0) bad('invalid_quantity', 'availability is in stock but the quantity is 0');
  return quantity;
}

/** GTIN-8/12/13/14 with a valid GS1 check digit; empty is fine (optional). */
function checkedGtin(value: string, bad: Bad): string | null {
  if (!value) return null;
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return bad('invalid_gtin', `gtin "${value}" is not 8, 12, 13 or 14 digits`), null;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  if ((10 - (sum % 10)) % 10 !== check) return bad('invalid_gtin', `gtin "${value}" has a wrong check digit`), null;
  return value;
}

// ---------------------------------------------------------------- grouping

/** Groups variants into products, checking what only the whole file can show (products and variants used twice). */
function assemble(items: FeedItem[], report: Report): ProductInput[] {
  const products = new Map<string, { first: FeedItem; product: ProductInput; optionSets: Set<string> }>();
  for (const item of items) {
    const existing = products.get(item.productKey);
    if (!existing) {
      products.set(item.productKey, {
        first: item,
        product: { externalId: item.productKey, ...item.product, variants: [item.variant] },
        optionSets: new Set([JSON.stringify(item.variant.options)]),
      });
      continue;
    }
    // Rows join a product only through a shared item_group_id (TSV) or by being offers of one line (JSON-LD).
    const joins = existing.first.grouped ? item.grouped : existing.first.line === item.line;
    if (!joins) {
      report(item.line, 'duplicate_product', `product id "${item.productKey}" is already used on line ${existing.first.line}`);
      continue;
    }
    const options = JSON.stringify(item.variant.options);
    if (existing.optionSets.has(options)) {
      report(item.line, 'duplicate_variant', `another variant of "${item.productKey}" has the same options ${options}; give each a distinct size or color`);
      continue;
    }
    existing.optionSets.add(options);
    existing.product.variants.push(item.variant);
  }
  return [...products.values()].map((p) => p.product);
}
