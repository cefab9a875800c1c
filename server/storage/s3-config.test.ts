import { describe, expect, it } from 'vitest';

import { s3Settings } from './s3-config.ts';

describe('S3 settings', () => {
  it('leaves files on the disk when nothing names a store', () => {
    expect(s3Settings({})).toBeNull();
  });

  it('reads everything from S3_URL', () => {
    expect(
      s3Settings({
        S3_URL: 'http://key%2Fid:s%40cret@127.0.0.1:9000/media/clipdeck?region=eu-west-3',
      }),
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      bucket: 'media',
      prefix: 'clipdeck/',
      accessKeyId: 'key/id',
      secretAccessKey: 's@cret',
      forcePathStyle: true,
    });
  });

  it('takes the parts, with virtual-host style on AWS itself', () => {
    const settings = s3Settings({
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
      S3_REGION: 'eu-west-1',
    });
    expect(settings).toMatchObject({ bucket: 'files', region: 'eu-west-1', forcePathStyle: false });
  });

  it('refuses a store without a bucket', () => {
    expect(() => s3Settings({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  });
});
