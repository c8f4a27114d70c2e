/** The part of s3rver's API the tests use (the package ships no types). */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    /** 0 picks a free port. */
    port?: number;
    /** Where the buckets are kept on disk. */
    directory: string;
    silent?: boolean;
    /** Buckets made at start; `configs` are bucket configuration documents (CORS, website). */
    configureBuckets?: Array<{ name: string; configs?: string[] }>;
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
