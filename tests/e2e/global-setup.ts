// Before the browser tests: the two DATA_DIR templates startServer copies (support.ts,
// templateDir): one migrated and empty, one with the demo seeded. Each is made by a real server
// start, stopped gracefully, then renamed into place, so a half-made template is never used.
// Kept in .tmp/e2e-templates for later runs of the same code on the same day; older ones go.
import fs from 'node:fs';
import path from 'node:path';

import { startServer, TEMPLATES, templateDir } from './support.ts';

export default async function setup(): Promise<void> {
  fs.mkdirSync(TEMPLATES, { recursive: true });
  const wanted = [templateDir(false), templateDir(true)];
  for (const old of fs.readdirSync(TEMPLATES)) {
    const full = path.join(TEMPLATES, old);
    // (a template another run on this machine is still making is that run's)
    const maker = Number(/\.building-(\d+)$/.exec(old)?.[1]);
    if (maker && maker !== process.pid && isRunning(maker)) continue;
    if (!wanted.includes(full)) fs.rmSync(full, { recursive: true, force: true });
  }
  // both at once: two server processes, one per core (the demo's seeding is most of the time)
  await Promise.all(
    wanted.map(async (target, i) => {
      if (fs.existsSync(target)) return;
      const started = Date.now();
      const building = `${target}.building-${process.pid}`;
      fs.rmSync(building, { recursive: true, force: true });
      fs.mkdirSync(building);
      const server = await startServer({ dataDir: building, seed: i === 1, startTimeoutMs: 900_000 });
      await server.stop();
      try {
        fs.renameSync(building, target);
      } catch (error) {
        // another run on this machine made the same template first: theirs serves
        if (!fs.existsSync(target)) throw error;
        fs.rmSync(building, { recursive: true, force: true });
      }
      console.log(`e2e data template ${path.basename(target)} made in ${Date.now() - started} ms`);
    }),
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
