export { formEntries, formEntryEvents, formFiles, formMenus, formPhotos, forms, type StoredSignature } from './form-engine.table.ts';
export { actorOf, asFormNotFound, contactLines, createFormEngine, dataUrlBytes, fullAddress, ownerOf, type EntryContext, type FormCaller, type FormEngine } from './form-engine.service.ts';
export * from './form-engine.repository.ts';
export type { SummarySignature } from './form-summary.pdf.ts';
export * from './form-signers.ts';
export { formNoteMail } from './form-mail.ts';
export * from './address-access.ts';
