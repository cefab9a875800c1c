// The public pages' calls, open to anyone: the configuration the pages show, the contact form,
// the launch list of /coming-soon and the plan checkout of /payment (server/public/
// visitor-requests.ts holds what each stores and how often it may be called).
import { Hono } from 'hono';

import type { AppEnv } from '../context.ts';
import {
  contactInputSchema,
  launchSignupSchema,
  planIntentSchema,
  type PublicConfig,
} from '../contracts/public.ts';
import { parseJson } from '../lib/errors.ts';
import { launchDate } from '../public/launch-date.ts';
import {
  joinLaunchList,
  recordPlanIntent,
  sendContactMessage,
} from '../public/visitor-requests.ts';

export const publicRoutes = new Hono<AppEnv>();

publicRoutes.get('/config', (c) => {
  const { env } = c.var.deps;
  const config: PublicConfig = {
    helpEmail: env.HELP_EMAIL,
    launchAt: launchDate(env.LAUNCH_AT).toISOString(),
  };
  c.header('Cache-Control', 'no-cache');
  return c.json(config);
});

publicRoutes.post('/contact', async (c) => {
  const input = await parseJson(c, contactInputSchema);
  return c.json(await sendContactMessage(c.var.deps, input, c.var.clientIp), 201);
});

publicRoutes.post('/notify', async (c) => {
  const input = await parseJson(c, launchSignupSchema);
  return c.json(await joinLaunchList(c.var.deps, input, c.var.clientIp), 201);
});

publicRoutes.post('/plan-intents', async (c) => {
  const input = await parseJson(c, planIntentSchema);
  return c.json(await recordPlanIntent(c.var.deps, input, c.var.clientIp), 201);
});
