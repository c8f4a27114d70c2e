export { contentReads, type ReadModule } from './reads.table.ts';
export { createReadsService, readMarkJoin, readMarkJoinFor, unread, unreadProbe, type ReadsService } from './reads.service.ts';
