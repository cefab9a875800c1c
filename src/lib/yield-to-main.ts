/** Ends the current task and resumes in a new one (the browser may paint and handle input in
 *  between): `scheduler.yield()` where the browser has it, else a zero timeout. A long start-up
 *  cut at its phases is several short tasks instead of one that blocks a phone's main thread. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
