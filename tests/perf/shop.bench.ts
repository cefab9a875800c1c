// `npm run bench:shop`: the shop's API latency with 5,000 products, through the real app
// (`app.request`: routing, auth, validation and serialisation included; no sockets) on a
// PGlite stored on disk as `npm start` uses it.
//  - the demo shop seed (pictures drawn, catalogue, reviews, orders): its time;
//  - GET /api/products, the plain call (the whole published list, ~4,500 products) and a
//    filtered, sorted page (categories, colour, price range, rating, priceAsc, page 2 of 24);
//  - POST /api/orders: two lines, a discount code, stock taken, the confirmation mail written.
// Prints p50/p95 per call; asserts nothing. Run: npm run bench:shop [-- products]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import { createApp } from '../../server/app.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import type { AppDeps } from '../../server/context.ts';
import { PRODUCT_CATEGORIES, PRODUCT_GENDERS } from '../../server/contracts/shop.ts';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { loadEnv } from '../../server/env.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createMemoryMailer } from '../../server/mailer/mailer.ts';
import { seedShop } from '../../server/seed/shop.ts';
import { orderInput } from '../../server/shop/testing/fixtures.ts';

const PRODUCTS = Number(process.argv[2] ?? 5_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-shopbench-'));
const env = loadEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_REQUESTS: 'false',
  EMBEDDINGS: 'off',
});
const database = await openDatabase({ dataDir: env.dataDir });
const tokens = createTokenService({
  secret: env.JWT_SECRET!,
  issuer: env.JWT_ISSUER,
  audience: env.JWT_AUDIENCE,
  ttlSeconds: env.JWT_TTL,
});
const deps: AppDeps = {
  database,
  env,
  mailer: createMemoryMailer(),
  tokens,
  log: createLogger(false),
};
const app = createApp(deps);
const db = database.db;

async function user(key: string, role: 'admin' | 'user') {
  const email = `${key}@bench.example`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      username: email,
      firstName: key,
      lastName: 'Bench',
      slug: `bench-${key}`,
      role,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    })
    .returning();
  return { row: row!, token: await tokens.sign({ id: row!.id, role }) };
}
const buyer = await user('buyer', 'user');
const people = { demo: buyer.row, admin: (await user('admin', 'admin')).row };

// ---- the demo seed -------------------------------------------------------------------------
let at = performance.now();
await seedShop(deps, people);
const seedMs = performance.now() - at;

// ---- 5,000 products ------------------------------------------------------------------------
at = performance.now();
const cats = `{${PRODUCT_CATEGORIES.join(',')}}`;
const genders = `{${PRODUCT_GENDERS.join(',')}}`;
const image = '/api/products/images/' + 'a'.repeat(64) + '.png';
await db.execute(sql`
  insert into products (name, slug, description, search_text, images, price, price_sale, colors,
    sizes, category, gender, tags, stock, published, rating_sum, rating_count, sold, created_at)
  select 'Bench product ' || g, 'bench-product-' || g,
    '<p>A product made for the benchmark, number ' || g || '.</p><ul><li>Organic</li></ul>',
    'bench product ' || g, array[${image}], 500 + (g * 37) % 9500,
    case when g % 5 = 0 then 400 + (g * 37) % 9000 / 2 else null end,
    array[(array['#000000','#FFFFFF','#B91C1C','#00A76F','#1E3A8A'])[1 + g % 5]],
    array['S','M','L'], (${cats}::text[])[1 + g % 8], (${genders}::text[])[1 + g % 4],
    array['bench'], 1000000, g % 10 <> 0, (g % 5 + 1) * 3, 3, g % 97,
    now() - make_interval(mins => g)
  from generate_series(1, ${PRODUCTS}) g`);
const loadMs = performance.now() - at;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(
  label: string,
  runs: number,
  call: (i: number) => Promise<Response>,
  expect: number,
) {
  for (let i = 0; i < 3; i += 1) await (await call(-1 - i)).arrayBuffer();
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const res = await call(i);
    const body = await res.arrayBuffer();
    ms.push(performance.now() - started);
    bytes = body.byteLength;
    if (res.status !== expect)
      throw new Error(`${label}: ${res.status} ${Buffer.from(body).toString()}`);
  }
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(46)} p50 ${f(percentile(ms, 50))} ms  p95 ${f(percentile(ms, 95))} ms  (${runs} runs, ${(bytes / 1024).toFixed(0)} KB)`,
  );
}

const get = (url: string) => () => Promise.resolve(app.request(url));
console.log(`shop bench: ${PRODUCTS} products + the demo shop, PGlite on disk`);
console.log(`seedShop (pictures, catalogue, reviews, orders)  ${seedMs.toFixed(0)} ms`);
console.log(`load ${PRODUCTS} products                          ${loadMs.toFixed(0)} ms`);
await time('GET /api/products (plain list)', 30, get('/api/products'), 200);
await time(
  'GET /api/products (filtered, sorted, page 2)',
  200,
  get(
    '/api/products?category=mugs&category=caps,shirts&color=%23B91C1C&priceMin=1000&priceMax=8000&rating=3&sort=priceAsc&page=2&pageSize=24',
  ),
  200,
);
await time(
  'GET /api/products?q=product 42&sort=newest&page=1',
  200,
  get('/api/products?q=product%2042&sort=newest&page=1'),
  200,
);
const [tee, mug] = (
  (await db.execute(
    sql`select id from products where published order by created_at desc limit 2`,
  )) as unknown as {
    rows: { id: string }[];
  }
).rows;
const body = JSON.stringify(
  orderInput(
    [
      { id: tee!.id, quantity: 1 },
      { id: mug!.id, quantity: 2 },
    ],
    { discountCode: 'WELCOME10' },
  ),
);
await time(
  'POST /api/orders (2 lines, code, mail)',
  200,
  () =>
    Promise.resolve(
      app.request('/api/orders', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${buyer.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body,
      }),
    ),
  201,
);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
