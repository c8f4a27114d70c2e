export { contentReads, type ReadModule } from './reads.table.ts';
export { createReadsService, readMarkJoin, readMarkJoinFor, unread, type ReadsService } from './reads.service.ts';
