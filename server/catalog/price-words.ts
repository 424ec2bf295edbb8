/**
 * Price words in a search query become price filters: "headphones under $50" searches
 * "headphones" with max_price_cents 4999. Money is integer US cents, like every price here.
 *
 * A price is an amount with a currency ("$50", "50 dollars", "50 usd", "usd 50", "$49.99",
 * "$1,200", "$2k"), or a bare number right after a comparison word ("under 50"). Read:
 * - under, below, less than, cheaper than, lower than, < → at most one cent less;
 * - up to, at most, no more than, within, max, maximum, ≤, "or less", "or under", "and under" → at most;
 * - over, above, more than, greater than, > → at least one cent more;
 * - at least, starting at, from, min, minimum, ≥, "or more", "and up", "+" → at least;
 * - between A and B, from A to B, A to B, A - B → both bounds, inclusive (one of them with a currency).
 * The words less common before prices (<, >, from, min, max, and those after the amount) need a
 * currency. Anything else stays text: a number without a currency or a comparison ("1000-piece",
 * "size 10") is a word of the query. A pure function, shared by the service and the bench's bare
 * server.
 */

export interface PriceWords {
  /** The query without its price phrases (spaces tidied); empty when it held nothing else. */
  text: string;
  /** The price phrases as written, in query order. */
  phrases: string[];
  minCents?: number;
  maxCents?: number;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(k)?`;
/** An amount: "$N", "usd N", or "N" optionally followed by a currency ("N dollars", "N usd", "N$"). */
const AMOUNT = String.raw`(?:\$\s*${NUMBER}|usd\s*${NUMBER}|${NUMBER}((?:\s*(?:dollars?|usd|bucks)\b|\$))?)`;
/** Capture groups of one AMOUNT: three forms of (number, cents, k), and the third form's currency. */
const AMOUNT_GROUPS = 10;

/** Boundaries that also hold next to "$", "<", "≥" and "+", where \b does not. */
const START = String.raw`(?<![\p{L}\p{N}$.,])`;
const END = String.raw`(?![\p{L}\p{N}])`;

interface Amount {
  cents: number;
  /** Written with a currency ($, dollars, usd, bucks). */
  currency: boolean;
}

/** The amount whose groups start at `i`. */
function amountAt(m: RegExpExecArray, i: number): Amount | undefined {
  for (const form of [0, 1, 2]) {
    const whole = m[i + form * 3];
    if (whole === undefined) continue;
    const dollars = Number(whole.replace(/,/g, ''));
    const cents = Number((m[i + form * 3 + 1] ?? '').padEnd(2, '0'));
    const value = m[i + form * 3 + 2] !== undefined ? Math.round((dollars * 100 + cents) * 1000) : dollars * 100 + cents;
    if (!Number.isSafeInteger(value) || value > 2_000_000_000) return undefined;
    return { cents: value, currency: form < 2 || m[i + 9] !== undefined };
  }
  return undefined;
}

type Bounds = { min?: number; max?: number };

interface Pattern {
  re: RegExp;
  read(m: RegExpExecArray): Bounds | undefined;
}

const words = (list: string) => list.trim().split(/\s*\|\s*/).map((w) => w.replace(/ /g, String.raw`\s+`)).join('|');

/**
 * A comparison before an amount. `bare`: the amount may go without a currency ("under 50"); the
 * other words are too common before other numbers ("from 2020", "max 4").
 */
function before(list: string, bound: (a: Amount) => Bounds, bare: boolean): Pattern {
  return {
    re: new RegExp(String.raw`${START}(?:${words(list)})\s*${AMOUNT}${END}`, 'iu'),
    read: (m) => {
      const a = amountAt(m, 1);
      return a && (bare || a.currency) ? bound(a) : undefined;
    },
  };
}

/** A comparison after an amount, which needs a currency ("500+" alone is not a price). */
function after(list: string, bound: (a: Amount) => Bounds): Pattern {
  return {
    re: new RegExp(String.raw`${START}${AMOUNT}\s*(?:${words(list)})(?![\p{L}\p{N}])`, 'iu'),
    read: (m) => {
      const a = amountAt(m, 1);
      return a?.currency ? bound(a) : undefined;
    },
  };
}

/** Two amounts, at least one with a currency. */
function range(lead: string): Pattern {
  return {
    re: new RegExp(String.raw`${START}${lead}${AMOUNT}\s*(?:and|to|-|–)\s*${AMOUNT}${END}`, 'iu'),
    read: (m) => {
      const [a, b] = [amountAt(m, 1), amountAt(m, 1 + AMOUNT_GROUPS)];
      return a && b && (a.currency || b.currency) ? { min: Math.min(a.cents, b.cents), max: Math.max(a.cents, b.cents) } : undefined;
    },
  };
}

const below = (delta: number) => (a: Amount) => ({ max: Math.max(0, a.cents + delta) });
const above = (delta: number) => (a: Amount) => ({ min: a.cents + delta });

/** Tried in this order: ranges before the single comparisons they contain. */
const PATTERNS: Pattern[] = [
  range(String.raw`(?:between|from)\s+`),
  range(''),
  before('under | below | less than | cheaper than | lower than', below(-1), true),
  before('up to | at most | no more than | not more than | within', below(0), true),
  before('over | above | more than | greater than', above(1), true),
  before('at least | starting at | starting from', above(0), true),
  before('<= | ≤ | max | maximum', below(0), false),
  before('<', below(-1), false),
  before('>= | ≥ | from | min | minimum', above(0), false),
  before('>', above(1), false),
  after('or less | or under | and under | or cheaper | or below | max', below(0)),
  after(String.raw`or more | and up | or above | and above | or over | \+`, above(0)),
];

/**
 * The price phrases of `q` and the bounds they set (the tightest of each, when several do), and
 * the query without them. Quoted phrases are left alone: the caller asked for that text.
 */
export function readPriceWords(q: string): PriceWords {
  const phrases: string[] = [];
  let minCents: number | undefined;
  let maxCents: number | undefined;
  let text = q;
  // Quoted phrases (closed or not) are blanked out of what the patterns read.
  const unquoted = () => text.replace(/"[^"]*"?/g, (m) => ' '.repeat(m.length));
  for (let found = true; found && phrases.length < 4; ) {
    found = false;
    for (const pattern of PATTERNS) {
      const m = pattern.re.exec(unquoted());
      const read = m && pattern.read(m);
      if (!m || !read) continue;
      phrases.push(text.slice(m.index, m.index + m[0].length).trim());
      if (read.min !== undefined) minCents = minCents === undefined ? read.min : Math.max(minCents, read.min);
      if (read.max !== undefined) maxCents = maxCents === undefined ? read.max : Math.min(maxCents, read.max);
      text = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`;
      found = true;
      break;
    }
  }
  return {
    text: phrases.length ? text.replace(/\s+/g, ' ').trim() : q,
    phrases,
    ...(minCents !== undefined && { minCents }),
    ...(maxCents !== undefined && { maxCents }),
  };
}
