// Which S3-compatible store to use, from S3_URL or the S3_* parts. S3_URL carries everything
// in one value: `https://KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-west-1`; the parts
// override it one by one. Without either, files stay on the local disk.
import type { Env } from '../env.ts';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  /** key prefix inside the bucket, '' or ending in '/' */
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

type S3Env = Pick<
  Env,
  | 'S3_URL'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_REGION'
  | 'S3_FORCE_PATH_STYLE'
>;

export function s3Settings(env: S3Env): S3Settings | null {
  if (!env.S3_URL && !env.S3_ENDPOINT && !env.S3_BUCKET) return null;
  let endpoint = env.S3_ENDPOINT;
  let bucket = env.S3_BUCKET;
  let prefix = '';
  let accessKeyId = env.S3_ACCESS_KEY_ID;
  let secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  let region = env.S3_REGION;
  let pathStyle: string | undefined = env.S3_FORCE_PATH_STYLE;
  if (env.S3_URL) {
    const url = new URL(env.S3_URL);
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 's3:') {
      throw new Error('S3_URL: must be an http(s):// or s3:// URL');
    }
    const [first, ...rest] = url.pathname.split('/').filter(Boolean);
    if (url.protocol === 's3:') bucket ??= url.hostname;
    else {
      endpoint ??= `${url.protocol}//${url.host}`;
      bucket ??= first;
      if (rest.length) prefix = `${rest.join('/')}/`;
    }
    accessKeyId ??= url.username ? decodeURIComponent(url.username) : undefined;
    secretAccessKey ??= url.password ? decodeURIComponent(url.password) : undefined;
    region ??= url.searchParams.get('region') ?? undefined;
    pathStyle ??= url.searchParams.get('forcePathStyle') ?? undefined;
  }
  if (!bucket) throw new Error('S3_BUCKET: name the bucket (or put it in the path of S3_URL)');
  const isAws = !endpoint || /amazonaws\.com$/.test(new URL(endpoint).hostname);
  return {
    endpoint,
    region: region ?? 'us-east-1',
    bucket,
    prefix,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : !isAws,
  };
}
