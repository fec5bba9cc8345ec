/** The part of s3rver (a local S3 server, untyped) the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
