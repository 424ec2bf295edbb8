/**
 * The product taxonomy the catalog generator draws from: Google-product-taxonomy-style leaf
 * categories, each with the nouns shoppers use for its products, the feature words that appear in
 * real titles, the variant options that make sense for it and a typical price range. Search
 * quality and speed are measured against generated catalogs, so this vocabulary is deliberately
 * large and category-specific (a catalog with a few dozen title words makes every query "common").
 */

/** Which variant options a category's products come in. */
export type OptionKind =
  | 'apparel' // size XS–XXL × colour
  | 'shoes' // US shoe size × colour
  | 'ring' // ring size
  | 'bedding' // bed size
  | 'frame' // bicycle frame size
  | 'color'
  | 'storage' // 256GB … (price grows with it)
  | 'pack-volume' // 20L … (price grows with it)
  | 'net-weight' // 250 g … (price grows with it)
  | 'liquid-volume' // 50 ml … (price grows with it)
  | 'none';

export interface LeafCategory {
  /** `A > B > C`, Google product taxonomy style. */
  path: string;
  /** What products of the category are called in titles. */
  nouns: string[];
  /** Category-specific title words (features, materials, styles). */
  features: string[];
  options: OptionKind;
  /** Typical price range in whole dollars. */
  price: [number, number];
}

const leaf = (path: string, nouns: string[], features: string[], options: OptionKind, price: [number, number]): LeafCategory => ({
  path,
  nouns,
  features,
  options,
  price,
});

const CAMPING = 'Sporting Goods > Outdoor Recreation > Camping & Hiking';
const CLOTHING = 'Apparel & Accessories > Clothing';
const KITCHEN = 'Home & Garden > Kitchen & Dining';
const PERSONAL_CARE = 'Health & Beauty > Personal Care';
const DOGS = 'Animals & Pet Supplies > Pet Supplies > Dog Supplies';

export const LEAF_CATEGORIES: LeafCategory[] = [
  // Electronics
  leaf('Electronics > Audio > Headphones', ['Wireless Headphones', 'Over-Ear Headphones', 'On-Ear Headphones', 'Noise Cancelling Headphones', 'Studio Headphones', 'Gaming Headset'], ['Bluetooth', 'Foldable', 'Hi-Res', 'Active Noise Cancelling', 'Lightweight', 'Bass Boost', 'Memory Foam', 'Low Latency'], 'color', [29, 399]),
  leaf('Electronics > Audio > Earbuds', ['True Wireless Earbuds', 'Sport Earbuds', 'In-Ear Monitors', 'Earbuds', 'Open-Ear Earbuds'], ['Bluetooth', 'Sweatproof', 'Noise Cancelling', 'Hybrid Driver', 'Compact', 'Long Battery'], 'color', [19, 279]),
  leaf('Electronics > Audio > Speakers', ['Bluetooth Speaker', 'Bookshelf Speakers', 'Soundbar', 'Portable Speaker', 'Smart Speaker', 'Party Speaker'], ['Waterproof', 'Stereo', 'Dolby Atmos', '360-Degree', 'Rugged', 'Wi-Fi'], 'color', [25, 699]),
  leaf('Electronics > Audio > Microphones', ['USB Microphone', 'Condenser Microphone', 'Lavalier Microphone', 'Dynamic Microphone', 'Podcast Microphone'], ['Cardioid', 'Studio', 'Plug-and-Play', 'Broadcast', 'Shock-Mounted'], 'none', [19, 349]),
  leaf('Electronics > Computers > Laptops', ['Laptop', 'Ultrabook', 'Chromebook', 'Gaming Laptop', '2-in-1 Laptop'], ['14-Inch', '16-Inch', 'OLED', 'Touchscreen', 'Backlit', 'Thin'], 'storage', [299, 2499]),
  leaf('Electronics > Computers > Computer Accessories > Keyboards', ['Mechanical Keyboard', 'Wireless Keyboard', 'Ergonomic Keyboard', 'Compact Keyboard', 'Split Keyboard'], ['Hot-Swappable', 'RGB', 'Low-Profile', 'Tenkeyless', 'Tactile', 'Silent'], 'color', [29, 259]),
  leaf('Electronics > Computers > Computer Accessories > Mice', ['Wireless Mouse', 'Gaming Mouse', 'Ergonomic Mouse', 'Trackball', 'Vertical Mouse'], ['Rechargeable', 'Silent-Click', 'High-Precision', 'Ambidextrous', 'Multi-Device'], 'color', [15, 149]),
  leaf('Electronics > Computers > Monitors', ['Monitor', 'Gaming Monitor', 'Ultrawide Monitor', 'Portable Monitor', 'Curved Monitor'], ['27-Inch', '4K', '144Hz', 'IPS', 'USB-C', 'HDR'], 'none', [129, 1199]),
  leaf('Electronics > Communications > Phones > Mobile Phone Accessories > Cases', ['Phone Case', 'Wallet Case', 'Rugged Case', 'Clear Case', 'MagSafe Case'], ['Shockproof', 'Slim', 'Vegan Leather', 'Drop-Tested', 'Antimicrobial'], 'color', [9, 69]),
  leaf('Electronics > Electronics Accessories > Power > Chargers', ['USB-C Charger', 'Wireless Charger', 'Charging Stand', 'Power Bank', 'Car Charger', 'Charging Station'], ['GaN', 'Fast-Charging', '65W', 'Magnetic', '3-in-1', 'Travel'], 'color', [12, 129]),
  leaf('Electronics > Cameras & Optics > Cameras > Digital Cameras', ['Mirrorless Camera', 'Compact Camera', 'Action Camera', 'Instant Camera', 'Vlogging Camera'], ['Full-Frame', 'Weather-Sealed', 'Stabilized', '4K', 'Retro'], 'none', [79, 2299]),
  leaf('Electronics > Cameras & Optics > Camera & Optic Accessories', ['Camera Tripod', 'Camera Bag', 'Lens Filter', 'Camera Strap', 'Memory Card', 'Gimbal'], ['Carbon Fiber', 'Travel', 'Padded', 'UV', 'Quick-Release'], 'none', [9, 249]),
  leaf('Electronics > Wearables > Smartwatches', ['Smartwatch', 'Fitness Tracker', 'GPS Watch', 'Sport Watch', 'Running Watch'], ['AMOLED', 'Heart-Rate', 'Solar', 'Titanium', 'Waterproof', 'Multisport'], 'color', [39, 799]),
  leaf('Electronics > Video > Projectors', ['Projector', 'Mini Projector', 'Home Cinema Projector', 'Short-Throw Projector'], ['4K', '1080p', 'Laser', 'Portable', 'Smart'], 'none', [89, 1999]),
  leaf('Electronics > Smart Home > Security Cameras', ['Security Camera', 'Video Doorbell', 'Baby Monitor', 'Floodlight Camera'], ['Outdoor', 'Night Vision', '2K', 'Battery-Powered', 'Two-Way Audio'], 'color', [29, 299]),
  leaf('Electronics > Smart Home > Smart Lighting', ['Smart Bulb', 'LED Light Strip', 'Smart Plug', 'Smart Light Switch'], ['Dimmable', 'Color-Changing', 'Voice-Controlled', 'Matter-Compatible', 'Energy-Saving'], 'none', [9, 99]),

  // Apparel & Accessories
  leaf(`${CLOTHING} > Shirts & Tops`, ['T-Shirt', 'Oxford Shirt', 'Polo Shirt', 'Henley', 'Tank Top', 'Flannel Shirt', 'Linen Shirt'], ['Organic Cotton', 'Merino Wool', 'Slim Fit', 'Relaxed Fit', 'Pocket', 'Long Sleeve', 'Short Sleeve'], 'apparel', [14, 120]),
  leaf(`${CLOTHING} > Outerwear > Coats & Jackets`, ['Rain Jacket', 'Down Jacket', 'Fleece Jacket', 'Parka', 'Softshell Jacket', 'Windbreaker', 'Puffer Vest'], ['Waterproof', 'Insulated', 'Packable', 'Hooded', 'Breathable', 'Recycled'], 'apparel', [39, 499]),
  leaf(`${CLOTHING} > Pants`, ['Chinos', 'Jeans', 'Cargo Pants', 'Joggers', 'Hiking Pants', 'Trousers'], ['Stretch', 'Straight Leg', 'Tapered', 'Selvedge', 'Quick-Dry', 'Convertible'], 'apparel', [29, 189]),
  leaf(`${CLOTHING} > Dresses`, ['Midi Dress', 'Wrap Dress', 'Maxi Dress', 'Shirt Dress', 'Slip Dress'], ['Floral', 'Linen', 'Satin', 'Pleated', 'Sleeveless', 'Smocked'], 'apparel', [29, 249]),
  leaf(`${CLOTHING} > Sweaters`, ['Sweater', 'Cardigan', 'Hoodie', 'Crewneck Sweatshirt', 'Turtleneck', 'Quarter-Zip'], ['Cashmere', 'Cable-Knit', 'Lambswool', 'Brushed', 'Oversized', 'Ribbed'], 'apparel', [29, 299]),
  leaf(`${CLOTHING} > Activewear`, ['Running Shorts', 'Leggings', 'Sports Bra', 'Training Tee', 'Track Jacket', 'Base Layer'], ['Moisture-Wicking', 'Seamless', 'High-Waisted', 'Reflective', 'Compression'], 'apparel', [15, 119]),
  leaf(`${CLOTHING} > Underwear & Socks > Socks`, ['Crew Socks', 'Hiking Socks', 'Ankle Socks', 'Wool Socks', 'Running Socks'], ['Cushioned', 'Merino', 'Bamboo', 'Seamless Toe', '3-Pack'], 'apparel', [8, 39]),
  leaf('Apparel & Accessories > Shoes > Sneakers', ['Sneakers', 'Running Shoes', 'Trainers', 'Court Shoes', 'Slip-On Sneakers', 'Trail Running Shoes'], ['Knit', 'Leather', 'Cushioned', 'Carbon-Plated', 'Vegan', 'Retro'], 'shoes', [39, 249]),
  leaf('Apparel & Accessories > Shoes > Boots', ['Hiking Boots', 'Chelsea Boots', 'Rain Boots', 'Work Boots', 'Snow Boots', 'Desert Boots'], ['Gore-Tex', 'Waterproof', 'Steel-Toe', 'Suede', 'Insulated', 'Goodyear-Welted'], 'shoes', [59, 399]),
  leaf('Apparel & Accessories > Shoes > Sandals', ['Sandals', 'Slides', 'Flip Flops', 'Sport Sandals', 'Clogs'], ['Cork', 'Adjustable', 'Recovery', 'Water-Ready', 'Contoured'], 'shoes', [15, 129]),
  leaf('Apparel & Accessories > Handbags, Wallets & Cases > Wallets & Money Clips', ['Wallet', 'Card Holder', 'Bifold Wallet', 'Coin Purse', 'Money Clip'], ['Full-Grain Leather', 'RFID-Blocking', 'Minimalist', 'Slim', 'Hand-Stitched'], 'color', [15, 149]),
  leaf('Apparel & Accessories > Handbags, Wallets & Cases > Handbags', ['Tote Bag', 'Crossbody Bag', 'Shoulder Bag', 'Clutch', 'Bucket Bag'], ['Canvas', 'Leather', 'Quilted', 'Woven', 'Convertible'], 'color', [29, 449]),
  leaf('Apparel & Accessories > Jewelry > Necklaces', ['Necklace', 'Pendant', 'Chain Necklace', 'Choker', 'Locket'], ['Sterling Silver', 'Gold-Plated', 'Pearl', 'Minimalist', 'Engraved'], 'none', [19, 399]),
  leaf('Apparel & Accessories > Jewelry > Rings', ['Ring', 'Signet Ring', 'Stacking Ring', 'Band Ring'], ['Sterling Silver', '14K Gold', 'Hammered', 'Gemstone', 'Adjustable'], 'ring', [19, 599]),
  leaf('Apparel & Accessories > Jewelry > Watches', ['Watch', 'Chronograph Watch', 'Dive Watch', 'Field Watch', 'Dress Watch'], ['Automatic', 'Sapphire Crystal', 'Stainless Steel', 'Quartz', 'Solar'], 'color', [49, 1499]),
  leaf('Apparel & Accessories > Clothing Accessories > Hats', ['Beanie', 'Baseball Cap', 'Sun Hat', 'Bucket Hat', 'Trucker Hat', 'Wool Fedora'], ['Wool', 'UPF 50', 'Embroidered', 'Packable', 'Waxed Cotton'], 'color', [12, 89]),
  leaf('Apparel & Accessories > Clothing Accessories > Sunglasses', ['Sunglasses', 'Polarized Sunglasses', 'Aviator Sunglasses', 'Sport Sunglasses'], ['Polarized', 'Acetate', 'Titanium', 'Mirrored', 'Photochromic'], 'color', [19, 299]),

  // Sporting Goods
  leaf(`${CAMPING} > Tents`, ['Tent', 'Backpacking Tent', 'Dome Tent', 'Family Tent', 'Ultralight Tent', 'Bivy'], ['2-Person', '4-Person', 'Freestanding', '3-Season', '4-Season', 'Waterproof'], 'none', [79, 899]),
  leaf(`${CAMPING} > Sleeping Bags`, ['Sleeping Bag', 'Mummy Sleeping Bag', 'Down Sleeping Bag', 'Backpacking Quilt'], ['20°F', '0°F', 'Synthetic', '800-Fill', 'Compressible'], 'color', [49, 549]),
  leaf(`${CAMPING} > Sleeping Pads`, ['Sleeping Pad', 'Inflatable Mattress', 'Foam Pad', 'Camp Pillow'], ['Self-Inflating', 'Insulated', 'Ultralight', 'R-Value 4', 'Double-Wide'], 'none', [19, 229]),
  leaf(`${CAMPING} > Camp Cooking`, ['Camping Stove', 'Cook Set', 'Titanium Pot', 'Spork', 'Camp Percolator'], ['Titanium', 'Nesting', 'Canister', 'Windproof', 'Compact'], 'none', [9, 199]),
  leaf(`${CAMPING} > Hiking Backpacks`, ['Hiking Backpack', 'Daypack', 'Trekking Pack', 'Hydration Pack', 'Ultralight Pack'], ['Ventilated', 'Rain Cover', 'Frameless', 'Ripstop', 'Hip-Belt'], 'pack-volume', [39, 349]),
  leaf(`${CAMPING} > Camping Lights`, ['Headlamp', 'Lantern', 'Flashlight', 'Camp Light'], ['Rechargeable', '400-Lumen', 'Red Light', 'Solar', 'Collapsible'], 'color', [12, 99]),
  leaf(`${CAMPING} > Hydration`, ['Water Bottle', 'Water Filter', 'Insulated Bottle', 'Hydration Bladder', 'Collapsible Bottle'], ['BPA-Free', 'Stainless Steel', 'Vacuum-Insulated', 'Squeeze', 'Leakproof'], 'color', [9, 89]),
  leaf('Sporting Goods > Outdoor Recreation > Cycling > Bicycles', ['Road Bike', 'Mountain Bike', 'Gravel Bike', 'Hybrid Bike', 'E-Bike', 'Commuter Bike'], ['Carbon', 'Aluminum', 'Hydraulic Disc', 'Full-Suspension', '12-Speed'], 'frame', [399, 3999]),
  leaf('Sporting Goods > Outdoor Recreation > Cycling > Bicycle Accessories > Bicycle Helmets', ['Bike Helmet', 'MIPS Helmet', 'Commuter Helmet', 'Mountain Bike Helmet'], ['Ventilated', 'Lightweight', 'LED', 'Aero', 'Adjustable'], 'apparel', [39, 299]),
  leaf('Sporting Goods > Outdoor Recreation > Climbing', ['Climbing Harness', 'Chalk Bag', 'Carabiner', 'Belay Device', 'Climbing Rope', 'Climbing Shoes'], ['Dynamic', 'Auto-Locking', 'Dry-Treated', 'Sport', 'Trad'], 'none', [9, 299]),
  leaf('Sporting Goods > Outdoor Recreation > Fishing', ['Fishing Rod', 'Spinning Reel', 'Tackle Box', 'Fly Rod', 'Fishing Net'], ['Graphite', 'Telescopic', 'Saltwater', 'Ultralight', 'Travel'], 'none', [15, 399]),
  leaf('Sporting Goods > Outdoor Recreation > Winter Sports & Activities > Skiing & Snowboarding', ['Skis', 'Ski Goggles', 'Ski Poles', 'Ski Helmet', 'Snowboard'], ['All-Mountain', 'Anti-Fog', 'Freeride', 'Twin-Tip', 'Carbon'], 'none', [29, 899]),
  leaf('Sporting Goods > Exercise & Fitness > Yoga & Pilates', ['Yoga Mat', 'Yoga Block', 'Pilates Ring', 'Yoga Strap', 'Meditation Cushion'], ['Non-Slip', 'Cork', 'Natural Rubber', 'Extra-Thick', 'Eco-Friendly'], 'color', [9, 129]),
  leaf('Sporting Goods > Exercise & Fitness > Weights', ['Dumbbells', 'Kettlebell', 'Weight Plate', 'Adjustable Dumbbell', 'Resistance Bands'], ['Cast Iron', 'Hex', 'Rubber-Coated', 'Competition', 'Chrome'], 'none', [19, 499]),
  leaf('Sporting Goods > Athletics > Soccer', ['Soccer Ball', 'Shin Guards', 'Goalkeeper Gloves', 'Training Cones'], ['Match', 'Size 5', 'Thermo-Bonded', 'Grip', 'Training'], 'none', [9, 149]),

  // Home & Garden, Furniture
  leaf(`${KITCHEN} > Cookware & Bakeware > Cookware`, ['Frying Pan', 'Dutch Oven', 'Saucepan', 'Cast Iron Skillet', 'Wok', 'Stock Pot'], ['Nonstick', 'Enameled', 'Tri-Ply', 'Carbon Steel', 'Induction-Ready', 'Pre-Seasoned'], 'color', [19, 399]),
  leaf(`${KITCHEN} > Kitchen Appliances > Coffee Makers & Espresso Machines`, ['Coffee Maker', 'Espresso Machine', 'Pour-Over Set', 'French Press', 'Coffee Grinder', 'Moka Pot'], ['Burr', 'Programmable', 'Thermal', 'Manual', 'Dual-Boiler'], 'color', [19, 1299]),
  leaf(`${KITCHEN} > Tableware > Drinkware`, ['Mug', 'Tumbler', 'Wine Glasses', 'Travel Mug', 'Espresso Cups'], ['Stoneware', 'Double-Wall', 'Hand-Blown', 'Insulated', 'Set of 4'], 'color', [9, 89]),
  leaf(`${KITCHEN} > Kitchen Tools & Utensils > Kitchen Knives`, ['Chef Knife', 'Knife Set', 'Paring Knife', 'Santoku Knife', 'Bread Knife'], ['Damascus', 'German Steel', 'Japanese', 'Forged', 'Olive Wood'], 'none', [19, 499]),
  leaf('Home & Garden > Linens & Bedding > Bedding', ['Duvet Cover', 'Sheet Set', 'Pillow', 'Comforter', 'Weighted Blanket', 'Quilt'], ['Percale', 'Sateen', 'Linen', 'Organic Cotton', 'Down Alternative', 'Cooling'], 'bedding', [29, 399]),
  leaf('Home & Garden > Decor > Home Fragrances > Candles', ['Scented Candle', 'Candle Set', 'Soy Candle', 'Pillar Candle'], ['Hand-Poured', 'Cedarwood', 'Lavender', 'Amber', 'Wooden Wick'], 'none', [12, 79]),
  leaf('Home & Garden > Lighting > Lamps', ['Table Lamp', 'Floor Lamp', 'Desk Lamp', 'Pendant Light', 'Reading Lamp'], ['Brass', 'Ceramic', 'Rattan', 'Arc', 'Dimmable'], 'color', [29, 449]),
  leaf('Home & Garden > Lawn & Garden > Gardening > Gardening Tools', ['Pruning Shears', 'Garden Trowel', 'Hose Nozzle', 'Garden Gloves', 'Hori Hori Knife'], ['Ergonomic', 'Stainless Steel', 'Bypass', 'Ash Handle', 'Heavy-Duty'], 'none', [9, 89]),
  leaf('Home & Garden > Decor > Planters', ['Planter', 'Plant Pot', 'Hanging Planter', 'Self-Watering Pot'], ['Terracotta', 'Glazed', 'Concrete', 'Macrame', 'Drainage'], 'color', [12, 149]),
  leaf('Furniture > Chairs > Office Chairs', ['Office Chair', 'Ergonomic Chair', 'Desk Chair', 'Gaming Chair', 'Task Chair'], ['Mesh', 'Lumbar Support', 'Adjustable', 'Swivel', 'Reclining'], 'color', [89, 1299]),
  leaf('Furniture > Office Furniture > Desks', ['Standing Desk', 'Writing Desk', 'Computer Desk', 'Corner Desk'], ['Electric', 'Solid Oak', 'Walnut', 'Height-Adjustable', 'Compact'], 'color', [129, 999]),
  leaf('Furniture > Sofas', ['Sofa', 'Loveseat', 'Sectional Sofa', 'Sleeper Sofa'], ['Velvet', 'Mid-Century', 'Modular', 'Performance Fabric', 'Leather'], 'color', [399, 2999]),

  // Health & Beauty
  leaf(`${PERSONAL_CARE} > Cosmetics > Skin Care`, ['Face Moisturizer', 'Vitamin C Serum', 'Gentle Cleanser', 'Mineral Sunscreen', 'Night Cream', 'Eye Cream'], ['Hyaluronic', 'Fragrance-Free', 'SPF 30', 'Retinol', 'Niacinamide', 'Vegan'], 'liquid-volume', [9, 129]),
  leaf(`${PERSONAL_CARE} > Hair Care`, ['Shampoo', 'Conditioner', 'Hair Oil', 'Hair Dryer', 'Styling Cream'], ['Sulfate-Free', 'Argan', 'Volumizing', 'Ionic', 'Repairing'], 'liquid-volume', [8, 299]),
  leaf(`${PERSONAL_CARE} > Oral Care`, ['Electric Toothbrush', 'Water Flosser', 'Toothbrush Heads', 'Whitening Kit'], ['Sonic', 'Rechargeable', 'Travel', 'Pressure-Sensor', 'Cordless'], 'color', [9, 249]),
  leaf(`${PERSONAL_CARE} > Shaving & Grooming`, ['Safety Razor', 'Beard Trimmer', 'Shaving Cream', 'Beard Oil', 'Shaving Brush'], ['Double-Edge', 'Cordless', 'Sandalwood', 'Badger Hair', 'Precision'], 'none', [9, 149]),

  // Food & Beverages
  leaf('Food, Beverages & Tobacco > Beverages > Coffee', ['Whole Bean Coffee', 'Ground Coffee', 'Espresso Roast', 'Cold Brew Pack', 'Decaf Coffee'], ['Single-Origin', 'Ethiopian', 'Colombian', 'Dark Roast', 'Light Roast', 'Organic'], 'net-weight', [9, 49]),
  leaf('Food, Beverages & Tobacco > Beverages > Tea & Infusions', ['Loose Leaf Tea', 'Green Tea', 'Herbal Tea', 'Chai', 'Matcha'], ['Ceremonial', 'Earl Grey', 'Chamomile', 'Jasmine', 'Organic'], 'net-weight', [7, 59]),
  leaf('Food, Beverages & Tobacco > Food Items > Bakery', ['Sourdough Loaf', 'Croissants', 'Stollen', 'Almond Biscotti', 'Apple Strudel'], ['Butter', 'Handmade', 'Rye', 'Traditional', 'Seeded'], 'none', [5, 39]),
  leaf('Food, Beverages & Tobacco > Food Items > Snack Foods', ['Trail Mix', 'Granola', 'Dark Chocolate', 'Energy Bars', 'Roasted Almonds'], ['Salted Caramel', 'Keto', 'Gluten-Free', 'High-Protein', 'Fair Trade'], 'net-weight', [4, 39]),

  // Toys, luggage, pets, office
  leaf('Toys & Games > Games > Board Games', ['Board Game', 'Card Game', 'Strategy Game', 'Party Game', 'Cooperative Game'], ['Family', 'Deluxe Edition', 'Two-Player', 'Travel', 'Expansion'], 'none', [12, 99]),
  leaf('Toys & Games > Puzzles > Jigsaw Puzzles', ['Jigsaw Puzzle', 'Wooden Puzzle', 'Panoramic Puzzle'], ['1000-Piece', '500-Piece', 'Illustrated', 'Landscape', 'Gradient'], 'none', [12, 59]),
  leaf('Toys & Games > Toys > Building Toys', ['Building Set', 'Magnetic Tiles', 'Marble Run', 'Wooden Blocks'], ['STEM', 'Creative', 'Starter', 'Motorized', 'Architecture'], 'none', [15, 199]),
  leaf('Luggage & Bags > Suitcases', ['Carry-On Suitcase', 'Checked Suitcase', 'Hardside Spinner', 'Rolling Duffel'], ['Polycarbonate', 'Expandable', 'Aluminum', 'TSA-Lock', 'Lightweight'], 'color', [79, 699]),
  leaf('Luggage & Bags > Duffel Bags', ['Duffel Bag', 'Weekender Bag', 'Gym Bag', 'Travel Duffel'], ['Waxed Canvas', 'Waterproof', 'Packable', 'Leather-Trim', 'Convertible'], 'pack-volume', [29, 299]),
  leaf(`${DOGS} > Dog Beds`, ['Dog Bed', 'Orthopedic Dog Bed', 'Dog Crate Mat', 'Calming Dog Bed'], ['Memory Foam', 'Washable', 'Bolster', 'Chew-Resistant', 'Waterproof'], 'apparel', [29, 249]),
  leaf(`${DOGS} > Dog Leashes & Harnesses`, ['Dog Leash', 'Dog Harness', 'Dog Collar', 'Hands-Free Leash'], ['Reflective', 'No-Pull', 'Padded', 'Climbing Rope', 'Waterproof'], 'apparel', [12, 79]),
  leaf('Office Supplies > General Office Supplies > Paper Products > Notebooks & Notepads', ['Notebook', 'Dot Grid Journal', 'Weekly Planner', 'Sketchbook', 'Field Notes'], ['A5', 'Hardcover', 'Lay-Flat', 'Recycled', 'Fountain Pen Friendly'], 'color', [6, 49]),
  leaf('Office Supplies > Office Instruments > Writing & Drawing Instruments > Pens', ['Fountain Pen', 'Gel Pen Set', 'Ballpoint Pen', 'Rollerball Pen', 'Brush Pen'], ['Brass', 'Fine Nib', 'Refillable', 'Retractable', 'Lacquered'], 'color', [5, 249]),
];

/** Top-level segment of a category path (`Electronics`, `Sporting Goods`, …). */
export function topLevel(path: string): string {
  return path.split(' > ')[0];
}

/** Leaves under any of the given path prefixes. */
export function leavesUnder(prefixes: string[]): LeafCategory[] {
  return LEAF_CATEGORIES.filter((c) => prefixes.some((p) => c.path === p || c.path.startsWith(`${p} > `)));
}

/** Per top-level segment: what its shops are called, the words they put after their name, what the products are for. */
export const SEGMENTS: Record<string, { shop: string; storeWords: string[]; uses: string[] }> = {
  Electronics: {
    shop: 'electronics',
    storeWords: ['Audio', 'Electronics', 'Tech', 'Gadgets', 'Sound', 'Digital'],
    uses: ['daily commutes', 'working from home', 'long flights', 'late-night gaming sessions', 'the home studio', 'travel'],
  },
  'Apparel & Accessories': {
    shop: 'fashion',
    storeWords: ['Apparel', 'Clothing Co.', 'Boutique', 'Outfitters', 'Wardrobe', 'Supply'],
    uses: ['everyday wear', 'the office', 'weekends away', 'city walks', 'layering through the seasons', 'travel'],
  },
  'Sporting Goods': {
    shop: 'outdoor and sports gear',
    storeWords: ['Outdoors', 'Sports', 'Trail Supply', 'Gear Co.', 'Adventure', 'Basecamp'],
    uses: ['weekend trips', 'alpine starts', 'thru-hikes', 'backcountry camping', 'training days', 'race day'],
  },
  'Home & Garden': {
    shop: 'homeware',
    storeWords: ['Home', 'Kitchen', 'Living', 'Homewares', 'House & Garden'],
    uses: ['everyday cooking', 'slow Sunday mornings', 'entertaining friends', 'small apartments', 'the garden'],
  },
  Furniture: {
    shop: 'furniture',
    storeWords: ['Furniture', 'Interiors', 'Design', 'Workshop'],
    uses: ['the home office', 'open-plan living', 'long working days', 'small spaces'],
  },
  'Health & Beauty': {
    shop: 'beauty and wellness',
    storeWords: ['Beauty', 'Apothecary', 'Skincare', 'Wellness'],
    uses: ['sensitive skin', 'a morning routine', 'travel', 'daily care'],
  },
  'Food, Beverages & Tobacco': {
    shop: 'food and drink',
    storeWords: ['Coffee Roasters', 'Pantry', 'Bakery', 'Provisions', 'Tea House'],
    uses: ['slow mornings', 'gifting', 'the office kitchen', 'weekend baking', 'the trail'],
  },
  'Toys & Games': {
    shop: 'toy and game',
    storeWords: ['Toys', 'Games', 'Play', 'Toy Co.'],
    uses: ['family game night', 'rainy afternoons', 'ages 8 and up', 'gifting'],
  },
  'Luggage & Bags': {
    shop: 'travel goods',
    storeWords: ['Travel Goods', 'Luggage', 'Bags'],
    uses: ['weekend getaways', 'business travel', 'carry-on only trips', 'the gym'],
  },
  'Animals & Pet Supplies': {
    shop: 'pet supply',
    storeWords: ['Pet Supply', 'Pets', 'Dog Co.'],
    uses: ['older dogs', 'daily walks', 'crate training', 'active breeds'],
  },
  'Office Supplies': {
    shop: 'stationery',
    storeWords: ['Stationery', 'Paper Co.', 'Desk Supply'],
    uses: ['journaling', 'note-taking', 'the desk', 'sketching on the go'],
  },
};
