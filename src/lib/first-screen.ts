// A page's first-screen data, fetched by its route's loader while the page's code downloads
// (src/app/router.tsx), so that the page's first render already holds it: that render is
// sliced into short tasks by React (it runs in the router's transition), while data arriving
// after the page has rendered re-renders it in one long task (a query's answer is an external
// store's update, which React renders synchronously). A slow or failed answer does not hold
// the page back longer than FIRST_SCREEN_WAIT_MS: it renders its own loading or error state.
const FIRST_SCREEN_WAIT_MS = 1500;

export async function fetchFirstScreen(...reads: Promise<unknown>[]): Promise<null> {
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  await Promise.race([Promise.allSettled(reads), waited]);
  return null;
}
