// The server's folder (`server/`), for the files it reads beside its code: migrations, the
// embedding worker, the app's locale strings. Found from this module's own place, which is one
// level below it both when the server runs from source (`server/lib/`, tsx) and from the
// bundle `npm start` builds (`server/.build/index.mjs`, scripts/build-server.mjs).
import path from 'node:path';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
