export { files, fileTickets } from './files.table.ts';
export { createFilesService, fileUrl, optionalFileUrl, safeFilename, type FileGrant, type FileOwnerCheck, type FileRow, type FilesService, type NewFile } from './files.service.ts';
export { createLocalStorage, readAll, type FileStorage } from './storage.ts';
export { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
export { imageSize } from './image-size.ts';
export { createFileLinks, signLinksIn, type FileLinkClaims, type FileLinks } from './file-links.ts';
export { filesRoutes, registerFileLinkSigning } from './files.routes.ts';
export { IMAGE_MAX_SIDE, processImage, readImageUpload, sendStoredFile, sniffImageType, type ImageTexts, type ProcessedImage } from './image-upload.ts';
export { checkDocument, readDocumentForm, sniffDocumentType, type DocumentUploadTexts, type UploadedDocument } from './file-upload.ts';
