// The demo shop's merchandise: one product a line, `|`-separated —
// category | name | price | sale price (or -) | stock | gender | colours | sizes | tags | text.
// Prices are cents. A stock of 0 is sold out; a name starting with "draft:" is unpublished.
import type { ProductCategory, ProductGender } from '../contracts/shop.ts';

const TABLE = `
shirts|Clipdeck Logo Tee|2500|-|120|unisex|#1C252E,#FFFFFF,#B91C1C|S,M,L,XL,XXL|logo,cotton,bestseller|The tee that started it all: our play mark on heavyweight organic cotton, cut to a relaxed fit that keeps its shape wash after wash.
shirts|Director's Cut Tee|2800|2200|64|men|#374151,#F59E0B|S,M,L,XL|film,cotton|A slate-grey tee with a clapperboard print for the people who never accept the first take.
shirts|Frame by Frame Tee|2600|-|8|women|#F4F4F5,#7C3AED|XS,S,M,L|film,fitted|A fitted crew neck printed with twenty-four frames of a running horse, the oldest clip there is.
shirts|Blooper Reel Tee|2400|1800|45|unisex|#FBBF24|S,M,L,XL|humour,cotton|Bright yellow and a little ridiculous, like the best outtakes. Printed with water-based inks.
shirts|Night Owl Long Sleeve|3400|-|30|unisex|#111827,#1E3A8A|S,M,L,XL,XXL|long sleeve,night|For editing sessions that end at sunrise: a brushed long sleeve with a tiny moon on the cuff.
shirts|Little Creator Tee|1800|-|52|kids|#00A76F,#38BDF8|XS,S,M|kids,cotton|A soft tee for the youngest channel owners, with a big play button that glows in the dark.
hoodies|Cutting Room Hoodie|5900|-|40|unisex|#1C252E,#6B7280|S,M,L,XL,XXL|hoodie,fleece,bestseller|Midweight brushed fleece, a double-layer hood and a kangaroo pocket big enough for a phone and a snack.
hoodies|Premiere Night Zip Hoodie|6900|5500|22|women|#7C3AED,#1C252E|XS,S,M,L|hoodie,zip|A cropped zip hoodie in deep violet with a satin-lined hood, made for the red carpet of your living room.
hoodies|Render Farm Hoodie|6400|-|3|men|#B91C1C|M,L,XL,XXL|hoodie,heavyweight|Our heaviest hoodie, 450 g fleece that keeps you warm while the exports run overnight.
hoodies|Chapter Marker Crewneck|4900|-|35|unisex|#F4F4F5,#00A76F|S,M,L,XL|sweatshirt,cotton|A clean crewneck sweatshirt with small chapter ticks stitched along the left sleeve.
hoodies|Tiny Editor Hoodie|3900|3200|0|kids|#F59E0B|XS,S,M|kids,hoodie|Warm, tough and machine washable, for editors who are four feet tall.
caps|Play Button Cap|2200|-|90|unisex|#1C252E,#B91C1C,#FFFFFF|One size|cap,embroidered,bestseller|A six-panel cotton cap with an embroidered play mark and an adjustable brass buckle.
caps|Subscriber Snapback|2600|1900|48|men|#00A76F|One size|cap,snapback|A flat-brim snapback in studio green. Thank you for subscribing.
caps|Golden Hour Dad Hat|2400|-|6|women|#F59E0B,#F4F4F5|One size|cap,washed|Garment-washed twill in the colour of the light every cinematographer waits for.
caps|Thumbnail Beanie|2000|-|70|unisex|#1E3A8A,#6B7280|One size|beanie,winter|A ribbed beanie that keeps your head warm while you redo the thumbnail one more time.
mugs|Clipdeck Studio Mug|1600|-|150|unisex|#FFFFFF,#1C252E|-|mug,ceramic,bestseller|A 350 ml ceramic mug with the play mark on both sides. Dishwasher and microwave safe.
mugs|Raw Footage Mug|1800|1400|60|unisex|#1C252E|-|mug,ceramic|Matte black outside, glossy inside, for coffee as strong as unedited footage.
mugs|Upload Complete Mug|1600|-|4|unisex|#00A76F|-|mug,ceramic|The best two words in the world, fired into glaze. A gift for anyone on slow Wi-Fi.
mugs|Colour Grade Travel Mug|2900|-|35|unisex|#B91C1C,#38BDF8|-|mug,travel,insulated|A double-walled steel travel mug that keeps drinks hot for six hours, or one long render.
mugs|Timeline Espresso Cup|1200|-|25|unisex|#F4F4F5|-|cup,espresso|A small cup with a timeline running around it: cut, trim, ripple delete.
posters|Behind the Scenes Poster|2000|-|80|unisex|#B91C1C,#1C252E|A3,A2|poster,print|A bold screen-printed poster of our studio floor plan, on 200 g recycled matt paper.
posters|Season One Poster|2400|1800|40|unisex|#1E3A8A|A3,A2|poster,retro|A retro-style one-sheet for the first season of the channel, with every episode title in the credits block.
posters|Storyboard Grid Poster|2200|-|2|unisex|#F4F4F5|A3,A2|poster,storyboard|A blank nine-panel storyboard grid, printed large: plan your next video on the wall.
posters|Golden Ratio Poster|2600|-|30|unisex|#F59E0B|A2|poster,design|The golden spiral laid over a classic film frame, for people who like their compositions balanced.
posters|Cinema Noir Poster|2400|-|0|unisex|#111827|A3,A2|poster,noir|Black on blacker: a noir poster printed with a gloss varnish that only shows at an angle.
prints|Sunrise Timelapse Print|4500|-|25|unisex|#F59E0B,#38BDF8|A4,A3|print,photo,framed|A giclée print of the sunrise timelapse from episode twelve, in an oak frame with a white mat.
prints|Mountain Drone Print|4900|3900|15|unisex|#00A76F|A3|print,photo,framed|Shot from four hundred feet over the Dolomites and printed on cotton rag paper.
prints|City Lights Print|4500|-|9|unisex|#1E3A8A|A4,A3|print,night,framed|Long-exposure traffic trails over the river, framed in black ash.
prints|Studio Plant Print|3500|-|20|unisex|#00A76F,#F4F4F5|A4|print,botanical|A quiet botanical study of the fern that has been in the background of every video since 2019.
stickers|Play Mark Sticker Pack|800|-|400|unisex|#B91C1C,#1C252E,#FFFFFF|-|stickers,vinyl,bestseller|Six die-cut vinyl stickers in three colours. Weatherproof, for laptops, cases and water bottles.
stickers|Holographic Logo Sticker|500|-|300|unisex|#7C3AED|-|sticker,holographic|A holographic play mark that shifts from violet to teal as you tilt it.
stickers|Recording Light Sticker|400|300|220|unisex|#B91C1C|-|sticker,vinyl|A round red REC sticker for the door of your recording room.
stickers|Editor Badge Sticker Set|900|-|5|unisex|#00A76F,#F59E0B|-|stickers,badges|Eight merit badges for editors: first upload, first thousand, survived a corrupt project file and more.
accessories|Creator Tote Bag|2200|-|75|unisex|#F4F4F5,#1C252E|-|tote,canvas|A heavy canvas tote that carries a laptop, a light stand and lunch.
accessories|Lens Cloth Set|1200|900|140|unisex|#38BDF8|-|lens,cleaning|Three microfibre cloths printed with the play mark, for lenses, screens and glasses.
accessories|Cable Organiser Roll|2800|-|18|unisex|#6B7280|-|travel,organiser|A waxed canvas roll with elastic loops for cables, cards and chargers.
accessories|draft:Limited Anniversary Pin|1500|-|50|unisex|#F59E0B|-|pin,enamel,limited|A hard enamel pin for the channel's fifth anniversary, numbered, in a gift card.
hoodies|draft:Winter Drop Puffer Vest|8900|-|12|unisex|#1C252E|S,M,L,XL|vest,winter|A lightweight recycled puffer vest coming with the winter collection.
`;

export interface CatalogueEntry {
  category: ProductCategory;
  name: string;
  price: number;
  priceSale: number | null;
  stock: number;
  gender: ProductGender;
  colors: string[];
  sizes: string[];
  tags: string[];
  text: string;
  published: boolean;
}

const list = (cell: string) => (cell === '-' ? [] : cell.split(',').map((v) => v.trim()));

export const SHOP_CATALOGUE: CatalogueEntry[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [category, name, price, sale, stock, gender, colors, sizes, tags, text] = line.split('|');
    const draft = name!.startsWith('draft:');
    return {
      category: category as ProductCategory,
      name: draft ? name!.slice('draft:'.length) : name!,
      price: Number(price),
      priceSale: sale === '-' ? null : Number(sale),
      stock: Number(stock),
      gender: gender as ProductGender,
      colors: list(colors!),
      sizes: list(sizes!),
      tags: list(tags!),
      text: text!,
      published: !draft,
    };
  });

/** A short care or detail list per category, under the description. */
export const DETAILS: Record<ProductCategory, string[]> = {
  shirts: ['Organic cotton', 'Machine wash cold, inside out', 'Printed in Lisbon'],
  hoodies: ['Brushed fleece', 'Machine wash at 30 °C', 'Ethically made in Porto'],
  caps: ['Adjustable fit', 'Spot clean only', 'Embroidered in house'],
  mugs: ['Dishwasher safe', 'Microwave safe', 'Lead-free glaze'],
  posters: ['Recycled paper', 'Shipped rolled in a tube', 'Frame not included'],
  prints: ['Archival inks', 'Ready to hang', 'Signed on the back'],
  stickers: ['Waterproof vinyl', 'UV-resistant inks', 'Leaves no residue'],
  accessories: ['Built to last', 'Lifetime repairs', 'Plastic-free packaging'],
};
