// Demo data on first start. Every seeder is idempotent (it checks before it writes), so a
// restart or a second API process seeding at the same time leaves one copy. Each feature
// adds its seeder here.
import type { AppDeps } from '../context.ts';
import { seedBlog } from './blog.ts';
import { seedBooking } from './booking.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedChat } from './chat.ts';
import { ensureDemoUsers } from './demo-users.ts';
import { seedInvoices } from './invoices.ts';
import { seedMail } from './mail.ts';
import { seedPlanner } from './planner.ts';
import { seedShop } from './shop.ts';

export async function seedDemo(deps: AppDeps): Promise<void> {
  const started = Date.now();
  const demoUsers = await ensureDemoUsers(deps.database.db);
  void demoUsers;
  await seedMail(deps, demoUsers);
  await seedChat(deps, demoUsers);
  await seedPlanner(deps, demoUsers);
  await seedBlog(deps, demoUsers);
  await seedShop(deps, demoUsers);
  await seedInvoices(deps, demoUsers);
  await seedBooking(deps, demoUsers);
  await seedCatalogue(deps);
  deps.log.info('demo data ready', { ms: Date.now() - started });
}
