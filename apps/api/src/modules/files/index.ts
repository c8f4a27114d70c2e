export { files, fileTickets } from './files.table.ts';
export { createFilesService, fileUrl, optionalFileUrl, safeFilename, type FileGrant, type FileOwnerCheck, type FileRow, type FilesService, type NewFile } from './files.service.ts';
export { createLocalStorage, readAll, type FileStorage } from './storage.ts';
export { imageSize } from './image-size.ts';
export { filesRoutes } from './files.routes.ts';
