// An S3-compatible server for tests and benchmarks: s3rver from npm on a free loopback port,
// its objects in a temporary folder that goes when it closes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

export interface S3TestServer {
  /** an S3_URL naming the server, its test credentials and a bucket made for this run */
  url: string;
  close: () => Promise<void>;
}

export async function startS3TestServer(bucket = 'clipdeck-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1`,
    close: async () => {
      // the SDK keeps connections alive; close them so the server stops at once
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
