// Types of build-server.mjs for the TypeScript that imports it (tests/e2e/support.ts).
export const SERVER_BUNDLE: string;
export function buildServer(): Promise<number>;
export function ensureServerBundle(): Promise<boolean>;
