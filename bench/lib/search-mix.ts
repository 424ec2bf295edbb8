/** The query values of bench:search's mix, shared by its Postgres and embedded runs. */
export const TEXT_QUERIES = ['wireless headphones', 'dog bed', 'travel mug', 'hiking backpack', 'coffee maker'];
export const TYPO_QUERIES = ['wirelss headphnes', 'travle mug', 'jigsw puzzel', 'fountian pen', 'kichen knfe'];
export const CATEGORIES = ['Electronics > Audio', 'Home & Garden > Kitchen & Dining', 'Luggage & Bags', 'Toys & Games > Puzzles', 'Furniture > Chairs'];
export const PRICE_RANGES: [number, number][] = [[1000, 2000], [2500, 5000], [5000, 10000], [10000, 20000], [20000, 50000]];
